import { sql, type Kysely } from "kysely";
import { dialectOf } from "../../app/lib/db/dialect.server";
import { down as dropOpenings, up as createOpeningsAsIn0008 } from "./0008_market_openings";

/**
 * Each openings row carries copies of its search row's filter and sort columns, so that the usual
 * "Åbent nu" list (no text, by name) is counted and paged from market_openings alone: one range of
 * an index for the count, a walk down the day's names for the page (decision 0021).
 *
 * The rows are derived data: the table is made anew, and forgetting the stored window makes the
 * server write every market's rows again on its next start (ensureOpenings).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const kind = dialectOf(db);
  // Compared byte by byte on PostgreSQL, as in market_search (0003), so that the name index serves ORDER BY.
  const bytes = (type: string) => (kind === "postgres" ? sql`${sql.raw(type)} collate "C"` : sql.raw(type));
  await dropOpenings(db);
  await db.deleteFrom("site_state").where("key", "=", "openings-from").execute();
  await db.schema
    .createTable("market_openings")
    .addColumn("market_id", "varchar(36)", (c) => c.notNull().references("markets.id").onDelete("cascade"))
    // The market's market_search row: a text search looks its open markets up by this integer key,
    // several times faster than by the market id (SQLite's rowid).
    .addColumn("search_id", "integer", (c) => c.notNull())
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("opens", "varchar(5)", (c) => c.notNull())
    // "24:00" for an interval that runs to midnight.
    .addColumn("closes", "varchar(5)", (c) => c.notNull())
    .addColumn("type", "varchar(40)", (c) => c.notNull())
    .addColumn("postal_code", "integer", (c) => c.notNull())
    .addColumn("setting", "varchar(10)")
    .addColumn("entry_fee_dkk", "double precision")
    .addColumn("latitude", "double precision")
    .addColumn("longitude", "double precision")
    .addColumn("sort_name", bytes("varchar(400)"), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("market_openings_at").on("market_openings").columns(["day", "opens", "closes", "type", "postal_code", "search_id"]).execute();
  const id = kind === "postgres" ? sql`market_id collate "C"` : sql`market_id`;
  await sql`create index market_openings_by_name on market_openings (day, sort_name, ${id})`.execute(db);
  await db.schema.createIndex("market_openings_market").on("market_openings").columns(["market_id"]).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await dropOpenings(db);
  await db.deleteFrom("site_state").where("key", "=", "openings-from").execute();
  await createOpeningsAsIn0008(db);
}
