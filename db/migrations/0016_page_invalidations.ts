import { sql, type Kysely } from "kysely";
import { dialectOf } from "../../app/lib/db/dialect.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * The pages a write made stale, by path (decision 0034): every instance reads the rows after the
 * last one it has seen, with the cache generation, and drops those pages from its cache. Kept a day
 * (the daily job), far longer than any instance takes to poll. The ids only grow: on SQLite
 * AUTOINCREMENT keeps an emptied table from giving the same ids again (PostgreSQL's serial never does).
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .createTable("page_invalidations")
    .addColumn("id", postgres ? "serial" : "integer", (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("path", "varchar(400)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await sql`create index page_invalidations_created on page_invalidations (created_at)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("page_invalidations").execute();
}
