import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { countMarketsByDay, feedOccurrences, findCalendarEntries } from "../../app/calendar/calendar.server";
import { addDays } from "../../app/lib/dates";
import type { MarketFilters } from "../../app/filters/filters";
import { findMarkets } from "../../app/register/market-list.server";
import { MARKET_NOT_FOUND, marketIcsResponse, NO_DATES } from "../../app/calendar/ics.server";
import { FIXTURE_MARKETS, FIXTURE_TODAY, insertFixtureMarkets, type FixtureMarket } from "../fixtures/markets";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");
const JUNE = { from: "2026-06-01", to: "2026-06-30" };

/** The counts worked out from the fixture itself: every day a published, not cancelled opening runs. */
function expectedCounts(include: (market: FixtureMarket) => boolean, range = JUNE): Record<string, number> {
  const byDay = new Map<string, Set<string>>();
  for (const market of FIXTURE_MARKETS) {
    if ((market.status ?? "published") !== "published" || !include(market)) continue;
    for (const occurrence of market.occurrences ?? []) {
      if (occurrence.cancelled) continue;
      for (let i = 0; i < (occurrence.days ?? 1); i++) {
        const day = addDays(occurrence.date, i);
        if (day < range.from || day > range.to) continue;
        byDay.set(day, (byDay.get(day) ?? new Set()).add(market.slug));
      }
    }
  }
  return Object.fromEntries([...byDay.keys()].sort().map((day) => [day, byDay.get(day)!.size]));
}

describe(`calendar queries on ${kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await insertFixtureMarkets(database.db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("counts markets per day, every day of a multi-day market, without drafts or cancelled openings", async () => {
    const counts = await countMarketsByDay(database.db, {}, JUNE);
    expect(counts).toEqual(expectedCounts(() => true));
    // Herning began on 31 May and runs to 2 June; København's two-day market fills 13 and 14 June.
    expect(counts["2026-06-01"]).toBe(1);
    expect(counts["2026-06-02"]).toBe(1);
    expect(counts["2026-06-03"]).toBeUndefined();
  });

  it("counts only the markets of a region", async () => {
    const counts = await countMarketsByDay(database.db, { region: "hovedstaden" }, JUNE);
    expect(counts).toEqual(expectedCounts((m) => m.postal >= 1000 && m.postal <= 3799));
    expect(counts["2026-06-07"]).toBe(2);
    // Nørrebro's Sunday market and the second day of København's two-day market.
    expect(counts["2026-06-14"]).toBe(2);
  });

  it("counts the same markets for a text and type filter as /register finds", async () => {
    const filters: MarketFilters = { text: "loppemarked", types: ["flea_market"] };
    const found = await findMarkets(database.db, filters, { today: FIXTURE_TODAY, pageSize: 100 });
    const slugs = new Set(found.items.map((item) => item.slug));
    expect(slugs.size).toBeGreaterThan(5);
    expect(await countMarketsByDay(database.db, filters, JUNE)).toEqual(expectedCounts((m) => slugs.has(m.slug)));
  });

  it("finds nothing for a region that does not exist, and honours indoor and free entry", async () => {
    expect(await countMarketsByDay(database.db, { region: "atlantis" }, JUNE)).toEqual({});
    const counts = await countMarketsByDay(database.db, { setting: "indoor", freeEntry: true }, JUNE);
    expect(counts).toEqual(expectedCounts((m) => (m.setting === "indoor" || m.setting === "both") && m.fee === 0));
  });

  it("lists a day's openings by time, cancelled ones included, a page at a time", async () => {
    const day = { from: "2026-06-13", to: "2026-06-13" };
    const all = await findCalendarEntries(database.db, {}, day, { pageSize: 100 });
    const slugs = all.entries.map((entry) => entry.slug);
    expect(slugs).toContain("aflyst-loppemarked");
    expect(slugs).toContain("kobenhavns-kraemmermarked");
    expect(slugs).not.toContain("hemmeligt-loppemarked");
    expect(all.entries.find((entry) => entry.slug === "aflyst-loppemarked")?.status).toBe("cancelled");
    const times = all.entries.map((entry) => entry.startTime);
    expect([...times].sort()).toEqual(times);
    expect(all.total).toBe(all.entries.length);

    const first = await findCalendarEntries(database.db, {}, day, { pageSize: 3 });
    const second = await findCalendarEntries(database.db, {}, day, { pageSize: 3, page: 2 });
    expect(first.total).toBe(all.total);
    expect([...first.entries, ...second.entries].map((entry) => entry.slug)).toEqual(slugs.slice(0, 6));
    const beyond = await findCalendarEntries(database.db, {}, day, { pageSize: 3, page: 99 });
    expect(beyond).toEqual({ total: all.total, entries: [] });
  });

  it("lists an opening that began before the month under the month's first day", async () => {
    const { entries } = await findCalendarEntries(database.db, { types: ["vendor_market"] }, JUNE, { pageSize: 100 });
    const herning = entries.find((entry) => entry.slug === "herning-kraemmermarked");
    expect(herning).toMatchObject({ day: "2026-06-01", date: "2026-05-31", endDate: "2026-06-02" });
    expect(entries.map((entry) => entry.day)).toEqual([...entries.map((entry) => entry.day)].sort());
  });

  it("feeds the openings that start in the range, at most the limit", async () => {
    const feed = await feedOccurrences(database.db, { region: "hovedstaden" }, JUNE);
    expect(feed.every((occurrence) => occurrence.date >= JUNE.from && occurrence.date <= JUNE.to)).toBe(true);
    expect(feed.every((occurrence) => occurrence.market.postalCode >= 1000 && occurrence.market.postalCode <= 3799)).toBe(true);
    expect(feed.find((occurrence) => occurrence.market.slug === "loppemarked-paa-noerrebro")?.market.latitude).toBeCloseTo(55.6941);
    expect(await feedOccurrences(database.db, {}, JUNE, 4)).toHaveLength(4);
  });

  it("answers a market's .ics with its rule, and 404 in Danish for an unknown slug or a shop", async () => {
    const id = "00000000-0000-4000-8000-00000000a001";
    const now = "2026-05-01T10:00:00.000Z";
    await database.db
      .insertInto("markets")
      .values({
        id,
        slug: "soendagsmarked-i-kalenderen",
        name: "Søndagsmarked i kalenderen",
        sort_name: "soendagsmarked i kalenderen",
        type: "flea_market",
        description: "Hver søndag, også om vinteren.",
        venue_name: "Torvet",
        street: null,
        postal_code: 8000,
        city: "Aarhus C",
        municipality: null,
        latitude: 56.1572,
        longitude: 10.2107,
        setting: "outdoor",
        entry_fee_dkk: 0,
        entry_fee_text: null,
        stall_price_text: null,
        booking_info: null,
        stall_count: null,
        website: null,
        email: null,
        phone: null,
        facebook: null,
        owner_id: null,
        status: "published",
        featured_until: null,
        source: "demo",
        last_confirmed_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await database.db
      .insertInto("market_schedules")
      .values({
        id: "00000000-0000-4000-9000-00000000a001",
        market_id: id,
        kind: "rule",
        start_date: "2026-06-01",
        end_date: "2026-12-31",
        rrule: "FREQ=WEEKLY;BYDAY=SU",
        start_time: "10:00",
        end_time: "15:00",
        opening_hours: null,
        cancelled: JSON.stringify([{ date: "2026-06-21" }]),
        updated_at: now,
      })
      .execute();
    await database.db.insertInto("market_slug_history").values({ slug: "gammelt-soendagsmarked", market_id: id, created_at: now }).execute();

    const answer = await marketIcsResponse(database.db, "soendagsmarked-i-kalenderen", { baseUrl: "https://loppeguiden.dk" });
    expect(answer.status).toBe(200);
    expect(answer.headers["Content-Type"]).toBe("text/calendar; charset=utf-8");
    expect(answer.headers["Content-Disposition"]).toBe('attachment; filename="soendagsmarked-i-kalenderen.ics"');
    expect(answer.body).toContain("DTSTART;TZID=Europe/Copenhagen:20260607T100000");
    expect(answer.body).toContain("RRULE:FREQ=WEEKLY;BYDAY=SU;UNTIL=20261231T090000Z");
    expect(answer.body).toContain("EXDATE;TZID=Europe/Copenhagen:20260621T100000");
    expect(answer.body).toContain("GEO:56.1572;10.2107");
    expect(answer.body).toContain("URL:https://loppeguiden.dk/markeder/soendagsmarked-i-kalenderen");

    expect(await marketIcsResponse(database.db, "gammelt-soendagsmarked", { baseUrl: "" })).toMatchObject({
      status: 301,
      headers: { Location: "/markeder/soendagsmarked-i-kalenderen.ics" },
    });
    expect(await marketIcsResponse(database.db, "findes-ikke", { baseUrl: "" })).toMatchObject({ status: 404, body: MARKET_NOT_FOUND });
    expect(await marketIcsResponse(database.db, "hemmeligt-loppemarked", { baseUrl: "" })).toMatchObject({ status: 404 });
    expect(await marketIcsResponse(database.db, "../etc", { baseUrl: "" })).toMatchObject({ status: 404 });
    expect(await marketIcsResponse(database.db, "genbrug-svendborg", { baseUrl: "" })).toMatchObject({ status: 404, body: NO_DATES });
  });
});
