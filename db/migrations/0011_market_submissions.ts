import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * Organisers' work on markets (app/organiser/, app/revisions/):
 * - market_drafts: a submission still being written, step by step, as the person typed it (it
 *   need not be valid yet, so it is not a markets row);
 * - market_revisions: every change of a market, who made it, and its state: waiting for review,
 *   applied or rejected. A row keeps the market's fields before and after as JSON, so an admin
 *   can see what changed and restore an earlier version.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("market_drafts")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("owner_id", "varchar(36)", (c) => c.notNull())
    .addColumn("step", "varchar(20)", (c) => c.notNull())
    // JSON object: the form's fields as typed, text or lists of text.
    .addColumn("fields", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("market_drafts_owner").on("market_drafts").columns(["owner_id", "updated_at"]).execute();

  await db.schema
    .createTable("market_revisions")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("market_id", "varchar(36)", (c) => c.notNull().references("markets.id").onDelete("cascade"))
    // submission, edit, restore, archive, cancel_date: what the person did.
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    // pending (waits for review), applied, rejected.
    .addColumn("state", "varchar(10)", (c) => c.notNull())
    // null once the account is deleted: the change stays, the person does not.
    .addColumn("author_id", "varchar(36)")
    // JSON MarketSnapshot; before is null for a submission.
    .addColumn("before", "text")
    .addColumn("after", "text", (c) => c.notNull())
    // JSON list of the fields that differ between before and after.
    .addColumn("changed_fields", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("restored_from", "varchar(36)")
    .addColumn("reason", "varchar(1000)")
    .addColumn("decided_by", "varchar(36)")
    .addColumn("decided_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("market_revisions_market").on("market_revisions").columns(["market_id", "created_at"]).execute();
  await db.schema.createIndex("market_revisions_state").on("market_revisions").columns(["state", "created_at"]).execute();
  await db.schema.createIndex("market_revisions_author").on("market_revisions").column("author_id").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("market_revisions").execute();
  await db.schema.dropTable("market_drafts").execute();
}
