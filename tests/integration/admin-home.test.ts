import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { readStoredMarket } from "../../app/revisions/revisions.server";
import { editMarket } from "../../app/revisions/send.server";
import { createTestMarket, createUser, type TestAccount } from "../support/factories";
import { ageAccount, movePostsBack } from "../support/forum";
import { startSite, type Client, type Site } from "../support/site";

const texts = translation.admin.home;
const DAY = 24 * 3600 * 1000;

/**
 * The admins' front page: every queue with its size and since when its oldest item waits, the
 * longest wait first, each a link to its queue; the people and what is new in the last seven days.
 */
describe("the admins' front page", () => {
  let site: Site;
  let admin: { account: TestAccount; client: Client };
  let member: { account: TestAccount; client: Client };

  beforeAll(async () => {
    site = await startSite();
    [admin, member] = await Promise.all([site.signedIn({ name: "Asta Admin", admin: true }), site.signedIn({ name: "Mads Medlem" })]);
  });

  afterAll(async () => {
    await site?.close();
  });

  /** The queues as the page lists them: label, size and the words after it. */
  async function queues(): Promise<{ label: string; href: string | undefined; text: string }[]> {
    const page = await admin.client.get("/dashboard/admin");
    expect(page.status).toBe(200);
    const section = page.html.region(texts.queues.heading);
    return section
      .all("li")
      .map((item) => ({ label: item.querySelector("a")!.text, href: item.querySelector("a")!.getAttribute("href"), text: item.text.replace(/\s+/g, " ").trim() }));
  }

  test("an empty site: every queue is listed, empty, with its link", async () => {
    const listed = await queues();
    expect(listed.map((queue) => queue.label)).toEqual([
      texts.queues.submissions,
      texts.queues.edits,
      texts.queues.recentChanges,
      texts.queues.claims,
      texts.queues.forumReports,
      texts.queues.forumWaiting,
      texts.queues.messages,
    ]);
    expect(listed.map((queue) => queue.href)).toEqual([
      "/dashboard/admin/godkendelser",
      "/dashboard/admin/godkendelser",
      "/dashboard/admin/aendringer",
      "/dashboard/market-claims",
      "/dashboard/admin/community",
      "/dashboard/admin/community",
      "/dashboard/admin/beskeder",
    ]);
    for (const queue of listed) expect(queue.text).toContain(`0 · ${texts.queues.empty}`);
  });

  test("queues with something in them come first, the longest wait first, with their sizes", async () => {
    const db = site.database.db;
    // A claim sent three days ago.
    const market = await createTestMarket(site.database, { name: "Marked uden ejer" });
    await db
      .insertInto("market_claims")
      .values({
        id: randomUUID(),
        market_id: market.id,
        user_id: member.account.id,
        relation: "organiser",
        contact: "22 33 44 55",
        message: null,
        status: "open",
        reason: null,
        decided_by: null,
        decided_at: null,
        created_at: new Date(Date.now() - 3 * DAY).toISOString(),
      })
      .execute();
    // A forum post reported now; two reports of one post are one post in the queue.
    await ageAccount(db, member.account.id);
    const started = await member.client.post("/community/new", { intent: "topic", category: "generelt", title: "Et emne til anmeldelse", text: "Noget at anmelde" });
    expect(started.status).toBe(303);
    const postId = (await db.selectFrom("forum_posts").select("id").where("author_id", "=", member.account.id).executeTakeFirstOrThrow()).id;
    const reporters = await Promise.all([site.signedIn({ name: "Rikke Rapport" }), site.signedIn({ name: "Rune Rapport" })]);
    for (const reporter of reporters) expect((await reporter.client.post(`/community/indlaeg/${postId}/anmeld`, { reason: "spam", text: "" })).status).toBe(303);
    // A new account's first post with a link waits, since a day ago.
    const newcomer = await site.signedIn({ name: "Nina Ny" });
    await movePostsBack(db, member.account.id);
    const waiting = await newcomer.client.post("/community/new", { intent: "topic", category: "generelt", title: "Se min side her", text: "Kig på https://example.dk" });
    expect(waiting.status).toBe(303);
    await db
      .updateTable("forum_posts")
      .set({ created_at: new Date(Date.now() - DAY).toISOString() })
      .where("author_id", "=", newcomer.account.id)
      .execute();

    // An organizer's change that went live without review two days ago.
    const organizer = await createUser(site.database, { name: "Olga Organisator", role: "organizer" });
    const theirs = await createTestMarket(site.database, { name: "Olgas Marked" }, { owner: organizer.id });
    const stored = (await readStoredMarket(db, theirs.id))!;
    expect((await editMarket(db, { id: organizer.id, roles: ["visitor", "organizer"] }, theirs.id, { ...stored.snapshot, phone: "11 22 33 44" })).outcome).toBe("applied");
    await db
      .updateTable("market_revisions")
      .set({ created_at: new Date(Date.now() - 2 * DAY).toISOString() })
      .where("market_id", "=", theirs.id)
      .execute();

    const listed = await queues();
    expect(listed.map((queue) => queue.label)).toEqual([
      texts.queues.claims,
      texts.queues.recentChanges,
      texts.queues.forumWaiting,
      texts.queues.forumReports,
      texts.queues.submissions,
      texts.queues.edits,
      texts.queues.messages,
    ]);
    expect(listed[0]!.text).toMatch(/^Anmodninger om markeder\s*1 · ældste fra \d+\. \w+\.? \d{4} kl\. \d\d\.\d\d$/);
    for (const queue of listed.slice(1, 4)) expect(queue.text).toContain("1 · ældste fra");
    expect(listed[4]!.text).toContain(`0 · ${texts.queues.empty}`);
  });

  test("the people and what is new in the last seven days; the demo forum's accounts are nobody", async () => {
    const page = await admin.client.get("/dashboard/admin");
    const figures = page.html.region(texts.counts.heading).text();
    const people = await site.database.db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(figures).toMatch(new RegExp(`${texts.counts.people}\\s*${Number(people.n)}`));
    expect(figures).toMatch(new RegExp(`${texts.counts.newPeople}\\s*${Number(people.n)}`));
    expect(figures).toMatch(new RegExp(`${texts.counts.newMarkets}\\s*2`));
    // A member is not let in.
    expect((await member.client.get("/dashboard/admin")).status).toBe(403);
  });

  test("every market, whatever its status, found by name and opened in its control panel; only for admins", async () => {
    const market = await createTestMarket(site.database, { name: "Skjult Kladdemarked", city: "Tønder" });
    await site.database.db.updateTable("markets").set({ status: "draft" }).where("id", "=", market.id).execute();
    const page = await admin.client.get("/dashboard/admin/markeder?q=kladdemarked");
    expect(page.status).toBe(200);
    expect(page.html.h1s()).toEqual([translation.admin.markets.heading]);
    expect(page.html.link("Skjult Kladdemarked")).toBe(`/manage-market/${market.id}`);
    expect(page.html.text("main")).toContain(translation.admin.markets.countOne);
    expect((await admin.client.get("/dashboard/admin/markeder?q=kladdemarked&status=published")).html.text("main")).toContain(translation.admin.markets.none);
    expect((await admin.client.get("/dashboard/admin/markeder?status=slettet")).status).toBe(404);
    expect((await admin.client.get("/dashboard/admin/markeder?side=9")).status).toBe(404);
    expect((await member.client.get("/dashboard/admin/markeder")).status).toBe(403);
    expect((await site.get("/dashboard/admin/markeder")).status).toBe(302);
  });
});
