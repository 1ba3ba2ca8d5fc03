import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, addMonths, todayInDenmark, weekdayOf } from "../../app/lib/dates";
import { findMarkets } from "../../app/register/market-list.server";
import { createTestMarket } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * "Nær mig" counts near and soon together (bands of distance, the next date within a band): a
 * market a little further away this weekend comes before a nearer one whose next date is next year.
 */

const { kind } = inject("testDatabase");
const TODAY = todayInDenmark();
/** The coming Saturday (a week on, when today is one). */
const SATURDAY = addDays(TODAY, (6 - weekdayIndex(TODAY) + 7) % 7 || 7);
const NEXT_YEAR = addMonths(TODAY, 11);
const TOMORROW = addDays(TODAY, 1);

function weekdayIndex(date: string): number {
  return ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].indexOf(weekdayOf(date));
}
const HERE = { latitude: 56.1567, longitude: 10.2108 }; // Aarhus C

const oneDay = (date: string) => [{ kind: "dates", startDate: date, startTime: "10:00", endTime: "15:00", durationDays: 1 }];

describe(`"nær mig" on ${kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await Promise.all([
      // About 1 km from HERE, next open eleven months from now.
      createTestMarket(database, { name: "Næste års marked", latitude: "56,1657", longitude: "10,2108", schedules: oneDay(NEXT_YEAR) }),
      // About 3 km from HERE, open on the coming Saturday.
      createTestMarket(database, { name: "Weekendens marked", latitude: "56,1837", longitude: "10,2108", schedules: oneDay(SATURDAY) }),
      // About 60 km away, open tomorrow: far is far, however soon.
      createTestMarket(database, { name: "Fjernt marked i morgen", latitude: "56,6967", longitude: "10,2108", schedules: oneDay(TOMORROW) }),
    ]);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("puts a near market this weekend before a near market next year, and a far one after both", async () => {
    const { items } = await findMarkets(database.db, { near: HERE, sort: "distance" }, { today: TODAY, pageSize: 10 });
    expect(items.map((item) => item.name)).toEqual(["Weekendens marked", "Næste års marked", "Fjernt marked i morgen"]);
    expect(items[0]!.distanceKm).toBeGreaterThan(items[1]!.distanceKm!);
  });
});
