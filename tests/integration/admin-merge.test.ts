import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { startTopic } from "../../app/forum/writes.server";
import type { Database } from "../../app/lib/db/schema";
import translation from "../../app/locales/da/translation.json";
import { createTestMarket, createUser, type TestMarket } from "../support/factories";
import { ageAccount } from "../support/forum";
import { startSite, type Client, type Site } from "../support/site";

const { kind } = inject("testDatabase");
const merge = translation.admin.merge;

const mergePath = (id: string) => `/dashboard/admin/markeder/${id}/sammenlaeg`;
const NOW = new Date().toISOString();
/** A Wednesday about a month ahead: a day of the duplicate's own, inside the dates written ahead. */
const OWN_DAY = (() => {
  const day = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  day.setUTCDate(day.getUTCDate() + ((3 - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
})();

/**
 * Merging a duplicate market into the one kept, at the level of requests on both databases: the page
 * that finds the kept market, and a merge that moves every date, picture, save, view, claim and
 * topic, where the kept market wins each conflict, and after which the duplicate's addresses answer
 * 301. Who may open the page: access.test.ts; the log entry: admin-log.test.ts.
 */
describe(`merging a duplicate market on ${kind}`, () => {
  let site: Site;
  let admin: Client;
  let db: Kysely<Database>;

  beforeAll(async () => {
    site = await startSite();
    admin = (await site.signedIn({ name: "Asta Admin", admin: true })).client;
    db = site.database.db;
  });

  afterAll(async () => {
    await site?.close();
  });

  const person = async (name: string) => (await createUser(site.database, { name })).id;

  async function picture(marketId: string, alt: string, position: number) {
    await db
      .insertInto("market_images")
      .values({ id: randomUUID(), market_id: marketId, storage_key: `markets/${marketId}/${randomUUID()}`, widths: null, width: 800, height: 600, alt, position, created_at: NOW })
      .execute();
  }

  async function claim(marketId: string, userId: string, status = "open") {
    const id = randomUUID();
    await db
      .insertInto("market_claims")
      .values({ id, market_id: marketId, user_id: userId, relation: "arrangoer", contact: "12345678", message: null, status, created_at: NOW })
      .execute();
    return id;
  }

  test("the page finds the kept market by its address and says so at the field when it cannot", async () => {
    const duplicate = await createTestMarket(site.database, { name: "Dublet Til Søgning" });
    const kept = await createTestMarket(site.database, { name: "Beholdt Til Søgning" });

    const empty = await admin.get(mergePath(duplicate.id));
    expect(empty.status).toBe(200);
    expect(empty.headers.get("cache-control")).toBe("private, no-store");
    expect(empty.html.h1s()).toEqual([merge.heading.replace("{{name}}", duplicate.name)]);
    expect(empty.html.buttons()).not.toContain(merge.submit);

    const unknown = await admin.get(`${mergePath(duplicate.id)}?med=findes-ikke-nogen-steder`);
    expect(unknown.html.fieldMessage("med")).toBe(merge.notFound);
    expect(unknown.html.value("med")).toBe("findes-ikke-nogen-steder");
    expect((await admin.get(`${mergePath(duplicate.id)}?med=${duplicate.slug}`)).html.fieldMessage("med")).toBe(merge.sameMarket);

    for (const reference of [`https://loppeguiden.dk/markeder/${kept.slug}`, `/markeder/${kept.slug}?fra=kort`, kept.slug, kept.id]) {
      const found = await admin.get(`${mergePath(duplicate.id)}?med=${encodeURIComponent(reference)}`);
      expect(found.html.fieldMessage("med"), reference).toBeNull();
      expect(found.html.region(merge.keptHeading).text(), reference).toContain(kept.name);
      expect(found.html.buttons()).toContain(merge.submit);
    }
    expect((await admin.get(mergePath(randomUUID()))).status).toBe(404);

    // The way there: the market's control panel, for an admin; its owner does not see it.
    expect((await admin.get(`/manage-market/${duplicate.id}`)).html.link(translation.admin.markets.merge)).toBe(mergePath(duplicate.id));
    const owner = await site.signedIn({ name: "Ejer Uden Sammenlægning" });
    const own = await createTestMarket(site.database, { name: "Ejerens Marked" }, { owner: owner.account.id });
    const ownPage = await owner.client.get(`/manage-market/${own.id}`);
    expect(ownPage.status).toBe(200);
    expect(ownPage.html.link(translation.admin.markets.merge)).toBeNull();
  });

  test("a merge moves every date, picture, save, view, claim and topic; the kept market wins; the old addresses answer 301", async () => {
    const owner = await person("Olga Ejer");
    const bothSaved = await person("Bent Begge");
    const oneSaved = await person("Eva En");
    const claimsBoth = await person("Carl Begge");
    const claimsOne = await person("Dorte Dublet");
    const writer = await person("Svend Skribent");
    const duplicate: TestMarket = await createTestMarket(
      site.database,
      {
        name: "Loppemarked i Laden",
        city: "Odense C",
        postalCode: "5000",
        schedules: [
          { kind: "rule", startDate: "2025-01-05", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" },
          { kind: "dates", startDate: OWN_DAY, startTime: "09:00", endTime: "16:00" },
        ],
      },
      { owner },
    );
    const kept = await createTestMarket(site.database, { name: "Loppemarked i Laden Odense", city: "Odense C", postalCode: "5000" });
    await db
      .insertInto("market_slug_history")
      .values({ slug: `${duplicate.slug}-gammel`, market_id: duplicate.id, created_at: NOW })
      .execute();

    await picture(kept.id, "Kept forside", 0);
    await picture(duplicate.id, "Dublet forside", 0);
    await picture(duplicate.id, "Dublet bod", 1);
    await db
      .insertInto("saved_markets")
      .values([
        { user_id: bothSaved, market_id: kept.id, created_at: "2026-01-01T10:00:00.000Z" },
        { user_id: bothSaved, market_id: duplicate.id, created_at: "2026-02-01T10:00:00.000Z" },
        { user_id: oneSaved, market_id: duplicate.id, created_at: "2026-02-02T10:00:00.000Z" },
      ])
      .execute();
    await db
      .insertInto("market_views")
      .values([
        { market_id: duplicate.id, day: "2026-11-01", views: 5 },
        { market_id: duplicate.id, day: "2026-11-02", views: 3 },
        { market_id: kept.id, day: "2026-11-01", views: 2 },
      ])
      .execute();
    const keptClaim = await claim(kept.id, claimsBoth);
    const doubleClaim = await claim(duplicate.id, claimsBoth);
    const movedClaim = await claim(duplicate.id, claimsOne);
    const decidedClaim = await claim(duplicate.id, claimsBoth, "rejected");
    await ageAccount(db, writer);
    const topic = await startTopic(db, writer, {
      categorySlug: "generelt",
      title: "Hvornår åbner Laden?",
      text: "Er der nogen, der ved, hvornår de åbner i år?",
      marketId: duplicate.id,
    });
    expect(topic.kind).toBe("started");
    const keptDatesBefore = await dates(kept.id);

    const { answer, page } = await admin.submit(mergePath(duplicate.id), { intent: "merge", kept: kept.id });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/manage-market/${kept.id}`);
    expect(page.html.toasts().map((toast) => toast.title)).toEqual([merge.toast.merged.replace("{{duplicate}}", duplicate.name).replace("{{kept}}", kept.name)]);

    // The duplicate is gone, and its addresses, the current and a former one, lead to the kept market.
    expect(await db.selectFrom("markets").select("id").where("id", "=", duplicate.id).executeTakeFirst()).toBeUndefined();
    for (const slug of [duplicate.slug, `${duplicate.slug}-gammel`]) {
      const moved = await site.get(`/markeder/${slug}`);
      expect(moved.status, slug).toBe(301);
      expect(moved.location).toBe(`/markeder/${kept.slug}`);
    }
    expect((await site.get(`/markeder/${kept.slug}`)).status).toBe(200);
    expect((await admin.get(mergePath(duplicate.id))).status).toBe(404);

    // Dates: the Sunday both had is one date; the duplicate's own day came along.
    const keptDates = await dates(kept.id);
    expect(keptDates).toContain(OWN_DAY);
    expect(keptDates.length).toBe(keptDatesBefore.length + 1);
    expect(new Set(keptDates).size).toBe(keptDates.length);

    // Pictures: the kept market's first, the duplicate's after them, in their order.
    const pictures = await db.selectFrom("market_images").select(["alt", "position"]).where("market_id", "=", kept.id).orderBy("position").execute();
    expect(pictures.map((row) => row.alt)).toEqual(["Kept forside", "Dublet forside", "Dublet bod"]);

    // Saves: the person who saved both keeps one save, the kept market's.
    const saves = await db.selectFrom("saved_markets").select(["user_id", "created_at"]).where("market_id", "=", kept.id).orderBy("user_id").execute();
    expect(saves).toEqual(
      [
        { user_id: bothSaved, created_at: "2026-01-01T10:00:00.000Z" },
        { user_id: oneSaved, created_at: "2026-02-02T10:00:00.000Z" },
      ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
    );

    // Views: a day both were seen on is added up.
    const views = await db.selectFrom("market_views").select(["day", "views"]).where("market_id", "=", kept.id).orderBy("day").execute();
    expect(views.map((row) => [row.day, Number(row.views)])).toEqual([
      ["2026-11-01", 7],
      ["2026-11-02", 3],
    ]);

    // Claims: all on the kept market; the double open one is decided, and one open claim per person holds.
    const claims = await db
      .selectFrom("market_claims")
      .select(["id", "market_id", "status", "reason"])
      .where("id", "in", [keptClaim, doubleClaim, movedClaim, decidedClaim])
      .execute();
    const byId = new Map(claims.map((row) => [row.id, row]));
    expect(claims.every((row) => row.market_id === kept.id)).toBe(true);
    expect(byId.get(keptClaim)!.status).toBe("open");
    expect(byId.get(movedClaim)!.status).toBe("open");
    expect(byId.get(decidedClaim)!.status).toBe("rejected");
    expect(byId.get(doubleClaim)).toMatchObject({ status: "rejected", reason: merge.doubleClaimReason });

    // The topic is about the kept market; the kept market, which had no owner, is the duplicate's owner's now.
    const topicRow = await db
      .selectFrom("forum_topics")
      .select("market_id")
      .where("id", "=", topic.kind === "started" ? topic.topicId : -1)
      .executeTakeFirstOrThrow();
    expect(topicRow.market_id).toBe(kept.id);
    expect((await db.selectFrom("markets").select("owner_id").where("id", "=", kept.id).executeTakeFirstOrThrow()).owner_id).toBe(owner);

    const logged = await db.selectFrom("admin_log").selectAll().where("kind", "=", "market.merge").where("target_id", "=", kept.id).execute();
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!.before!)).toMatchObject({ duplicate: { id: duplicate.id, slug: duplicate.slug, name: duplicate.name }, content: { name: duplicate.name } });
    expect(JSON.parse(logged[0]!.after!)).toMatchObject({
      moved: { pictures: 2, saves: 1, views: 8, claims: 3, topics: 1 },
      keptInstead: { schedules: 1, saves: 1, openClaims: 1 },
    });
  });

  test("a merge into a market that is gone, or into itself, writes nothing and says so", async () => {
    const duplicate = await createTestMarket(site.database, { name: "Dublet Uden Mål" });
    const gone = await admin.submit(mergePath(duplicate.id), { intent: "merge", kept: randomUUID() });
    expect(gone.answer.status).toBe(303);
    expect(gone.answer.location).toBe(mergePath(duplicate.id));
    expect(gone.page.html.toasts().map((toast) => toast.title)).toEqual([merge.notFound]);
    const itself = await admin.submit(mergePath(duplicate.id), { intent: "merge", kept: duplicate.id });
    expect(itself.page.html.toasts().map((toast) => toast.title)).toEqual([merge.sameMarket]);
    const malformed = await admin.submit(mergePath(duplicate.id), { intent: "merge", kept: "ikke-et-id" });
    expect(malformed.page.html.toasts().map((toast) => toast.title)).toEqual([merge.notFound]);
    expect(await db.selectFrom("markets").select("id").where("id", "=", duplicate.id).executeTakeFirst()).toBeDefined();
  });

  async function dates(marketId: string): Promise<string[]> {
    const rows = await db.selectFrom("market_occurrences").select("local_date").where("market_id", "=", marketId).orderBy("local_date").execute();
    return rows.map((row) => row.local_date);
  }
});
