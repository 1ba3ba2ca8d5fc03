import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { landingPath } from "../../app/landing/paths";
import { locationForPostalCode } from "../../app/landing/location-for-postal-code";
import { marketTypeInfo } from "../../app/markets/market-types";
import { readStoredMarket } from "../../app/revisions/revisions.server";
import { snapshotOf } from "../../app/revisions/snapshot";
import { CORRECTION_FIELDS } from "../../app/review/review-form-fields";
import { editMarket, submitMarket } from "../../app/revisions/send.server";
import { createTestMarket, createUser, marketInput, type TestAccount, type TestUser } from "../support/factories";
import { startSite, type Client, type Site, type SiteResponse } from "../support/site";

const { kind } = inject("testDatabase");
const texts = translation.admin.review;
const QUEUE = "/dashboard/admin/godkendelser";

/**
 * The admin area's front page and the review queue at the level of requests, as a browser without
 * JavaScript meets them: who may open and post, what an approval publishes (everywhere at once,
 * also past the page cache), what a rejection tells the organiser, and the answers to stale and
 * unknown items. The queue's reading on its own: review-queue.test.ts.
 */
describe(`the review pages on ${kind}`, () => {
  let site: Site;
  let admin: { account: TestAccount; client: Client };
  let member: { account: TestAccount; client: Client };
  let organiser: TestUser;

  beforeAll(async () => {
    // The page cache on, as in production: an approval must reach pages it already holds.
    site = await startSite({ env: { PAGE_CACHE_MB: "8" } });
    [admin, member, organiser] = await Promise.all([
      site.signedIn({ name: "Anders Admin", admin: true }),
      site.signedIn({ name: "Mette Medlem" }),
      createUser(site.database, { name: "Olga Arrangør" }),
    ]);
  });

  afterAll(async () => {
    await site?.close();
  });

  /** A market sent by the organiser (a visitor: it waits); its revision's id, for the item page. */
  async function submission(fields: Record<string, unknown>) {
    const content = snapshotOf(await marketInput(fields));
    const { id, slug } = await submitMarket(site.database.db, { id: organiser.id, roles: ["visitor"] }, content);
    return { marketId: id, slug, name: content.name, revisionId: await pendingRevision(id) };
  }

  async function pendingRevision(marketId: string): Promise<string> {
    const row = await site.database.db.selectFrom("market_revisions").select("id").where("market_id", "=", marketId).where("state", "=", "pending").executeTakeFirstOrThrow();
    return row.id;
  }

  const item = (revisionId: string) => `${QUEUE}/${revisionId}`;
  const anonymous = (path: string) => site.get(path, { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140" } });
  const toastTitles = (response: SiteResponse) => response.html.toasts().map((toast) => toast.title);

  /** The whole sitemap: /sitemap.xml, and its parts once it is an index. */
  async function sitemapText(): Promise<string> {
    const index = (await anonymous("/sitemap.xml")).text;
    const parts = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)].map((match) => match[1]!);
    return [index, ...(await Promise.all(parts.map(async (part) => (await anonymous(part)).text)))].join("\n");
  }

  test("a visitor is sent to sign in; a member gets 403 on the front page, the queue, an item and each action", async () => {
    const waiting = await submission({ name: "Lukket for medlemmer" });
    for (const path of ["/dashboard/admin", QUEUE, item(waiting.revisionId)]) {
      const asVisitor = await site.get(path);
      expect(asVisitor.status, path).toBe(302);
      expect(asVisitor.location, path).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
      expect((await member.client.get(path)).status, path).toBe(403);
    }
    const bodies: Record<string, string>[] = [
      { intent: "approve" },
      { intent: "reject", reason: "Nej" },
      { intent: "correct", name: "Overtaget", postalCode: "8000", city: "Aarhus" },
    ];
    for (const body of bodies) {
      expect((await member.client.post(item(waiting.revisionId), body)).status, body.intent).toBe(403);
      expect((await site.post(item(waiting.revisionId), body)).status, body.intent).toBe(302);
    }
    // The pages without forms refuse a post, but only after the guard.
    for (const path of ["/dashboard/admin", QUEUE]) {
      expect((await site.post(path, { intent: "approve" })).status, path).toBe(302);
      expect((await member.client.post(path, { intent: "approve" })).status, path).toBe(403);
      expect((await admin.client.post(path, { intent: "approve" })).status, path).toBe(405);
    }
    // Nothing was decided by them.
    expect((await readStoredMarket(site.database.db, waiting.marketId))?.status).toBe("pending");
  });

  test("an admin's menu and front page lead to the queue, with what waits and the markets by status", async () => {
    const page = await admin.client.get("/dashboard/admin");
    expect(page.status).toBe(200);
    expect(page.html.h1s()).toEqual([translation.admin.home.heading]);
    // The menu, the queues of new markets and of changes, and the button to the queue.
    expect(page.text.split(`href="${QUEUE}"`).length - 1).toBe(4);
    for (const other of ["/dashboard/admin/maalinger", "/dashboard/market-claims", "/dashboard/image-cleanup"]) expect(page.text).toContain(`href="${other}"`);
    const queues = page.html.region(translation.admin.home.queues.heading);
    expect(queues.text()).toMatch(new RegExp(`${translation.admin.home.queues.submissions}\\s*\\d+ · `));
    expect(page.html.region(translation.admin.home.statuses.heading).text()).toContain(translation.admin.home.statuses.published);
    // A member's menu has no such link.
    expect((await member.client.get("/dashboard")).text).not.toContain(`href="${QUEUE}"`);
  });

  test("the queue lists what waits with its sender and a warning for a market without coordinates; the item shows the page and the forms", async () => {
    const lost = await submission({ name: "Marked uden kort", latitude: undefined, longitude: undefined });
    const queue = await admin.client.get(QUEUE);
    expect(queue.status).toBe(200);
    expect(queue.html.h1s()).toEqual([texts.queue.heading]);
    expect(queue.html.link(lost.name)).toBe(item(lost.revisionId));
    expect(queue.text).toContain(organiser.email);
    expect(queue.text).toContain(texts.noCoordinates.title);

    const page = await admin.client.get(item(lost.revisionId));
    expect(page.status).toBe(200);
    expect(page.html.h1s()).toEqual([lost.name]);
    expect(page.text).toContain("Olga Arrangør");
    expect(page.html.text()).toContain(texts.noCoordinates.body);
    // The preview is the market page, its name a heading under the page's own.
    expect(
      page.html
        .region(texts.item.previewHeading)
        .all("h2")
        .map((heading) => heading.text),
    ).toContain(lost.name);
    expect(page.html.buttons()).toEqual(expect.arrayContaining([texts.approve.submitSubmission, texts.reject.submit, texts.correct.submit]));
    expect(page.html.value(page.html.field(texts.fields.name))).toBe(lost.name);
  });

  test("approving publishes the market at once on /register, its landing page, the map and the sitemap, past the page cache", async () => {
    const waiting = await submission({ name: "Havnens Søndagsloppe", latitude: "56,1501", longitude: "10,2101" });
    const landing = landingPath(marketTypeInfo("flea_market"), locationForPostalCode(8000));
    const markers = "/api/markers?s=56.14&w=10.19&n=56.16&e=10.23&z=14";
    const publicViews = async () => ({
      page: (await anonymous(`/markeder/${waiting.slug}`)).status,
      register: (await anonymous("/register")).text.includes(waiting.name),
      landing: (await anonymous(landing)).text.includes(waiting.name),
      markers: (await anonymous(markers)).text.includes(waiting.slug),
      sitemap: (await sitemapText()).includes(`/markeder/${waiting.slug}`),
    });
    // Asked for before, so the page cache and the snapshots hold the pages without it.
    expect(await publicViews()).toEqual({ page: 404, register: false, landing: false, markers: false, sitemap: false });
    expect((await anonymous("/register")).headers.get("x-page-cache")).toBe("hit");

    const { answer, page } = await admin.client.submit(item(waiting.revisionId), { intent: "approve" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${QUEUE}?afgjort=${waiting.revisionId}`);
    expect(toastTitles(page)).toEqual([texts.toast.approvedSubmission.replace("{{name}}", waiting.name)]);
    // The queue keeps the way to the market's public page after the toast has gone.
    expect(page.html.text()).toContain(texts.queue.justApproved.replace("{{name}}", waiting.name));
    expect(page.html.all(`main a[href="/markeder/${waiting.slug}"]`)).toHaveLength(1);
    expect(await publicViews()).toEqual({ page: 200, register: true, landing: true, markers: true, sitemap: true });

    const mail = await site.waitForMail(organiser.email);
    expect(mail.subject).toBe(texts.mail.approvedSubmission.subject.replace("{{name}}", waiting.name));
    expect(site.linkIn(mail, `/markeder/${waiting.slug}`)).toBe(`/markeder/${waiting.slug}`);
    expect(mail.html).toContain(`/markeder/${waiting.slug}`);
  });

  test("rejecting needs a reason: the message at the field, what was typed kept; with one, the organiser is mailed it", async () => {
    const waiting = await submission({ name: "Tvivlsomt marked" });
    const blank = await admin.client.post(item(waiting.revisionId), { intent: "reject", reason: "  " });
    expect(blank.status).toBe(400);
    expect(blank.html.fieldMessage(blank.html.field(texts.reject.reasonLabel))).toBe(texts.reject.reasonRequired);
    expect((await readStoredMarket(site.database.db, waiting.marketId))?.status).toBe("pending");

    const before = site.mailsTo(organiser.email).at(-1);
    const reason = "Adressen findes ikke.\n\nSkriv venligst den rigtige vej.";
    const { answer, page } = await admin.client.submit(item(waiting.revisionId), { intent: "reject", reason });
    expect(answer.status).toBe(303);
    expect(toastTitles(page)).toEqual([texts.toast.rejectedSubmission.replace("{{name}}", waiting.name)]);
    expect((await readStoredMarket(site.database.db, waiting.marketId))?.status).toBe("rejected");
    const mail = await site.waitForMail(organiser.email, { after: before });
    expect(mail.subject).toBe(texts.mail.rejectedSubmission.subject.replace("{{name}}", waiting.name));
    expect(mail.text).toContain("Adressen findes ikke.");
    expect(mail.text).toContain("Skriv venligst den rigtige vej.");
    expect(site.linkIn(mail, "/dashboard/mine-markeder")).toBe("/dashboard/mine-markeder");
    expect(mail.html).toContain("Adressen findes ikke.");
  });

  test("an owner's edit waits until approved; the item lists its changes, and approving applies it", async () => {
    const owner = await createUser(site.database, { name: "Erik Ejer" });
    const market = await createTestMarket(site.database, { name: "Eriks Marked", entryFeeDkk: "0" }, { owner: owner.id });
    const changed = snapshotOf(await marketInput({ name: "Eriks Store Marked", entryFeeDkk: "20", description: "Nu med kaffe." }));
    expect((await editMarket(site.database.db, { id: owner.id, roles: ["visitor"] }, market.id, changed)).outcome).toBe("pending");
    const revisionId = await pendingRevision(market.id);
    expect((await anonymous(`/markeder/${market.slug}`)).text).not.toContain("Eriks Store Marked");

    const page = await admin.client.get(item(revisionId));
    const changes = page.html.region(texts.changes.heading);
    expect(changes.all("h3").map((heading) => heading.text)).toEqual([texts.fields.name, texts.fields.description, texts.fields.entryFeeDkk]);
    expect(changes.text()).toContain("Gratis entré");
    expect(changes.text()).toContain("Entré 20 kr.");
    expect(page.html.buttons()).toContain(texts.approve.submitEdit);

    const { answer, page: queue } = await admin.client.submit(item(revisionId), { intent: "approve" });
    expect(answer.status).toBe(303);
    expect(toastTitles(queue)).toEqual([texts.toast.approvedEdit.replace("{{name}}", "Eriks Store Marked")]);
    const stored = await readStoredMarket(site.database.db, market.id);
    expect(stored).toMatchObject({ name: "Eriks Store Marked", status: "published" });
    expect((await anonymous(`/markeder/${stored!.slug}`)).text).toContain("Nu med kaffe.");
    const mail = await site.waitForMail(owner.email);
    expect(mail.subject).toBe(texts.mail.approvedEdit.subject.replace("{{name}}", "Eriks Store Marked"));
  });

  test("edit and approve: the corrected fields are checked, then published with the schedule as sent", async () => {
    const waiting = await submission({ name: "Markd med stavefjl", latitude: undefined, longitude: undefined });
    const page = await admin.client.get(item(waiting.revisionId));
    const fields = Object.fromEntries(CORRECTION_FIELDS.map((name) => [name, page.html.value(`ret-${name}`) ?? ""]));
    expect(fields).toMatchObject({ name: waiting.name, postalCode: "8000", city: "Aarhus C", latitude: "" });

    const wrong = await admin.client.post(item(waiting.revisionId), { ...fields, intent: "correct", name: "Marked med stavefejl", latitude: "nord" });
    expect(wrong.status).toBe(400);
    expect(wrong.html.fieldMessage("ret-latitude")).toBe(translation.markets.input.latitudeNotANumber);
    expect(wrong.html.value("ret-name")).toBe("Marked med stavefejl");
    expect(wrong.html.region(texts.correct.heading).one("details")?.hasAttribute("open")).toBe(true);

    const { answer } = await admin.client.submit(item(waiting.revisionId), { ...fields, intent: "correct", name: "Marked med stavefejl", latitude: "56,16", longitude: "10,21" });
    expect(answer.status).toBe(303);
    const stored = await readStoredMarket(site.database.db, waiting.marketId);
    expect(stored).toMatchObject({ name: "Marked med stavefejl", status: "published" });
    expect(stored!.snapshot).toMatchObject({ latitude: 56.16, longitude: 10.21 });
    expect(stored!.snapshot.schedules).toHaveLength(1);
    expect((await anonymous(`/markeder/${stored!.slug}`)).status).toBe(200);
  });

  test("a change decided already: a clear message, never a 500, and no second mail", async () => {
    const waiting = await submission({ name: "Dobbelt godkendt" });
    expect((await admin.client.post(item(waiting.revisionId), { intent: "approve" })).status).toBe(303);
    const mails = site.mailsTo(organiser.email).length;
    const bodies: Record<string, string>[] = [
      { intent: "approve" },
      { intent: "reject", reason: "For sent" },
      { intent: "correct", name: "For sent", postalCode: "8000", city: "Aarhus" },
    ];
    for (const body of bodies) {
      const again = await admin.client.post(item(waiting.revisionId), body);
      expect(again.status, body.intent).toBe(409);
      expect(again.html.alerts().join(" "), body.intent).toContain(texts.decided.heading);
    }
    const page = await admin.client.get(item(waiting.revisionId));
    expect(page.status).toBe(200);
    expect(page.html.statuses().join(" ")).toContain(texts.decided.approved.replace("{{who}}", "Anders Admin").split(" {{when}}")[0]!);
    expect(page.html.buttons()).not.toContain(texts.approve.submitSubmission);
    expect(site.mailsTo(organiser.email)).toHaveLength(mails);
  });

  test("an unknown or malformed id is not found, also for a post; an unknown intent is refused", async () => {
    for (const id of ["ikke-et-id", "00000000-0000-4000-8000-000000000000", "7d7c1a52-2f3e-4d3b-9a43-1f7c3c1f2b1"]) {
      expect((await admin.client.get(item(id))).status, id).toBe(404);
      expect((await admin.client.post(item(id), { intent: "approve" })).status, id).toBe(404);
    }
    const waiting = await submission({ name: "Uden hensigt" });
    const unknown = await admin.client.post(item(waiting.revisionId), { intent: "slet" });
    expect(unknown.status).toBe(400);
    expect(unknown.html.alerts()).toEqual([texts.unknownIntent]);
    expect((await admin.client.get(`${QUEUE}?side=99`)).status).toBe(404);
    expect((await admin.client.get(`${QUEUE}?side=abc`)).status).toBe(404);
  });
});
