import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { refreshAllOccurrences, refreshMarketOccurrences, specToScheduleRow } from "../../app/markets/schedule/occurrences.server";
import type { MarketStatus, MarketType, ScheduleSpec } from "../../app/markets/types";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");
const now = new Date("2027-03-15T12:00:00.000Z");
const TODAY = "2027-04-01";

const sundaysInSummer: ScheduleSpec = {
  kind: "rule",
  startDate: "2027-01-01",
  rrule: "FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9",
  startTime: "10:00",
  endTime: "15:00",
  cancelled: [{ date: "2027-05-09", note: "Pinsemarked på torvet" }],
};
const fleaMarketDay: ScheduleSpec = { kind: "dates", startDate: "2027-06-12", startTime: "09:00", endTime: "16:00" };
const shopWeek: ScheduleSpec = {
  kind: "opening_hours",
  startDate: "2027-01-01",
  openingHours: { mon: [["10:00", "17:30"]], sat: [["10:00", "14:00"]] },
};
const everyDay: ScheduleSpec = { kind: "rule", startDate: "2027-01-01", rrule: "FREQ=DAILY", startTime: "10:00", endTime: "16:00" };

describe(`market occurrences on ${kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    // Schedules and occurrences go with their markets (on delete cascade).
    await database.db.deleteFrom("market_occurrences").execute();
    await database.db.deleteFrom("market_schedules").execute();
    await database.db.deleteFrom("markets").execute();
  });

  async function addMarket(
    schedules: ScheduleSpec[],
    { status = "published", type = "flea_market" }: { status?: MarketStatus; type?: MarketType } = {},
  ): Promise<{ id: string; scheduleIds: string[] }> {
    const id = randomUUID();
    await database.db
      .insertInto("markets")
      .values({
        id,
        slug: `marked-${id}`,
        name: `Marked ${id}`,
        sort_name: `marked ${id}`,
        type,
        postal_code: 8000,
        city: "Aarhus",
        status,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    const scheduleIds: string[] = [];
    for (const spec of schedules) {
      const scheduleId = randomUUID();
      await database.db
        .insertInto("market_schedules")
        .values(specToScheduleRow(spec, { id: scheduleId, marketId: id, now }))
        .execute();
      scheduleIds.push(scheduleId);
    }
    return { id, scheduleIds };
  }

  const occurrencesOf = (marketId: string) =>
    database.db.selectFrom("market_occurrences").selectAll().where("market_id", "=", marketId).orderBy("local_date").orderBy("schedule_id").execute();

  const allOccurrences = () => database.db.selectFrom("market_occurrences").selectAll().orderBy("market_id").orderBy("local_date").orderBy("schedule_id").execute();

  it("materialises a market's schedules for 18 months, with times in UTC and cancellations", async () => {
    const market = await addMarket([sundaysInSummer, fleaMarketDay]);
    expect(await refreshMarketOccurrences(database.db, market.id, { today: TODAY })).toEqual({
      occurrences: 44,
      inserted: 44,
      deleted: 0,
    });

    const rows = await occurrencesOf(market.id);
    // 43 summer Sundays from 1 April 2027 to 1 October 2028, and the one-off Saturday.
    expect(rows).toHaveLength(44);
    expect(rows[0]!.local_date).toBe("2027-05-02");
    expect(rows.at(-1)!.local_date).toBe("2028-09-24");
    expect(rows.find((row) => row.local_date === "2027-05-09")).toMatchObject({
      status: "cancelled",
      note: "Pinsemarked på torvet",
    });
    expect(rows.filter((row) => row.status === "cancelled")).toHaveLength(1);
    expect(rows.find((row) => row.local_date === "2027-06-12")).toEqual({
      market_id: market.id,
      schedule_id: market.scheduleIds[1],
      local_date: "2027-06-12",
      end_date: "2027-06-12",
      start_time: "09:00",
      end_time: "16:00",
      starts_at: "2027-06-12T07:00:00.000Z",
      ends_at: "2027-06-12T14:00:00.000Z",
      status: "scheduled",
      note: null,
    });
  });

  it("gives the same rows when run again", async () => {
    const market = await addMarket([sundaysInSummer]);
    await refreshMarketOccurrences(database.db, market.id, { today: TODAY });
    const first = await occurrencesOf(market.id);
    // Nothing changed, so nothing is written.
    expect(await refreshMarketOccurrences(database.db, market.id, { today: TODAY })).toEqual({
      occurrences: 43,
      inserted: 0,
      deleted: 0,
    });
    expect(await occurrencesOf(market.id)).toEqual(first);
  });

  it("keeps past occurrences and replaces future ones when the schedule changes", async () => {
    const market = await addMarket([sundaysInSummer]);
    const [scheduleId] = market.scheduleIds;
    await database.db
      .insertInto("market_occurrences")
      .values({
        market_id: market.id,
        schedule_id: scheduleId!,
        local_date: "2026-09-27",
        end_date: "2026-09-27",
        start_time: "10:00",
        end_time: "15:00",
        starts_at: "2026-09-27T08:00:00.000Z",
        ends_at: "2026-09-27T13:00:00.000Z",
        status: "scheduled",
        note: null,
      })
      .execute();
    await refreshMarketOccurrences(database.db, market.id, { today: TODAY });

    // From July the market moves to Saturdays.
    await database.db
      .updateTable("market_schedules")
      .set({ rrule: "FREQ=WEEKLY;BYDAY=SA;BYMONTH=5,6,7,8,9", updated_at: now.toISOString() })
      .where("id", "=", scheduleId!)
      .execute();
    // The 34 Sundays from July go, 35 Saturdays come.
    expect(await refreshMarketOccurrences(database.db, market.id, { today: "2027-07-01" })).toEqual({
      occurrences: 35,
      inserted: 35,
      deleted: 34,
    });

    const rows = await occurrencesOf(market.id);
    const before = rows.filter((row) => row.local_date < "2027-07-01").map((row) => row.local_date);
    const after = rows.filter((row) => row.local_date >= "2027-07-01");
    expect(before).toEqual(["2026-09-27", "2027-05-02", "2027-05-09", "2027-05-16", "2027-05-23", "2027-05-30", "2027-06-06", "2027-06-13", "2027-06-20", "2027-06-27"]);
    expect(after).toHaveLength(35);
    expect(after.every((row) => new Date(`${row.local_date}T12:00:00Z`).getUTCDay() === 6)).toBe(true);
  });

  it("rewrites only the date that a new cancellation changes", async () => {
    const market = await addMarket([sundaysInSummer]);
    await refreshMarketOccurrences(database.db, market.id, { today: TODAY });
    await database.db
      .updateTable("market_schedules")
      .set({ cancelled: JSON.stringify([...sundaysInSummer.cancelled!, { date: "2027-08-01", note: "Byfest" }]) })
      .where("market_id", "=", market.id)
      .execute();
    expect(await refreshMarketOccurrences(database.db, market.id, { today: TODAY })).toEqual({
      occurrences: 43,
      inserted: 1,
      deleted: 1,
    });
    const rows = await occurrencesOf(market.id);
    expect(rows.filter((row) => row.status === "cancelled").map((row) => [row.local_date, row.note])).toEqual([
      ["2027-05-09", "Pinsemarked på torvet"],
      ["2027-08-01", "Byfest"],
    ]);
  });

  it("gives shops with opening hours no occurrences", async () => {
    const shop = await addMarket([shopWeek], { type: "thrift_store" });
    expect(await refreshMarketOccurrences(database.db, shop.id, { today: TODAY })).toMatchObject({ occurrences: 0, inserted: 0 });
    expect(await occurrencesOf(shop.id)).toEqual([]);
  });

  it("changes nothing when a schedule cannot be expanded", async () => {
    const market = await addMarket([sundaysInSummer]);
    await refreshMarketOccurrences(database.db, market.id, { today: TODAY });
    const before = await occurrencesOf(market.id);
    await database.db.updateTable("market_schedules").set({ start_time: null }).where("market_id", "=", market.id).execute();
    await expect(refreshMarketOccurrences(database.db, market.id, { today: TODAY })).rejects.toThrow(/Angiv åbningstiden/);
    expect(await occurrencesOf(market.id)).toEqual(before);
  });

  it("refreshes every published market in batches, and only those", async () => {
    const summer = await addMarket([sundaysInSummer, fleaMarketDay]);
    const monthly = await addMarket([{ kind: "rule", startDate: "2027-01-01", rrule: "FREQ=MONTHLY;BYDAY=1SA", startTime: "09:00", endTime: "14:00" }]);
    const shop = await addMarket([shopWeek], { type: "thrift_store" });
    const none = await addMarket([]);
    const draft = await addMarket([sundaysInSummer], { status: "draft" });
    const archived = await addMarket([sundaysInSummer], { status: "archived" });
    // A market awaiting review may have been given dates for its preview; the job leaves them be.
    const pending = await addMarket([fleaMarketDay], { status: "pending" });
    await refreshMarketOccurrences(database.db, pending.id, { today: TODAY });

    const progress: number[] = [];
    const result = await refreshAllOccurrences(database.db, {
      today: TODAY,
      batchSize: 2,
      onProgress: ({ markets, total }) => progress.push(markets / total),
    });
    expect(result).toEqual({ markets: 4, occurrences: 44 + 18, inserted: 44 + 18, deleted: 0, failed: [] });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toBe(1);
    expect(await occurrencesOf(summer.id)).toHaveLength(44);
    expect(await occurrencesOf(monthly.id)).toHaveLength(18);
    for (const market of [shop, none, draft, archived]) expect(await occurrencesOf(market.id)).toEqual([]);
    expect(await occurrencesOf(pending.id)).toHaveLength(1);

    const first = await allOccurrences();
    // One batch this time, so every market lies inside the id range it reads and writes.
    expect(await refreshAllOccurrences(database.db, { today: TODAY })).toEqual({ ...result, inserted: 0, deleted: 0 });
    expect(await allOccurrences()).toEqual(first);
    expect(await occurrencesOf(pending.id)).toHaveLength(1);
  });

  it("inserts more rows than one statement may carry", async () => {
    // Six markets open every day: 6 × 550 rows in one batch, over the 3,000 rows per INSERT.
    const markets = [];
    for (let i = 0; i < 6; i++) markets.push(await addMarket([everyDay]));
    const result = await refreshAllOccurrences(database.db, { today: TODAY });
    expect(result).toEqual({ markets: 6, occurrences: 3300, inserted: 3300, deleted: 0, failed: [] });
    const { count } = await database.db
      .selectFrom("market_occurrences")
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(3300);
    expect(await occurrencesOf(markets[5]!.id)).toHaveLength(550);
  });

  it("skips a market with a broken schedule and refreshes the others", async () => {
    const broken = await addMarket([sundaysInSummer]);
    await refreshMarketOccurrences(database.db, broken.id, { today: TODAY });
    const kept = await occurrencesOf(broken.id);
    await database.db.updateTable("market_schedules").set({ rrule: "FREQ=SOMETIMES" }).where("market_id", "=", broken.id).execute();
    const fine = await addMarket([fleaMarketDay]);

    const result = await refreshAllOccurrences(database.db, { today: TODAY });
    expect(result.markets).toBe(1);
    expect(result.occurrences).toBe(1);
    expect(result.failed).toEqual([{ marketId: broken.id, scheduleId: broken.scheduleIds[0], message: expect.stringMatching(/FREQ/) }]);
    expect(await occurrencesOf(broken.id)).toEqual(kept);
    expect(await occurrencesOf(fine.id)).toHaveLength(1);
  });
});
