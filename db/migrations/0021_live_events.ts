import { sql, type Kysely } from "kysely";
import { dialectOf } from "../../app/lib/db/dialect.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * Live updates (app/lib/realtime/): what a write tells the open pages, one row per event, written
 * in the write's own transaction, so an event exists exactly when its write committed. A page's
 * stream names the last id it received and is sent the rows after it. Kept a day (the daily job).
 * The ids only grow: on SQLite AUTOINCREMENT keeps an emptied table from giving the same ids again.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .createTable("live_events")
    .addColumn("id", postgres ? "bigserial" : "integer", (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("channel", "varchar(100)", (c) => c.notNull())
    // JSON: what changed, by id (never a post's text: a reader loads that through the page, with its rights).
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await sql`create index live_events_created on live_events (created_at)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("live_events").execute();
}
