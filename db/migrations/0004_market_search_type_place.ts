import { sql, type Kysely } from "kysely";
import { dialectOf } from "../../app/lib/db/dialect.server";

/**
 * A landing page lists one type, often in a large place (every flea market in Jylland), by date
 * (app/register/market-list.server.ts). Counting them reads market_search_type_place; the page
 * of 24 is read off market_search_type_by_date in order, which also serves types whose markets
 * all sort last by date (shops have no dates), where a walk down the plain date index would pass
 * every dated market first.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // The id is the last tie-break of every order, compared by bytes (collate "C" on PostgreSQL), as in 0003.
  const id = dialectOf(db) === "postgres" ? sql`market_id collate "C"` : sql`market_id`;
  await db.schema.createIndex("market_search_type_place").on("market_search").columns(["type", "postal_code"]).execute();
  await sql`create index market_search_type_by_date on market_search (type, next_date, sort_name, ${id})`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("market_search_type_by_date").execute();
  await db.schema.dropIndex("market_search_type_place").execute();
}
