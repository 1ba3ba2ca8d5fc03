import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * Saved markets (issue 17). Both go with the person's account (user.id cascades).
 * - saved_markets: the markets a person pressed "Gem" on, one row per person and market. A market
 *   that is removed takes its rows along; an archived one keeps them, so the list can say it closed.
 * - saved_market_feeds: the secret of a person's private calendar feed of their saved markets
 *   (/gemte-markeder/kalender/{token}.ics). "Lav en ny adresse" replaces it, and the old address
 *   stops working. At most one per person.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("saved_markets")
    .addColumn("user_id", "varchar(36)", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("market_id", "varchar(36)", (c) => c.notNull().references("markets.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("saved_markets_pkey", ["user_id", "market_id"])
    .execute();
  // How many have saved a market (the owner's list), and the rows a removed market takes along.
  await db.schema.createIndex("saved_markets_market").on("saved_markets").column("market_id").execute();

  await db.schema
    .createTable("saved_market_feeds")
    .addColumn("user_id", "varchar(36)", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("token", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("saved_market_feeds").execute();
  await db.schema.dropTable("saved_markets").execute();
}
