import type { Kysely } from "kysely";

/**
 * "Åbent nu" reads the hours each listed market is open on today and tomorrow, one row per day and
 * interval (app/markets/search/openings.server.ts), instead of working them out from occurrences
 * and weekly shop hours for every market on each request. The index answers "open at this date
 * and time" by reading only the intervals of that day that have begun.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("market_openings")
    .addColumn("market_id", "varchar(36)", (c) => c.notNull().references("markets.id").onDelete("cascade"))
    // The market's market_search row: the list looks its open markets up by this integer key,
    // several times faster than by the market id (SQLite's rowid).
    .addColumn("search_id", "integer", (c) => c.notNull())
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("opens", "varchar(5)", (c) => c.notNull())
    // "24:00" for an interval that runs to midnight.
    .addColumn("closes", "varchar(5)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("market_openings_at").on("market_openings").columns(["day", "opens", "closes", "search_id", "market_id"]).execute();
  await db.schema.createIndex("market_openings_market").on("market_openings").columns(["market_id"]).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("market_openings").execute();
}
