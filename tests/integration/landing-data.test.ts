import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { bumpCacheGeneration } from "../../app/lib/cache-generation.server";
import { landingIndex, landingStats, warmLandingData } from "../../app/landing/data.server";
import { landingPath, type LandingPage } from "../../app/landing/paths";
import { LOCATIONS, location } from "../../app/markets/locations";
import { MARKET_TYPE_INFO, marketTypeInfo } from "../../app/markets/market-types";
import { indexMarkets } from "../../app/markets/search/index.server";
import { insertFixtureMarkets, type FixtureMarket } from "../fixtures/markets";
import type { MarketType } from "../../app/markets/types";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const TODAY = "2026-06-01";

/**
 * Aarhus is postal codes 8000–8382. The flea markets of its page are the first five; the rest
 * test the edges: just outside the range, not published, another type, Grønland.
 */
const MARKETS: FixtureMarket[] = [
  {
    slug: "a1",
    type: "flea_market",
    postal: 8000,
    city: "Aarhus C",
    setting: "outdoor",
    fee: 0,
    updated: "2026-05-01T10:00:00.000Z",
    occurrences: [{ date: "2026-06-06" }, { date: "2026-06-13" }, { date: "2026-07-04" }],
  },
  // Began before today and still running: upcoming, next day today, but not a date of the coming year.
  {
    slug: "a2",
    type: "flea_market",
    postal: 8000,
    city: "Aarhus C",
    setting: "indoor",
    fee: 20,
    updated: "2026-05-03T10:00:00.000Z",
    occurrences: [{ date: "2026-05-30", days: 4 }],
  },
  // The last day of the coming year counts in May; the day after does not, but is still upcoming.
  {
    slug: "a3",
    type: "flea_market",
    postal: 8382,
    city: "Hinnerup",
    setting: "both",
    fee: 30,
    updated: "2026-04-01T10:00:00.000Z",
    occurrences: [{ date: "2027-05-31" }, { date: "2027-06-01" }],
  },
  { slug: "a4", type: "flea_market", postal: 8200, city: "Aarhus N", updated: "2026-05-10T08:00:00.000Z" },
  {
    slug: "a9",
    type: "flea_market",
    postal: 8240,
    city: "Risskov",
    setting: "outdoor",
    fee: 10,
    updated: "2026-03-01T10:00:00.000Z",
    occurrences: [{ date: "2026-06-20", cancelled: true }],
  },
  { slug: "draft", type: "flea_market", postal: 8000, city: "Aarhus C", fee: 500, status: "draft", updated: "2026-05-20T10:00:00.000Z", occurrences: [{ date: "2026-06-07" }] },
  { slug: "archived", type: "flea_market", postal: 8000, city: "Aarhus C", status: "archived", updated: "2026-05-21T10:00:00.000Z" },
  { slug: "below", type: "flea_market", postal: 7999, city: "Under", updated: "2026-02-01T10:00:00.000Z", occurrences: [{ date: "2026-08-01" }] },
  { slug: "above", type: "flea_market", postal: 8383, city: "Over", updated: "2026-02-01T10:00:00.000Z" },
  { slug: "antik", type: "antique_market", postal: 8000, city: "Aarhus C", fee: 40, updated: "2026-05-30T10:00:00.000Z", occurrences: [{ date: "2026-09-12" }] },
  { slug: "genbrug", type: "thrift_store", postal: 8000, city: "Aarhus C", setting: "indoor", fee: 0, updated: "2026-01-01T10:00:00.000Z" },
  { slug: "nuuk", type: "flea_market", postal: 3900, city: "Nuuk", fee: 0, updated: "2026-05-15T10:00:00.000Z", occurrences: [{ date: "2026-12-05" }] },
];

const page = (typeKey: MarketType, placeKey: string | null): LandingPage => ({
  type: marketTypeInfo(typeKey),
  location: placeKey ? location(placeKey)! : null,
});

describe(`landing page data on ${inject("testDatabase").kind}`, () => {
  let database: TestDatabase;
  let ids: Map<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    ids = await insertFixtureMarkets(database.db, MARKETS, { today: TODAY });
    await warmLandingData(database.db, TODAY);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("adds up the published flea markets of Aarhus, edges of its postal range included", async () => {
    expect(await landingStats(database.db, page("flea_market", "aarhus"), TODAY)).toEqual({
      count: 5,
      upcomingCount: 3,
      shopCount: 0,
      // Ties in Danish order: Aarhus is Århus, after Z.
      towns: [
        { name: "Aarhus C", count: 2 },
        { name: "Hinnerup", count: 1 },
        { name: "Risskov", count: 1 },
        { name: "Aarhus N", count: 1 },
      ],
      monthCounts: [0, 0, 0, 0, 1, 2, 1, 0, 0, 0, 0, 0],
      medianFeeDkk: 15,
      feeKnownCount: 4,
      freeCount: 1,
      indoorCount: 2,
      outdoorCount: 3,
      nextDate: TODAY,
      lastModified: "2026-05-10T08:00:00.000Z",
    });
  });

  it("counts a nationwide type page across the whole country, Grønland included", async () => {
    const stats = await landingStats(database.db, page("flea_market", null), TODAY);
    expect(stats.count).toBe(8);
    expect(stats.towns.map((town) => town.name)).toEqual(["Aarhus C", "Hinnerup", "Nuuk", "Over", "Risskov", "Under", "Aarhus N"]);
    expect(stats.monthCounts).toEqual([0, 0, 0, 0, 1, 2, 1, 1, 0, 0, 0, 1]);
    expect(stats.lastModified).toBe("2026-05-15T10:00:00.000Z");
    expect((await landingStats(database.db, page("flea_market", "jylland"), TODAY)).count).toBe(7);
    expect((await landingStats(database.db, page("flea_market", "groenland"), TODAY)).count).toBe(1);
  });

  it("keeps types apart and counts shops as shops", async () => {
    const antiques = await landingStats(database.db, page("antique_market", "aarhus"), TODAY);
    expect(antiques).toMatchObject({ count: 1, medianFeeDkk: 40, nextDate: "2026-09-12", monthCounts: [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0] });
    const shops = await landingStats(database.db, page("thrift_store", "aarhus"), TODAY);
    expect(shops).toMatchObject({ count: 1, shopCount: 1, upcomingCount: 0, nextDate: null, freeCount: 1, indoorCount: 1 });
    expect(await landingStats(database.db, page("swap_market", "aarhus"), TODAY)).toMatchObject({
      count: 0,
      towns: [],
      medianFeeDkk: null,
      nextDate: null,
      lastModified: null,
      monthCounts: new Array(12).fill(0),
    });
  });

  it("lists all 351 pages in order with their counts and last change", async () => {
    const index = await landingIndex(database.db, TODAY);
    expect(index).toHaveLength(351);
    expect(index.map((entry) => entry.path)).toEqual(MARKET_TYPE_INFO.flatMap((type) => [null, ...LOCATIONS].map((place) => landingPath(type, place))));
    expect(new Set(index.map((entry) => entry.path)).size).toBe(351);
    expect(index[0]).toEqual({ path: "/loppemarkeder", type: "flea_market", location: null, count: 8, lastModified: "2026-05-15T10:00:00.000Z" });
    const byPath = new Map(index.map((entry) => [entry.path, entry]));
    expect(byPath.get("/loppemarkeder-i-aarhus")).toEqual({
      path: "/loppemarkeder-i-aarhus",
      type: "flea_market",
      location: "aarhus",
      count: 5,
      lastModified: "2026-05-10T08:00:00.000Z",
    });
    expect(byPath.get("/loppemarkeder-paa-groenland")?.count).toBe(1);
    expect(byPath.get("/antikmarkeder-i-midtjylland")?.count).toBe(1);
    expect(byPath.get("/byttemarkeder-i-aarhus")).toMatchObject({ count: 0, lastModified: null });
    expect(index.reduce((sum, entry) => sum + (entry.location === null ? entry.count : 0), 0)).toBe(10);
  });

  it("counts from the day it is asked for", async () => {
    const later = await landingStats(database.db, page("flea_market", "aarhus"), "2026-06-14");
    // a2 has ended and a1's June dates are past; a3's 2027-06-01 is now within the year.
    expect(later).toMatchObject({ count: 5, upcomingCount: 2, nextDate: "2026-07-04", monthCounts: [0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0] });
  });

  it("sees a write as soon as it bumps the cache generation", async () => {
    const before = await landingStats(database.db, page("flea_market", "aarhus"), TODAY);
    await database.db.updateTable("markets").set({ status: "archived", updated_at: "2026-05-31T09:00:00.000Z" }).where("id", "=", ids.get("a1")!).execute();
    await database.db.updateTable("markets").set({ status: "published", updated_at: "2026-05-31T10:00:00.000Z" }).where("id", "=", ids.get("draft")!).execute();
    await indexMarkets(database.db, [ids.get("a1")!, ids.get("draft")!], { today: TODAY });
    await bumpCacheGeneration(database.db);

    const after = await landingStats(database.db, page("flea_market", "aarhus"), TODAY);
    expect(before.count).toBe(5);
    expect(after).toMatchObject({
      count: 5,
      lastModified: "2026-05-31T10:00:00.000Z",
      // a1's three dates are gone, the former draft's one is in.
      monthCounts: [0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0],
      medianFeeDkk: 25,
      freeCount: 0,
    });
    const index = await landingIndex(database.db, TODAY);
    expect(index.find((entry) => entry.path === "/loppemarkeder-i-aarhus")?.lastModified).toBe("2026-05-31T10:00:00.000Z");
  });
});
