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
});
