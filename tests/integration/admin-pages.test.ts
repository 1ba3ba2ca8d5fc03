import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { PASSWORD, type TestAccount } from "../support/factories";
import { startSite, type Client, type Site } from "../support/site";

const people = translation.people;
const log = translation.adminLog;
const PEOPLE = "/dashboard/admin/brugere";
const LOG = "/dashboard/admin/log";

/**
 * The admin area's people pages and log as a browser without JavaScript meets them: the search,
 * a person's page, a role change and a block by form post, what a block does to the person's
 * session and sign-in, and the log with its filters. Who may open them: access.test.ts. The rules
 * themselves on both databases: admin-log.test.ts.
 */
describe("the people pages and the admin log", () => {
  let site: Site;
  let admin: { account: TestAccount; client: Client };
  let member: { account: TestAccount; client: Client };

  beforeAll(async () => {
    site = await startSite();
    [admin, member] = await Promise.all([site.signedIn({ name: "Anders Admin", admin: true }), site.signedIn({ name: "Mette Medlem" })]);
  });

  afterAll(async () => {
    await site?.close();
  });

  const personPage = (id: string) => `${PEOPLE}/${id}`;
  const title = (html: { one(selector: string): { text: string } | null }) => html.one("title")?.text;

  test("lists people newest first and finds one by part of the name or address", async () => {
    const all = await admin.client.get(PEOPLE);
    expect(all.status).toBe(200);
    expect(all.headers.get("cache-control")).toBe("private, no-store");
    expect(all.html.h1s()).toEqual([people.heading]);
    expect(all.html.link("Mette Medlem")).toBe(personPage(member.account.id));

    const found = await admin.client.get(`${PEOPLE}?q=${encodeURIComponent(member.account.email.slice(0, 12).toUpperCase())}`);
    expect(found.html.statuses()).toContain(people.count.one);
    expect(found.html.link("Mette Medlem")).toBe(personPage(member.account.id));
    expect(found.html.link("Anders Admin")).toBeNull();
    expect(found.html.value("q")).toBe(member.account.email.slice(0, 12).toUpperCase());
    expect(title(found.html)).not.toBe(title(all.html));

    const none = await admin.client.get(`${PEOPLE}?q=ingen-hedder-sadan`);
    expect(none.html.statuses()).toContain(people.count.noMatch.replace("{{query}}", "ingen-hedder-sadan"));
    expect((await admin.client.get(`${PEOPLE}?side=99`)).status).toBe(404);
    expect((await admin.client.get(`${PEOPLE}?side=nul`)).status).toBe(404);
  });

  test("a person's page shows their facts and roles; an unknown id is 404", async () => {
    const page = await admin.client.get(personPage(member.account.id));
    expect(page.status).toBe(200);
    expect(page.html.h1s()).toEqual(["Mette Medlem"]);
    expect(page.html.text()).toContain(member.account.email);
    expect(page.html.text()).toContain(people.person.markets.none);
    expect(page.html.field(people.role.label).tagName).toBe("SELECT");
    expect((await admin.client.get(`${PEOPLE}/7d7c1a52-2f3e-4d3b-9a43-1f7c3c1f2b10`)).status).toBe(404);
    expect((await admin.client.get(`${PEOPLE}/ikke-et-id`)).status).toBe(404);
  });

  test("a role change without a reason keeps the choice and says what is missing; with one it is made and logged", async () => {
    const person = await site.signedIn({ name: "Rikke Rolle" });
    const page = personPage(person.account.id);
    const missing = await admin.client.post(page, { intent: "role", role: "organizer", reason: " " });
    expect(missing.status).toBe(400);
    expect(missing.html.fieldMessage("rolle-reason")).toBe(people.role.reasonRequired);
    expect(missing.html.value("rolle-role")).toBe("organizer");

    const { answer, page: after } = await admin.client.submit(page, { intent: "role", role: "organizer", reason: "Står for tre markeder" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(page);
    expect(after.html.toasts().map((toast) => toast.title)).toEqual([people.role.changed]);
    expect(after.html.text()).toContain(people.roles.organizer);
    expect(after.html.text()).toContain("Står for tre markeder");

    const logged = await admin.client.get(`${LOG}?handling=user.role&gaelder=user:${person.account.id}`);
    expect(logged.html.statuses()).toContain(log.count.one);
    expect(logged.html.text()).toContain(`${log.change.role}: ${people.roles.visitor} → ${people.roles.organizer}`);
  });

  test("an admin cannot demote or block themselves, and is told why", async () => {
    const page = personPage(admin.account.id);
    const demote = await admin.client.post(page, { intent: "role", role: "visitor", reason: "Jeg vil ikke mere" });
    expect(demote.status).toBe(409);
    expect(demote.html.fieldMessage("rolle-role")).toBe(people.role.self);
    const block = await admin.client.post(page, { intent: "block", reason: "Prøver" });
    expect(block.status).toBe(409);
    expect(block.html.alerts()).toContain(people.block.self);
    expect((await admin.client.get(page)).html.text()).toContain(people.roles.admin);
  });

  test("an address in ADMIN_EMAILS is shown as such, and its admin role cannot be taken here", async () => {
    const listedSite = await startSite({ env: { ADMIN_EMAILS: "liste@example.dk" } });
    try {
      const [boss, listed] = await Promise.all([listedSite.signedIn({ admin: true }), listedSite.signedIn({ name: "Liste Lis", email: "liste@example.dk", admin: true })]);
      const page = `${PEOPLE}/${listed.account.id}`;
      expect((await boss.client.get(page)).html.text()).toContain(people.person.listedAdmin);
      const refused = await boss.client.post(page, { intent: "role", role: "seller", reason: "Skal ikke være admin" });
      expect(refused.status).toBe(409);
      expect(refused.html.fieldMessage("rolle-role")).toBe(people.role.listedAdmin.replace("{{email}}", "liste@example.dk"));
    } finally {
      await listedSite.close();
    }
  });

  test("a block ends the person's session at their next request and refuses their sign-in in Danish, until it is lifted", async () => {
    const person = await site.signedIn({ name: "Bo Blokeret" });
    const otherBrowser = site.client(person.account.cookies);
    expect((await otherBrowser.get("/dashboard")).status).toBe(200);

    const missing = await admin.client.post(personPage(person.account.id), { intent: "block", reason: "" });
    expect(missing.status).toBe(400);
    expect(missing.html.fieldMessage("spaerring-reason")).toBe(people.role.reasonRequired);

    const { answer, page } = await admin.client.submit(personPage(person.account.id), { intent: "block", reason: "Falske markeder" });
    expect(answer.status).toBe(303);
    expect(page.html.toasts().map((toast) => toast.title)).toEqual([people.block.done.replace("{{name}}", "Bo Blokeret")]);
    expect(page.html.text()).toContain("Falske markeder");

    const next = await otherBrowser.get("/dashboard");
    expect(next.status).toBe(302);
    expect(next.location).toBe("/sign-in?next=%2Fdashboard");
    // Nor can they write: a post is sent to sign in like a visitor's.
    expect((await otherBrowser.post("/dashboard/indstillinger", { intent: "name", name: "Nyt navn" })).status).toBe(302);

    const signIn = await site.client().post("/sign-in", { intent: "sign-in", email: person.account.email, password: PASSWORD, next: "/dashboard" });
    expect(signIn.status).toBe(403);
    expect(signIn.html.alerts().join(" ")).toContain(translation.auth.signIn.errors.blocked);
    expect(signIn.setCookies.some((cookie) => cookie.includes("session_token=") && !cookie.includes("Max-Age=0"))).toBe(false);
    // Someone who guesses the password wrong learns nothing about the block.
    const wrong = await site.client().post("/sign-in", { intent: "sign-in", email: person.account.email, password: "forkert-kode", next: "/dashboard" });
    expect(wrong.html.alerts().join(" ")).not.toContain(translation.auth.signIn.errors.blocked);

    expect((await admin.client.post(personPage(person.account.id), { intent: "unblock", reason: "Fejl" })).status).toBe(303);
    const again = await site.client().post("/sign-in", { intent: "sign-in", email: person.account.email, password: PASSWORD, next: "/dashboard" });
    expect(again.status).toBe(303);

    const entries = await admin.client.get(`${LOG}?gaelder=user:${person.account.id}`);
    expect(entries.html.text()).toContain(log.kinds.userBlock);
    expect(entries.html.text()).toContain(log.kinds.userUnblock);
  });

  test("the log narrows by kind, by who did it and by kind of target, each with its own title", async () => {
    const all = await admin.client.get(LOG);
    expect(all.status).toBe(200);
    expect(all.html.h1s()).toEqual([log.heading]);
    const byKind = await admin.client.get(`${LOG}?handling=user.block`);
    expect(byKind.html.value("handling")).toBe("user.block");
    const kinds = byKind.html.all(`ol[aria-label="${log.tableLabel}"] > li > p > span:first-child`).map((element) => element.text);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set([log.kinds.userBlock]));
    expect(title(byKind.html)).not.toBe(title(all.html));
    const byActor = await admin.client.get(`${LOG}?af=${admin.account.id}&gaelder=market`);
    expect(byActor.html.statuses()).toContain(log.count.noneFiltered);
    // What it cannot read is left out, never an error.
    expect((await admin.client.get(`${LOG}?handling=slet-alt&af=x&gaelder=planet:1`)).status).toBe(200);
    // The log is kept: nothing posts to it.
    expect((await admin.client.post(LOG, { intent: "delete" })).status).toBe(405);
    expect((await member.client.get(LOG)).status).toBe(403);
  });
});
