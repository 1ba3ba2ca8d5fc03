import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * Anonymous measurements of the site's speed and use, sent with analytics consent
 * (app/measurements/). Nothing here identifies a visitor: kind of page, day, metric and number.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("measurements")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("page_type", "varchar(20)", (c) => c.notNull())
    .addColumn("metric", "varchar(20)", (c) => c.notNull())
    .addColumn("value", "double precision", (c) => c.notNull())
    .addColumn("rating", "varchar(20)", (c) => c.notNull())
    .execute();
  // The report reads the last 30 days, and older rows are deleted by day.
  await sql`create index measurements_day on measurements (day)`.execute(db);

  await db.schema
    .createTable("page_views")
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("page_type", "varchar(20)", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("page_views_pkey", ["day", "page_type"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("page_views").execute();
  await db.schema.dropTable("measurements").execute();
}
