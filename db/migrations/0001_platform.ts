import type { Kysely } from "kysely";

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("site_state")
    .addColumn("key", "varchar(100)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "varchar(300)", (c) => c.primaryKey())
    .addColumn("window_started_at", "varchar(32)", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
  await db.schema.dropTable("site_state").execute();
}
