import { PostgresAdapter, SqliteAdapter, sql, type Expression, type Kysely, type RawBuilder } from "kysely";
import type { DatabaseKind } from "./database.server";

/**
 * Every place where SQLite and PostgreSQL need different SQL, one function each (foundations §8).
 * Callers build portable queries and ask this module only for the piece that differs.
 */

/**
 * Which engine a Kysely instance talks to. Read from the dialect adapter rather than from the URL,
 * because migrations and transactions get a Kysely instance and nothing else.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works for any schema, migrations included
export function dialectOf(db: Kysely<any>): DatabaseKind {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) return "sqlite";
  if (adapter instanceof PostgresAdapter) return "postgres";
  throw new Error(`Ukendt databasetype: ${adapter.constructor.name}`);
}

/** `count()` and other bigint results: a string on PostgreSQL, a number on SQLite. */
export function toNumber(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/**
 * An expression to ORDER BY so that text sorts by its bytes on both engines. SQLite compares text
 * with BINARY; PostgreSQL with the database's collation, which in most locales ignores spaces and
 * punctuation, so the same names would come out in another order.
 */
export function byteOrder(kind: DatabaseKind, expression: Expression<string> | RawBuilder<string>): RawBuilder<string> {
  return kind === "postgres" ? sql<string>`${expression} collate "C"` : sql<string>`${expression}`;
}

/** True when `haystack` contains `needle` as plain text (no pattern characters, case as stored). */
export function containsText(kind: DatabaseKind, haystack: Expression<string> | RawBuilder<string>, needle: string): RawBuilder<boolean> {
  return kind === "postgres" ? sql<boolean>`(strpos(${haystack}, ${needle}) > 0)` : sql<boolean>`(instr(${haystack}, ${needle}) > 0)`;
}

/**
 * A column in lower case, A–Z only, the same on both databases: SQLite's lower() folds only A–Z,
 * and PostgreSQL's does so under collate "C" (its own collation also folds Æ, Ø, Å, and takes half
 * as long again). Look in it for text folded with asciiLowerCase.
 */
export function asciiLower(kind: DatabaseKind, column: string): RawBuilder<string> {
  return kind === "postgres" ? sql<string>`lower(${sql.ref(column)} collate "C")` : sql<string>`lower(${sql.ref(column)})`;
}

/** "Søren Øster" → "søren Øster": what a search types, folded as asciiLower folds the column. */
export function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * Refreshes the query planner's statistics after bulk writes (seeding, imports, the daily job).
 * Without them SQLite may walk a low-selectivity index (markets by status) instead of the
 * primary key, which turned a 1 ms lookup into 200 ms at 100,000 markets. Sampled on SQLite, so
 * it takes well under a second there. On PostgreSQL a VACUUM comes with it: the bulk write left
 * its pages not yet marked all-visible, and until autovacuum gets to them a count reads every
 * row from the table instead of the index alone (18 ms instead of 2 ms for the 17,000 flea
 * markets of Jylland). VACUUM refuses to run in a transaction: pass the database, not a transaction.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works for any schema
export async function updatePlannerStatistics(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "sqlite") {
    await sql`pragma analysis_limit = 1000`.execute(db);
  }
  await (dialectOf(db) === "postgres" ? sql`vacuum (analyze)` : sql`analyze`).execute(db);
}

/**
 * Holds one row (by its `id`) for the rest of the transaction, so that a read-modify-write of
 * what hangs on it (a market's or a draft's list of pictures, a person's recent forum posts) is not
 * interleaved with another:
 * `select … for update` on PostgreSQL. SQLite needs nothing: its transactions begin IMMEDIATE
 * (database.server.ts), so one writer runs at a time. True when the row exists.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema with these tables
export async function lockRow(trx: Kysely<any>, table: "markets" | "market_drafts" | "user" | "forum_topics" | "contact_messages", id: string | number): Promise<boolean> {
  const lock = dialectOf(trx) === "postgres" ? sql` for update` : sql``;
  const found = await sql<{ id: string | number }>`select id from ${sql.table(table)} where id = ${id}${lock}`.execute(trx);
  return found.rows.length > 0;
}
