import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { SHOP_TYPES, type MarketType } from "../../app/markets/types";
import { danishSortKey } from "../../app/markets/sorting";
import { generateDemoMarkets } from "../../db/seed/generate";
import { countDemoMarkets, DemoDataExistsError, isDatabaseEmpty, seedDemoData, type SeedResult } from "../../db/seed/seed.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");
const TODAY = "2027-03-15";
const COUNT = 300;

describe(`demo data on ${kind}`, () => {
  let database: TestDatabase;
  let seeded: SeedResult;
  beforeAll(async () => {
    database = await createTestDatabase();
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    seeded = await seedDemoData(database.db, { count: COUNT, today: TODAY, batchSize: 128 });
  }, 120_000);
  afterAll(async () => {
    await database.destroy();
  });

  it("writes the asked number of published demo markets, each with a schedule and a Danish sort key", async () => {
    expect(seeded.markets).toBe(COUNT);
    const markets = await database.db.selectFrom("markets").select(["id", "name", "sort_name", "status", "source"]).execute();
    expect(markets).toHaveLength(COUNT);
    expect(markets.every((m) => m.status === "published" && m.source === "demo")).toBe(true);
    expect(markets.every((m) => m.sort_name === danishSortKey(m.name))).toBe(true);
    const withSchedule = await database.db.selectFrom("market_schedules").select("market_id").distinct().execute();
    expect(withSchedule).toHaveLength(COUNT);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    expect(await countDemoMarkets(database.db)).toBe(COUNT);
  });

  it("stores the generated rows as they are", async () => {
    const [first] = generateDemoMarkets({ count: COUNT, today: TODAY });
    const row = await database.db.selectFrom("markets").selectAll().where("id", "=", first!.row.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...first!.row, sort_name: danishSortKey(first!.row.name) });
  });

  it("materialises occurrences for every market that is not a shop, and none for shops", async () => {
    const rows = await database.db
      .selectFrom("markets")
      .leftJoin("market_occurrences", "market_occurrences.market_id", "markets.id")
      .select(["markets.id", "markets.type", (eb) => eb.fn.count("market_occurrences.local_date").as("n")])
      .groupBy(["markets.id", "markets.type"])
      .execute();
    const shops = rows.filter((r) => SHOP_TYPES.includes(r.type as MarketType));
    const dated = rows.filter((r) => !SHOP_TYPES.includes(r.type as MarketType));
    expect(shops.length).toBeGreaterThan(0);
    expect(shops.every((r) => Number(r.n) === 0)).toBe(true);
    expect(dated.every((r) => Number(r.n) > 0)).toBe(true);
    expect(seeded.occurrences).toBe(rows.reduce((sum, r) => sum + Number(r.n), 0));
    const cancelled = await database.db.selectFrom("market_occurrences").select("note").where("status", "=", "cancelled").execute();
    expect(cancelled.every((c) => c.note?.startsWith("Aflyst"))).toBe(true);
  });

  it("puts every demo market in the search index", async () => {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from market_search`.execute(database.db);
    expect(Number(rows[0]!.n)).toBe(COUNT);
  });

  it("writes a forum that looks lived in, by demo accounts nobody can sign in as", async () => {
    const db = database.db;
    const topics = await db.selectFrom("forum_topics").select(["id", "category_slug", "reply_count", "last_posted_at", "market_id", "source", "pinned_at", "locked_at"]).execute();
    expect(topics.length).toBeGreaterThanOrEqual(30);
    expect(seeded.forum).toEqual({ topics: topics.length, posts: expect.any(Number) as number, accounts: 12 });
    expect(new Set(topics.map((topic) => topic.category_slug))).toEqual(new Set(["generelt", "spoergsmaal-om-markeder", "saelgertips", "arrangoerer", "loppefund"]));
    expect(topics.every((topic) => topic.source === "demo")).toBe(true);
    expect(topics.filter((topic) => topic.market_id).length).toBeGreaterThanOrEqual(5);
    expect(topics.some((topic) => topic.pinned_at) && topics.some((topic) => topic.locked_at)).toBe(true);
    for (const topic of topics) {
      const posts = await db.selectFrom("forum_posts").select(["created_at", "body_html"]).where("topic_id", "=", topic.id).orderBy("id").execute();
      expect(topic.reply_count).toBe(posts.length - 1);
      expect(topic.last_posted_at).toBe(posts.at(-1)!.created_at);
      expect(posts.every((post) => post.body_html.startsWith("<"))).toBe(true);
    }
    expect(Math.max(...topics.map((topic) => topic.reply_count))).toBeGreaterThan(20);
    const demoPeople = await db.selectFrom("profiles").select("auth_user_id").where("source", "=", "demo").execute();
    expect(demoPeople).toHaveLength(12);
    const accounts = await db
      .selectFrom("account")
      .select("id")
      .where(
        "userId",
        "in",
        demoPeople.map((person) => person.auth_user_id),
      )
      .execute();
    expect(accounts).toEqual([]);
  });

  it("refuses to add the demo data a second time", async () => {
    await expect(seedDemoData(database.db, { count: COUNT, today: TODAY })).rejects.toBeInstanceOf(DemoDataExistsError);
    expect(await countDemoMarkets(database.db)).toBe(COUNT);
  });

  it("replaces only the demo markets on reset, keeping a user's market and its slug", async () => {
    const [first] = generateDemoMarkets({ count: COUNT, today: TODAY });
    const now = new Date().toISOString();
    // A user's market with the slug the first demo market would get: the demo market must yield.
    await database.db.deleteFrom("markets").where("id", "=", first!.row.id).execute();
    await database.db
      .insertInto("markets")
      .values({
        id: "00000000-0000-4000-8000-000000000001",
        slug: first!.row.slug,
        name: first!.row.name,
        sort_name: danishSortKey(first!.row.name),
        type: "flea_market",
        postal_code: 8000,
        city: "Aarhus C",
        status: "published",
        source: "user",
        created_at: now,
        updated_at: now,
      })
      .execute();
    const again = await seedDemoData(database.db, { count: COUNT, today: TODAY, reset: true });
    expect(again.deleted).toBe(COUNT - 1);
    expect(await countDemoMarkets(database.db)).toBe(COUNT);
    const user = await database.db.selectFrom("markets").select(["slug", "source"]).where("id", "=", "00000000-0000-4000-8000-000000000001").executeTakeFirstOrThrow();
    expect(user).toEqual({ slug: first!.row.slug, source: "user" });
    const demo = await database.db.selectFrom("markets").select("slug").where("id", "=", first!.row.id).executeTakeFirstOrThrow();
    expect(demo.slug).toBe(`${first!.row.slug}-2`);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from market_search`.execute(database.db);
    expect(Number(rows[0]!.n)).toBe(COUNT + 1);
  }, 120_000);

  it("replaces only the demo forum on reset, keeping a person's topic", async () => {
    const db = database.db;
    const now = new Date().toISOString();
    await db
      .insertInto("user")
      .values({
        id: "00000000-0000-4000-8000-0000000000aa",
        name: "Rigtig Person",
        email: "rigtig@example.dk",
        emailVerified: kind === "postgres" ? true : 1,
        image: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const { id } = await db
      .insertInto("forum_topics")
      .values({ category_slug: "generelt", title: "Et rigtigt emne", author_id: "00000000-0000-4000-8000-0000000000aa", state: "published", created_at: now, last_posted_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const before = await db.selectFrom("forum_topics").select("id").where("source", "=", "demo").execute();
    const again = await seedDemoData(db, { count: COUNT, today: TODAY, reset: true });
    const after = await db.selectFrom("forum_topics").select("id").where("source", "=", "demo").execute();
    expect(after).toHaveLength(before.length);
    expect(again.forum.topics).toBe(before.length);
    expect(await db.selectFrom("forum_topics").select("title").where("id", "=", id).executeTakeFirst()).toEqual({ title: "Et rigtigt emne" });
    expect(await db.selectFrom("profiles").select("id").where("source", "=", "demo").execute()).toHaveLength(12);
  }, 120_000);
});
