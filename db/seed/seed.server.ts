import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../app/lib/db/schema";
import { todayInDenmark } from "../../app/lib/dates";
import { refreshAllOccurrences, specToScheduleRow } from "../../app/markets/schedule/occurrences.server";
import type { MarketSchedulesTable, MarketsTable } from "../../app/markets/schema";
import { updatePlannerStatistics } from "../../app/lib/db/dialect.server";
import { indexMarkets, rebuildSearchIndex } from "../../app/markets/search/index.server";
import { danishSortKey } from "../../app/markets/sorting";
import type { LocalDate } from "../../app/markets/types";
import { DEFAULT_DEMO_COUNT, DEFAULT_DEMO_SEED, generateDemoMarkets, type DemoMarket } from "./generate";
import { deleteDemoForum, seedDemoForum, type DemoForumResult } from "./forum.server";

/**
 * Writes the demo data set (db/seed/generate.ts) to the database: markets and schedules in batched
 * multi-row inserts, one transaction per batch, then the occurrences and the search index.
 */

export interface SeedProgress {
  phase: "markets" | "occurrences" | "search";
  done: number;
  total: number;
}

export interface SeedOptions {
  count?: number;
  seed?: number;
  today?: LocalDate;
  /** Markets per transaction. */
  batchSize?: number;
  /** Deletes the demo markets already there first; without it, existing demo data is an error. */
  reset?: boolean;
  onProgress?: (progress: SeedProgress) => void;
}

export interface SeedResult {
  /** Demo markets deleted first (reset). */
  deleted: number;
  markets: number;
  schedules: number;
  occurrences: number;
  elapsedMs: number;
  /** Milliseconds per step: generating, inserting, occurrences, search index. */
  steps: { generate: number; insert: number; occurrences: number; search: number };
  /** The demo forum written about the markets. */
  forum: DemoForumResult;
}

// Bound parameters per statement: SQLite allows 32,766 and PostgreSQL 65,535. A market row has
// 32 columns and a schedule row 12, so these stay well below both.
const MARKET_ROWS_PER_INSERT = 500;
const SCHEDULE_ROWS_PER_INSERT = 2000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** True when the database has no markets at all: the server seeds demo data on such a first start. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  return !(await db.selectFrom("markets").select("id").limit(1).executeTakeFirst());
}

export async function countDemoMarkets(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("markets")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("source", "=", "demo")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Deletes the demo forum (forum.server.ts) and every demo market (their schedules, occurrences and
 * search rows go with them by cascade) and rebuilds the search vocabulary, which counts terms
 * across markets.
 */
export async function deleteDemoData(db: Kysely<Database>): Promise<number> {
  await deleteDemoForum(db);
  const result = await db.deleteFrom("markets").where("source", "=", "demo").executeTakeFirst();
  await rebuildSearchIndex(db);
  return Number(result.numDeletedRows);
}

async function takenSlugs(db: Kysely<Database>): Promise<Set<string>> {
  const current = await db.selectFrom("markets").select("slug").execute();
  const former = await db.selectFrom("market_slug_history").select("slug").execute();
  return new Set([...current, ...former].map((row) => row.slug));
}

async function insertBatch(db: Kysely<Database>, batch: readonly DemoMarket[], now: Date): Promise<number> {
  const markets: Insertable<MarketsTable>[] = batch.map(({ row }) => ({ ...row, sort_name: danishSortKey(row.name) }));
  const schedules: Insertable<MarketSchedulesTable>[] = batch.flatMap(({ row, schedules }) =>
    schedules.map(({ id, spec }) => specToScheduleRow(spec, { id, marketId: row.id, now })),
  );
  await db.transaction().execute(async (trx) => {
    for (const chunk of chunks(markets, MARKET_ROWS_PER_INSERT)) await trx.insertInto("markets").values(chunk).execute();
    for (const chunk of chunks(schedules, SCHEDULE_ROWS_PER_INSERT)) await trx.insertInto("market_schedules").values(chunk).execute();
  });
  return schedules.length;
}

/** Thrown when demo data is there already: a second set would double every market. */
export class DemoDataExistsError extends Error {
  constructor(readonly existing: number) {
    super(`Databasen har allerede ${existing} demomarkeder. Slet dem først (--reset).`);
    this.name = "DemoDataExistsError";
  }
}

/** Adds `count` demo markets (source "demo", published), once: see DemoDataExistsError and `reset`. */
export async function seedDemoData(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const existing = await countDemoMarkets(db);
  if (existing > 0 && !options.reset) throw new DemoDataExistsError(existing);
  const deleted = existing > 0 ? await deleteDemoData(db) : 0;
  const count = options.count ?? DEFAULT_DEMO_COUNT;
  const today = options.today ?? todayInDenmark();
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 1000));
  const report = options.onProgress ?? (() => {});

  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - mark);
    mark = now;
    return ms;
  };

  const demo = generateDemoMarkets({ count, seed: options.seed ?? DEFAULT_DEMO_SEED, today, reservedSlugs: await takenSlugs(db) });
  const generate = lap();

  const now = new Date();
  let schedules = 0;
  for (const [i, batch] of chunks(demo, batchSize).entries()) {
    schedules += await insertBatch(db, batch, now);
    report({ phase: "markets", done: Math.min(count, (i + 1) * batchSize), total: count });
  }
  const insert = lap();

  const refreshed = await refreshAllOccurrences(db, {
    today,
    onProgress: (progress) => report({ phase: "occurrences", done: progress.markets, total: progress.total }),
  });
  const occurrences = lap();

  const ids = demo.map(({ row }) => row.id);
  for (const [i, batch] of chunks(ids, batchSize * 5).entries()) {
    await indexMarkets(db, batch);
    report({ phase: "search", done: Math.min(count, (i + 1) * batchSize * 5), total: count });
  }
  await updatePlannerStatistics(db);
  const search = lap();
  const forum = await seedDemoForum(db, { now });

  return {
    deleted,
    markets: demo.length,
    schedules,
    occurrences: refreshed.occurrences,
    elapsedMs: Math.round(performance.now() - started),
    steps: { generate, insert, occurrences, search },
    forum,
  };
}
