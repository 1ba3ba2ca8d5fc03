import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { readCacheGeneration } from "../../app/lib/cache-generation.server";
import { claimDailyRefresh, runDailyOccurrenceJob } from "../../app/jobs/daily-job.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

describe(`the daily occurrence job on ${inject("testDatabase").kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("runs once a day however many instances ask", async () => {
    const claims = await Promise.all([1, 2, 3].map(() => claimDailyRefresh(database.db, "2027-05-01")));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimDailyRefresh(database.db, "2027-05-01")).toBe(false);
    expect(await claimDailyRefresh(database.db, "2027-05-02")).toBe(true);
  });

  it("refreshes and empties the page caches when it runs", async () => {
    const before = await readCacheGeneration(database.db);
    expect(await runDailyOccurrenceJob(database.db, pino({ level: "silent" }), "2027-05-03")).toMatchObject({ markets: 0 });
    expect(await readCacheGeneration(database.db)).toBe(before + 1);
    expect(await runDailyOccurrenceJob(database.db, pino({ level: "silent" }), "2027-05-03")).toBeNull();
  });
});
