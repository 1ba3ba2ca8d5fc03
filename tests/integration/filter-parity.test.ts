import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { findCalendarEntries } from "../../app/calendar/calendar.server";
import { addDays, localDateTimeToInstant } from "../../app/lib/dates";
import type { MarketFilters } from "../../app/filters/filters";
import { findMapMarkers } from "../../app/map/markers.server";
import { findMarkets } from "../../app/register/market-list.server";
import { ensureOpenings } from "../../app/markets/search/openings.server";
import { FIXTURE_MARKETS, FIXTURE_TODAY, insertFixtureMarkets } from "../fixtures/markets";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");

const WORLD = { south: -85, west: -180, north: 85, east: 180 };
/** Six weeks of the fixtures' summer: most of their dated markets fall in it. */
const RANGE = { from: FIXTURE_TODAY, to: addDays(FIXTURE_TODAY, 41) };
const withPoint = new Set(FIXTURE_MARKETS.filter((market) => market.point).map((market) => market.slug));

/**
 * One meaning of the filters everywhere (app/markets/query): the register list, the calendar and
 * the map find the same markets for the same filters. The map shows only markets with a position.
 */
describe(`the same filters in the list, the calendar and the map on ${kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await insertFixtureMarkets(database.db, FIXTURE_MARKETS, { today: FIXTURE_TODAY });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  async function listSlugs(filters: MarketFilters): Promise<string[]> {
    const page = await findMarkets(database.db, filters, { today: FIXTURE_TODAY, pageSize: 100 });
    expect(page.total, JSON.stringify(filters)).toBe(page.items.length);
    return page.items.map((item) => item.slug).sort();
  }

  async function mapSlugs(filters: MarketFilters): Promise<string[]> {
    const found = await findMapMarkers(database.db, filters, { bbox: WORLD, zoom: 16, today: FIXTURE_TODAY, maxMarkers: 1000 });
    return found.markers.map((marker) => marker.slug).sort();
  }

  async function calendarSlugs(filters: MarketFilters): Promise<string[]> {
    const page = await findCalendarEntries(database.db, filters, RANGE, { pageSize: 1000 });
    const scheduled = page.entries.filter((entry) => entry.status === "scheduled");
    return [...new Set(scheduled.map((entry) => entry.slug))].sort();
  }

  const narrowings: MarketFilters[] = [
    {},
    { types: ["flea_market"] },
    { types: ["antique_market", "swap_market", "vendor_market"] },
    { region: "hovedstaden" },
    { region: "fyn" },
    { location: "aarhus" },
    { location: "amager" },
    { setting: "indoor" },
    { setting: "outdoor", freeEntry: true },
    { freeEntry: true },
    { text: "loppemarked" },
    { text: "antik", region: "hovedstaden" },
    { types: ["flea_market"], location: "koebenhavn", setting: "outdoor" },
  ];

  it("finds the same markets with a date range in all three", async () => {
    for (const narrowing of narrowings) {
      const filters: MarketFilters = { ...narrowing, dateFrom: RANGE.from, dateTo: RANGE.to };
      const label = JSON.stringify(filters);
      const list = await listSlugs(filters);
      expect(await calendarSlugs(narrowing), label).toEqual(list);
      expect(await mapSlugs(filters), label).toEqual(list.filter((slug) => withPoint.has(slug)));
    }
  });

  it("finds the same markets without dates in the list and the map, and none for an unknown place", async () => {
    for (const filters of narrowings) {
      const list = await listSlugs(filters);
      expect(await mapSlugs(filters), JSON.stringify(filters)).toEqual(list.filter((slug) => withPoint.has(slug)));
    }
    for (const unknown of [{ region: "atlantis" }, { location: "atlantis" }]) {
      expect(await listSlugs(unknown)).toEqual([]);
      expect(await mapSlugs(unknown)).toEqual([]);
      expect(await calendarSlugs(unknown)).toEqual([]);
    }
  });

  it("answers “open now” from the stored hours as from the schedules, in the list and the map", async () => {
    // Monday morning and afternoon, Tuesday evening, and a Saturday outside the stored window.
    const instants = [
      localDateTimeToInstant(FIXTURE_TODAY, "09:59"),
      localDateTimeToInstant(FIXTURE_TODAY, "10:00"),
      localDateTimeToInstant(FIXTURE_TODAY, "17:29"),
      localDateTimeToInstant(FIXTURE_TODAY, "17:30"),
      localDateTimeToInstant(addDays(FIXTURE_TODAY, 1), "13:00"),
      localDateTimeToInstant(addDays(FIXTURE_TODAY, 1), "23:30"),
      localDateTimeToInstant("2026-06-06", "11:00"),
    ];
    // Each list in its own order (by name), so that the stored hours' count and page are checked too.
    const answers = async () => {
      const out: string[][] = [];
      for (const openAt of instants) {
        for (const narrowing of narrowings) {
          const label = JSON.stringify({ ...narrowing, openAt });
          const page = await findMarkets(database.db, { ...narrowing, openAt }, { today: FIXTURE_TODAY, pageSize: 100 });
          expect(page.total, label).toBe(page.items.length);
          const list = page.items.map((item) => item.slug);
          expect(await mapSlugs({ ...narrowing, openAt }), label).toEqual(list.filter((slug) => withPoint.has(slug)).sort());
          out.push(list);
        }
      }
      return out;
    };
    const fromSchedules = await answers();
    expect(await ensureOpenings(database.db, FIXTURE_TODAY)).toBe(true);
    expect(await answers()).toEqual(fromSchedules);
    const everywhereAt = (instant: number) => fromSchedules[instant * narrowings.length]!;
    // The shops are open on Monday at 10:00 and closed again at 17:30; the Saturday flea markets at 11.
    expect(everywhereAt(1)).toContain("genbrugsbutikken-frederiksberg");
    expect(everywhereAt(0)).not.toContain("genbrugsbutikken-frederiksberg");
    expect(everywhereAt(3)).not.toContain("genbrugsbutikken-frederiksberg");
    expect(everywhereAt(6)).toEqual(expect.arrayContaining(["koebenhavns-antikmarked", "odense-loppemarked"]));
    // Lists of several markets, so that the order and the count are checked, not only empty lists.
    expect(fromSchedules.filter((list) => list.length > 1).length).toBeGreaterThan(10);
  });
});
