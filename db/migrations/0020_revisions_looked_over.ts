import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * The admins' recent changes (/dashboard/admin/aendringer): the edits trusted owners made live
 * without review, looked over after the fact. market_revisions.looked_over_at says when an admin
 * looked one over (or undid it) and looked_over_by who; null is the queue on the admins' front page,
 * which a partial index keeps small however long the history grows.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("market_revisions").addColumn("looked_over_at", "varchar(32)").execute();
  await db.schema.alterTable("market_revisions").addColumn("looked_over_by", "varchar(36)").execute();
  await sql`
    create index market_revisions_live_unchecked on market_revisions (created_at)
    where state = 'applied' and decided_by is null and looked_over_at is null
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("market_revisions_live_unchecked").execute();
  await db.schema.alterTable("market_revisions").dropColumn("looked_over_by").execute();
  await db.schema.alterTable("market_revisions").dropColumn("looked_over_at").execute();
}
