import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { addDays, todayInDenmark } from "~/lib/dates";
import { PAGE_TYPES, type PageType } from "./page-type.server";
import { firstKeptDay, MEASUREMENT_DAYS } from "./store.server";
import { rateVital, VITAL_NAMES, type Rating, type VitalName } from "./thresholds";

/**
 * What the admin page shows: per page type the 75th percentile of each vital (the figure Google
 * judges a site by) and of the slow resources, and the page views of each of the last 30 days.
 * The percentile is worked out here rather than in SQL, which SQLite has no function for.
 */

export interface Percentile {
  p75: number;
  samples: number;
}

export interface VitalCell extends Percentile {
  rating: Rating;
}

export interface PageTypeRow {
  pageType: PageType;
  vitals: Partial<Record<VitalName, VitalCell>>;
  /** Resources slower than SLOW_RESOURCE_MS: how many, and the 75th percentile of their time. */
  slowResources: Percentile | null;
}

export interface MeasurementReport {
  from: string;
  to: string;
  pageTypes: PageTypeRow[];
  /** Every day from `from` to `to`, days without visits as 0. */
  pageViews: { day: string; views: number }[];
}

/** Nearest-rank percentile: the smallest value at least `share` of the samples are at or below. */
export function percentile(values: number[], share: number): number {
  if (values.length === 0) throw new RangeError("no values");
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;
}

function percentileOf(values: number[]): Percentile {
  return { p75: percentile(values, 0.75), samples: values.length };
}

export async function measurementReport(db: Kysely<Database>, today: string = todayInDenmark()): Promise<MeasurementReport> {
  const from = firstKeptDay(today);
  const [measurements, views] = await Promise.all([
    db.selectFrom("measurements").select(["page_type", "metric", "value"]).where("day", ">=", from).where("day", "<=", today).execute(),
    db
      .selectFrom("page_views")
      .select(["day"])
      .select((eb) => eb.fn.sum<number | string>("views").as("views"))
      .where("day", ">=", from)
      .where("day", "<=", today)
      .groupBy("day")
      .execute(),
  ]);

  const valuesByGroup = new Map<string, number[]>();
  for (const row of measurements) {
    const key = `${row.page_type} ${row.metric}`;
    const values = valuesByGroup.get(key) ?? [];
    values.push(Number(row.value));
    valuesByGroup.set(key, values);
  }

  const pageTypes: PageTypeRow[] = [];
  for (const pageType of PAGE_TYPES) {
    const vitals: PageTypeRow["vitals"] = {};
    for (const metric of VITAL_NAMES) {
      const values = valuesByGroup.get(`${pageType} ${metric}`);
      if (!values) continue;
      const cell = percentileOf(values);
      vitals[metric] = { ...cell, rating: rateVital(metric, cell.p75) };
    }
    const slow = valuesByGroup.get(`${pageType} slow-resource`);
    if (Object.keys(vitals).length > 0 || slow) pageTypes.push({ pageType, vitals, slowResources: slow ? percentileOf(slow) : null });
  }

  // PostgreSQL sums integers as bigint, which pg hands over as text.
  const viewsByDay = new Map(views.map((row) => [row.day, Number(row.views)]));
  const pageViews = Array.from({ length: MEASUREMENT_DAYS }, (_, index) => {
    const day = addDays(from, index);
    return { day, views: viewsByDay.get(day) ?? 0 };
  });
  return { from, to: today, pageTypes, pageViews };
}
