import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { addDays, todayInDenmark } from "~/lib/dates";
import { pageTypeOf } from "./page-type.server";
import type { MeasurementPayload } from "./payload";
import { rateVital } from "./thresholds";

/** Measurements are kept, and shown, for this many days including today; older ones are deleted. */
export const MEASUREMENT_DAYS = 30;

/** The first day still kept on `today`. */
export function firstKeptDay(today: string): string {
  return addDays(today, -(MEASUREMENT_DAYS - 1));
}

/**
 * Stores one beacon. The path becomes a page type and is dropped; the rating is worked out here
 * from product §9's limits rather than taken from the browser.
 */
export async function recordMeasurements(db: Kysely<Database>, payload: MeasurementPayload, now: Date = new Date()): Promise<void> {
  const day = todayInDenmark(now);
  const pageType = pageTypeOf(payload.path);
  const pageViews = payload.events.filter((event) => event.kind === "page-view").length;
  const rows = payload.events.flatMap((event) => {
    if (event.kind === "vital") return [{ metric: event.metric, value: event.value, rating: rateVital(event.metric, event.value) }];
    if (event.kind === "slow-resource") return [{ metric: "slow-resource", value: event.value, rating: "poor" }];
    return [];
  });

  await db.transaction().execute(async (trx) => {
    if (pageViews > 0) {
      await trx
        .insertInto("page_views")
        .values({ day, page_type: pageType, views: pageViews })
        .onConflict((oc) => oc.columns(["day", "page_type"]).doUpdateSet({ views: sql<number>`page_views.views + ${pageViews}` }))
        .execute();
    }
    if (rows.length > 0) {
      await trx
        .insertInto("measurements")
        .values(rows.map((row) => ({ id: randomUUID(), day, page_type: pageType, ...row })))
        .execute();
    }
  });
}

/**
 * Deletes the measurements and page views older than the days the report shows: run by the
 * daily job, not by every beacon. Returns how many rows went.
 */
export async function forgetOldMeasurements(db: Kysely<Database>, today: string): Promise<number> {
  const cutoff = firstKeptDay(today);
  const measurements = await db.deleteFrom("measurements").where("day", "<", cutoff).executeTakeFirst();
  const pageViews = await db.deleteFrom("page_views").where("day", "<", cutoff).executeTakeFirst();
  return Number(measurements.numDeletedRows) + Number(pageViews.numDeletedRows);
}
