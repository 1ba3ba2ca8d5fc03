import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * How often each market's page was seen, per Danish day (app/markets/views/). Counted on the
 * server without cookies: a row holds a market, a day and a number, nothing about the visitor.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("market_views")
    .addColumn("market_id", "varchar(36)", (c) => c.notNull().references("markets.id").onDelete("cascade"))
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("market_views_pkey", ["market_id", "day"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("market_views").execute();
}
