import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { measurementReport } from "../../app/measurements/report.server";
import { MEASUREMENT_DAYS, forgetOldMeasurements, recordMeasurements } from "../../app/measurements/store.server";
import type { MeasurementPayload } from "../../app/measurements/payload";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");
/** Midday in Copenhagen on Saturday 21 November 2026. */
const NOW = new Date("2026-11-21T11:00:00.000Z");
const TODAY = "2026-11-21";

function daysAgo(days: number): Date {
  return new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);
}

function vitals(path: string, metric: "LCP" | "CLS" | "INP" | "FCP" | "TTFB", values: number[]): MeasurementPayload {
  return { path, events: values.map((value) => ({ kind: "vital" as const, metric, value })) };
}

describe(`anonymous measurements on ${kind}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.deleteFrom("measurements").execute();
    await database.db.deleteFrom("page_views").execute();
  });

  it("stores page type, day, metric, value and the rating from product §9, and nothing of the path", async () => {
    await recordMeasurements(
      database.db,
      {
        path: "/markeder/loppemarked-i-vejle",
        events: [
          { kind: "vital", metric: "LCP", value: 2600 },
          { kind: "vital", metric: "CLS", value: 0.02 },
          { kind: "slow-resource", value: 1800 },
        ],
      },
      NOW,
    );
    const rows = await database.db.selectFrom("measurements").selectAll().orderBy("metric").execute();
    expect(rows.map(({ id: _id, ...row }) => ({ ...row, value: Number(row.value) }))).toEqual([
      { day: TODAY, page_type: "market", metric: "CLS", value: 0.02, rating: "good" },
      { day: TODAY, page_type: "market", metric: "LCP", value: 2600, rating: "needs-improvement" },
      { day: TODAY, page_type: "market", metric: "slow-resource", value: 1800, rating: "poor" },
    ]);
    expect(JSON.stringify(rows)).not.toContain("vejle");
  });

  it("counts page views per day and page type in one row each", async () => {
    await recordMeasurements(database.db, { path: "/", events: [{ kind: "page-view" }] }, NOW);
    await recordMeasurements(database.db, { path: "/", events: [{ kind: "page-view" }, { kind: "page-view" }] }, NOW);
    await recordMeasurements(database.db, { path: "/kalender", events: [{ kind: "page-view" }] }, NOW);
    await recordMeasurements(database.db, { path: "/", events: [{ kind: "page-view" }] }, daysAgo(1));
    const rows = await database.db.selectFrom("page_views").selectAll().orderBy("day").orderBy("page_type").execute();
    expect(rows.map((row) => ({ ...row, views: Number(row.views) }))).toEqual([
      { day: "2026-11-20", page_type: "home", views: 1 },
      { day: TODAY, page_type: "calendar", views: 1 },
      { day: TODAY, page_type: "home", views: 3 },
    ]);
  });

  it("reports the 75th percentile of each vital per page type, rated by product §9", async () => {
    await recordMeasurements(database.db, vitals("/", "LCP", [1000, 2000, 3000, 5000]), daysAgo(3));
    await recordMeasurements(database.db, vitals("/", "CLS", [0.01, 0.3, 0.02]), NOW);
    await recordMeasurements(database.db, vitals("/loppemarkeder-i-aarhus", "LCP", [4200, 4500, 1000, 900, 800, 700, 600, 500]), NOW);
    await recordMeasurements(database.db, vitals("/loppemarkeder", "INP", [120]), NOW);
    await recordMeasurements(
      database.db,
      {
        path: "/register",
        events: [
          { kind: "slow-resource", value: 1200 },
          { kind: "slow-resource", value: 2400 },
        ],
      },
      NOW,
    );

    const report = await measurementReport(database.db, TODAY);
    expect(report.pageTypes).toEqual([
      {
        pageType: "home",
        vitals: {
          LCP: { p75: 3000, samples: 4, rating: "needs-improvement" },
          CLS: { p75: 0.3, samples: 3, rating: "poor" },
        },
        slowResources: null,
      },
      {
        pageType: "landing",
        vitals: {
          LCP: { p75: 1000, samples: 8, rating: "good" },
          INP: { p75: 120, samples: 1, rating: "good" },
        },
        slowResources: null,
      },
      { pageType: "register", vitals: {}, slowResources: { p75: 2400, samples: 2 } },
    ]);
  });

  it("shows every one of the last 30 days, and deletes what is older", async () => {
    await recordMeasurements(database.db, { path: "/", events: [{ kind: "page-view" }, { kind: "vital", metric: "TTFB", value: 100 }] }, daysAgo(MEASUREMENT_DAYS));
    await recordMeasurements(database.db, { path: "/faq", events: [{ kind: "page-view" }] }, daysAgo(MEASUREMENT_DAYS - 1));
    await recordMeasurements(database.db, { path: "/faq", events: [{ kind: "page-view" }] }, daysAgo(2));
    await recordMeasurements(database.db, { path: "/", events: [{ kind: "page-view" }] }, daysAgo(2));
    await recordMeasurements(database.db, { path: "/", events: [{ kind: "page-view" }] }, NOW);
    // The daily job's clean-up: the page view and the vital of 30 days ago.
    expect(await forgetOldMeasurements(database.db, TODAY)).toBe(2);

    const report = await measurementReport(database.db, TODAY);
    expect(report.from).toBe("2026-10-23");
    expect(report.to).toBe(TODAY);
    expect(report.pageViews).toHaveLength(MEASUREMENT_DAYS);
    expect(report.pageViews[0]).toEqual({ day: "2026-10-23", views: 1 });
    expect(report.pageViews.at(-3)).toEqual({ day: "2026-11-19", views: 2 });
    expect(report.pageViews.at(-2)).toEqual({ day: "2026-11-20", views: 0 });
    expect(report.pageViews.at(-1)).toEqual({ day: TODAY, views: 1 });
    expect(report.pageTypes).toEqual([]);

    const oldest = await database.db
      .selectFrom("page_views")
      .select((eb) => eb.fn.min("day").as("day"))
      .executeTakeFirstOrThrow();
    expect(oldest.day).toBe("2026-10-23");
    expect(await database.db.selectFrom("measurements").selectAll().execute()).toEqual([]);
  });
});
