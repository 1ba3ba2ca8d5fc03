import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { bumpCacheGeneration } from "~/lib/cache-generation.server";
import { updatePlannerStatistics } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import { forgetOldClaimContacts } from "../claims/claim-retention.server";
import { refreshAllOccurrences, type RefreshResult } from "../markets/schedule/occurrences.server";
import { indexMarkets } from "../markets/search/index.server";
import { setOpeningsFrom } from "../markets/search/openings.server";
import type { LocalDate } from "../markets/types";
import { listed } from "../markets/query/visibility.server";

const CLAIM_KEY = "occurrences-refreshed-on";

/**
 * Claims today's refresh for this instance: only the first instance to write today's date into
 * site_state runs the job, so several instances sharing a database do the work once.
 */
export async function claimDailyRefresh(db: Kysely<Database>, today: LocalDate, now = new Date()): Promise<boolean> {
  const stamp = now.toISOString();
  const inserted = await db
    .insertInto("site_state")
    .values({ key: CLAIM_KEY, value: today, updated_at: stamp })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const updated = await db.updateTable("site_state").set({ value: today, updated_at: stamp }).where("key", "=", CLAIM_KEY).where("value", "<", today).executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * Moves the 18-month horizon on: occurrences, then the search rows (they carry the days each
 * market is open, so new days must reach them), then empties the page caches. Indexing market by
 * market keeps search working throughout.
 */
export async function refreshOccurrencesAndSearch(db: Kysely<Database>, today: LocalDate): Promise<RefreshResult> {
  const result = await refreshAllOccurrences(db, { today });
  // Today's rows are already there from yesterday's window; each market gets tomorrow's as it is indexed.
  await setOpeningsFrom(db, today);
  const published = await db.selectFrom("markets").select("id").where(listed("status")).orderBy("id").execute();
  await indexMarkets(
    db,
    published.map((row) => row.id),
    { today },
  );
  await updatePlannerStatistics(db);
  await bumpCacheGeneration(db);
  return result;
}

/**
 * The daily job of a running server; null when another instance has already done today's. It also
 * removes the contact details of claims decided more than 90 days ago (see /privatlivspolitik),
 * first and on its own: the refresh failing must not keep them longer.
 */
export async function runDailyOccurrenceJob(db: Kysely<Database>, logger: Logger, today: LocalDate, now: Date = new Date()): Promise<RefreshResult | null> {
  if (!(await claimDailyRefresh(db, today, now))) return null;
  try {
    const forgotten = await forgetOldClaimContacts(db, now);
    if (forgotten > 0) logger.info({ claims: forgotten }, "contact details of claims decided 90 days ago removed");
  } catch (error) {
    logger.error({ err: error }, "removing the contact details of old claims failed");
  }
  return refreshOccurrencesAndSearch(db, today);
}
