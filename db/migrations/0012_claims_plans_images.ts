import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * Organisers' pictures and claims (issue 16):
 * - markets.plan: the plan of app/markets/plans.ts a market is on; it sets how many pictures it may
 *   have. An admin sets it until payment exists.
 * - market_images.widths: the widths its WebP files were made in (JSON list); the files are
 *   "{storage_key}-{width}.webp". null for a picture stored as one file under storage_key.
 * - market_claims: "Er det dit marked?", a person's request to take over a market without owner,
 *   and the admin's decision. The contact details are removed 90 days after the decision.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("markets")
    .addColumn("plan", "varchar(10)", (c) => c.notNull().defaultTo("gratis"))
    .execute();
  await db.schema.alterTable("market_images").addColumn("widths", "varchar(60)").execute();

  await db.schema
    .createTable("market_claims")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("market_id", "varchar(36)", (c) => c.notNull().references("markets.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(36)", (c) => c.notNull())
    // arrangoer, ejer, forening, andet.
    .addColumn("relation", "varchar(20)", (c) => c.notNull())
    // A phone number or an e-mail address we may contact; null once removed.
    .addColumn("contact", "varchar(200)")
    .addColumn("message", "text")
    // open, approved, rejected.
    .addColumn("status", "varchar(10)", (c) => c.notNull())
    .addColumn("reason", "varchar(1000)")
    .addColumn("decided_by", "varchar(36)")
    .addColumn("decided_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("market_claims_status").on("market_claims").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("market_claims_market_user").on("market_claims").columns(["market_id", "user_id"]).execute();
  await db.schema.createIndex("market_claims_user").on("market_claims").column("user_id").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("market_claims").execute();
  await db.schema.alterTable("market_images").dropColumn("widths").execute();
  await db.schema.alterTable("markets").dropColumn("plan").execute();
}
