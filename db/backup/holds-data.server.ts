import { sql, type Kysely } from "kysely";
import { appTables, countRows } from "./app-tables.server";

/**
 * Tables the migrations fill themselves, so that a freshly migrated database has rows there: the
 * forum's first categories (0017). A database whose only rows are these holds no data of its own.
 * tests/integration/db-backup.test.ts fails when a new migration writes rows elsewhere.
 */
const FILLED_BY_MIGRATIONS: readonly string[] = ["forum_categories"];

/**
 * The site's tables that hold rows in this database: empty when it is new or only migrated. A
 * restore or a copy into a database that holds data would overwrite or mix with it, so they ask first.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads any schema, an older one too
export async function tablesHoldingData(db: Kysely<any>): Promise<string[]> {
  const holding: string[] = [];
  for (const table of await appTables(db)) {
    if (FILLED_BY_MIGRATIONS.includes(table)) continue;
    const { rows } = await sql`select 1 as found from ${sql.table(table)} limit 1`.execute(db);
    if (rows.length > 0) holding.push(table);
  }
  return holding;
}

const rows = new Intl.NumberFormat("da-DK");

/**
 * What these tables hold, for the message that asks before overwriting it, the fullest first:
 * "market_occurrences: 22.753 rækker, markets: 2.200, … og 12 andre tabeller".
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads any schema
export async function describeData(db: Kysely<any>, tables: readonly string[], named = 4): Promise<string> {
  const fullest = [...(await countRows(db, tables))].sort(([a, m], [b, n]) => n - m || a.localeCompare(b));
  const shown = fullest.slice(0, named).map(([table, count], at) => `${table}: ${rows.format(count)}${at === 0 ? (count === 1 ? " række" : " rækker") : ""}`);
  const others = fullest.length - shown.length;
  return others > 0 ? `${shown.join(", ")} og ${others} ${others === 1 ? "anden tabel" : "andre tabeller"}` : shown.join(", ");
}
