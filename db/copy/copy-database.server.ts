import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type { Kysely } from "kysely";
import { databaseKind, openDatabase, sqlitePath } from "../../app/lib/db/database.server";
import { updatePlannerStatistics } from "../../app/lib/db/dialect.server";
import { appTables, columnNames, countRows, migrationsRun } from "../backup/app-tables.server";
import { describeData, tablesHoldingData } from "../backup/holds-data.server";
import { Refusal } from "../backup/refusal";
import { migrations } from "../migrations/index";
import { migrateToLatest } from "../migrations/migrate.server";
import { foreignKeys, writableColumns, type TargetColumn } from "./postgres-catalog.server";
import { toTargetValue } from "./postgres-values";
import { setSequencesPastIds } from "./sequences.server";
import { idsGiven, inOneSnapshot, rowsInBatches } from "./source-snapshot.server";
import { orderByReferences } from "./table-order";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- copies any schema the migrations made
type AnyDb = Kysely<any>;

/** Rows per insert when not told. */
export const DEFAULT_BATCH_SIZE = 1000;
/** PostgreSQL takes at most this many bound values in one statement; a batch of a wide table is made smaller. */
const MAX_BOUND_VALUES = 65_535;

export interface TableCount {
  table: string;
  /** Rows in the source, as the copy read it. */
  source: number;
  /** Rows in the target once the copy committed. */
  target: number;
}

export interface CopyResult {
  /** Every table, in the order they were copied. */
  tables: TableCount[];
  /** The migrations run on the target first. */
  migrated: string[];
  elapsedMs: number;
}

export interface CopyOptions {
  /** Rows per insert (DEFAULT_BATCH_SIZE). */
  batchSize?: number;
}

/** The same PostgreSQL database named twice: the copy would delete what it reads. */
function sameDatabase(sourceUrl: string, targetUrl: string): boolean {
  if (databaseKind(sourceUrl) !== "postgres") return false;
  const [source, target] = [new URL(sourceUrl), new URL(targetUrl)];
  return source.hostname === target.hostname && (source.port || "5432") === (target.port || "5432") && source.pathname === target.pathname;
}

/**
 * Moves a site's data from its database (normally SQLite) to an empty PostgreSQL database: the
 * target is migrated to the latest migration, then every table of the site is copied in an order
 * that respects the foreign keys, in batches, as the source stood at one moment, in one transaction
 * on the target; the sequences are set past the copied ids, and every table is counted on both
 * sides. Nothing is left out: the search tables, "Åbent nu"'s openings and the counters are derived
 * data the site could make again, but copied they are right at once, where made again they would be
 * missing until the next start or the daily job. Not copied are the migrator's bookkeeping (the
 * target was migrated) and SQLite's FTS5 tables, which PostgreSQL derives from the copied text.
 */
export async function copyDatabase(sourceUrl: string, targetUrl: string, options: CopyOptions = {}): Promise<CopyResult> {
  const started = performance.now();
  if (databaseKind(targetUrl) !== "postgres") throw new Refusal("Målet skal være en PostgreSQL-database: --til postgres://bruger@vært:5432/database.");
  if (sameDatabase(sourceUrl, targetUrl)) throw new Refusal("Kilden og målet er den samme database.");
  // openDatabase would make an empty SQLite file where none is.
  if (databaseKind(sourceUrl) === "sqlite" && !existsSync(sqlitePath(sourceUrl))) throw new Refusal(`Der er ingen database at kopiere: ${sqlitePath(sourceUrl)} findes ikke.`);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const source = openDatabase(sourceUrl, { poolSize: 1 });
  const target = openDatabase(targetUrl, { poolSize: 2 });
  try {
    refuseUnmigratedSource(await migrationsRun(source.db));
    const migrated = await migrateToLatest(target.db);
    const holding = await tablesHoldingData(target.db);
    if (holding.length > 0) {
      throw new Refusal(
        `Måldatabasen indeholder allerede data (${await describeData(target.db, holding)}). npm run db:copy flytter kun til en tom database: opret en ny, eller brug en anden.`,
      );
    }
    const tables = orderByReferences(await appTables(target.db), await foreignKeys(target.db));
    const plan = await columnsToCopy(source.db, target.db, tables);

    const sourceCounts = await inOneSnapshot(source.db, async (snapshot) => {
      const counts = await countRows(snapshot, tables);
      const given = await idsGiven(snapshot);
      const targetDb: AnyDb = target.db;
      await targetDb.transaction().execute(async (trx) => {
        // A migrated database is empty but for the rows the migrations wrote (the forum's
        // categories); the source's own take their place.
        for (const table of [...tables].reverse()) await trx.deleteFrom(table).execute();
        for (const table of tables) await copyTable(snapshot, trx, table, plan.get(table)!, batchSize);
        await setSequencesPastIds(trx, given);
      });
      return counts;
    });

    // The planner's statistics for the new rows, as after seeding (outside the transaction: VACUUM).
    await updatePlannerStatistics(target.db);
    const targetCounts = await countRows(target.db, tables);
    return {
      tables: tables.map((table) => ({ table, source: sourceCounts.get(table) ?? 0, target: targetCounts.get(table) ?? 0 })),
      migrated,
      elapsedMs: performance.now() - started,
    };
  } finally {
    await source.close();
    await target.close();
  }
}

/** One table's rows from the source's snapshot into the target's transaction, batch by batch, each one insert. */
async function copyTable(snapshot: AnyDb, trx: AnyDb, table: string, columns: readonly TargetColumn[], batchSize: number): Promise<void> {
  const size = Math.max(1, Math.min(batchSize, Math.floor(MAX_BOUND_VALUES / columns.length)));
  const names = columns.map((column) => column.name);
  for await (const batch of rowsInBatches(snapshot, table, names, size)) {
    const rows = batch.map((row) => Object.fromEntries(columns.map((column) => [column.name, toTargetValue(row[column.name], column)])));
    await trx.insertInto(table).values(rows).execute();
  }
}

/** "0020_admin_market_pages og 0021_live_events", or the first few and how many more. */
function someNames(names: readonly string[], named = 4): string {
  if (names.length > named + 1) return `${names.slice(0, named).join(", ")} og ${names.length - named} andre`;
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} og ${names.at(-1)}` : names.join("");
}

/** The source must have run exactly the migrations this version knows: otherwise its columns are not the target's. */
function refuseUnmigratedSource(ran: readonly string[]): void {
  const known = Object.keys(migrations);
  const missing = known.filter((name) => !ran.includes(name));
  const unknown = ran.filter((name) => !known.includes(name));
  if (missing.length > 0) {
    throw new Refusal(`Kildedatabasen mangler migreringerne ${someNames(missing)}. Kør npm run db:migrate på den først (serveren gør det også, når den starter).`);
  }
  if (unknown.length > 0)
    throw new Refusal(`Kildedatabasen har migreringer, som denne version ikke kender (${someNames(unknown)}). Brug den version af Loppeguiden, der skrev dem.`);
}

/** Each table's columns as the target writes them, checked against the source's. */
async function columnsToCopy(sourceDb: AnyDb, targetDb: AnyDb, tables: readonly string[]): Promise<Map<string, TargetColumn[]>> {
  const sourceTables = new Set(await appTables(sourceDb));
  const plan = new Map<string, TargetColumn[]>();
  for (const table of tables) {
    if (!sourceTables.has(table)) throw new Error(`Tabellen ${table} findes i målet, men ikke i kilden.`);
    const sourceColumns = new Set(await columnNames(sourceDb, table));
    const columns = await writableColumns(targetDb, table);
    const absent = columns.filter((column) => !sourceColumns.has(column.name));
    if (absent.length > 0) throw new Error(`Kolonnerne ${absent.map((column) => `${table}.${column.name}`).join(", ")} findes i målet, men ikke i kilden.`);
    plan.set(table, columns);
  }
  const extra = [...sourceTables].filter((table) => !tables.includes(table));
  if (extra.length > 0) throw new Error(`Tabellerne ${extra.join(", ")} findes i kilden, men ikke i målet, og ville ikke blive kopieret.`);
  return plan;
}
