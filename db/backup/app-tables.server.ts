import { sql, type Kysely } from "kysely";
import { dialectOf, toNumber } from "../../app/lib/db/dialect.server";

/** The migrator's own bookkeeping: which migrations ran, and its lock. Never part of the site's data. */
export const MIGRATOR_TABLES: readonly string[] = ["kysely_migration", "kysely_migration_lock"];

/**
 * The site's tables in the database, by name: everything the migrations made that holds the site's
 * data, without the migrator's bookkeeping. On SQLite the full-text tables (market_search_fts,
 * forum_search_fts) and their shadow tables are left out: FTS5 keeps them from the text tables by
 * triggers, and PostgreSQL has a generated column in their place (migrations 0003 and 0018).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads any schema, an older one too
export async function appTables(db: Kysely<any>): Promise<string[]> {
  return (await plainTables(db)).filter((name) => !MIGRATOR_TABLES.includes(name));
}

/** Every plain table, the migrator's included, sorted by name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads any schema
async function plainTables(db: Kysely<any>): Promise<string[]> {
  const { rows } =
    dialectOf(db) === "postgres"
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : // pragma_table_list calls the FTS5 tables "virtual" and "shadow", the plain ones "table".
        await sql<{ name: string }>`select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%'`.execute(db);
  return rows.map((row) => row.name).sort();
}

/** The columns of a table, in their order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads any schema
export async function columnNames(db: Kysely<any>, table: string): Promise<string[]> {
  const { rows } =
    dialectOf(db) === "postgres"
      ? await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db)
      : await sql<{ name: string }>`select name from pragma_table_info(${table}) order by cid`.execute(db);
  return rows.map((row) => row.name);
}

/** How many rows each of these tables holds. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads any schema
export async function countRows(db: Kysely<any>, tables: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts.set(table, toNumber(rows[0]?.n));
  }
  return counts;
}

/** The migrations that have run, by name, in order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads any schema
export async function migrationsRun(db: Kysely<any>): Promise<string[]> {
  if (!(await plainTables(db)).includes("kysely_migration")) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}
