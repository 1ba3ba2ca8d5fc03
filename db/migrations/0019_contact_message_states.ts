import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * The admins' inbox (/dashboard/admin/beskeder):
 * - contact_messages.state: new, answered or closed, and when it last changed.
 * - contact_message_answers: what an admin wrote back, mailed from the site; it goes with its
 *   message (on delete cascade), so the year the privacy policy promises holds for both.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("contact_messages")
    .addColumn("state", "varchar(10)", (c) => c.notNull().defaultTo("new"))
    .execute();
  await db.schema.alterTable("contact_messages").addColumn("state_changed_at", "varchar(30)").execute();
  await sql`create index contact_messages_state on contact_messages (state, created_at)`.execute(db);
  await db.schema
    .createTable("contact_message_answers")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("message_id", "varchar(36)", (c) => c.notNull().references("contact_messages.id").onDelete("cascade"))
    // The admin who answered; null once their account is deleted.
    .addColumn("author_id", "varchar(36)")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("mailed_at", "varchar(30)")
    .execute();
  await db.schema.createIndex("contact_message_answers_message").on("contact_message_answers").columns(["message_id", "created_at"]).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("contact_message_answers").execute();
  await db.schema.dropIndex("contact_messages_state").execute();
  await db.schema.alterTable("contact_messages").dropColumn("state_changed_at").execute();
  await db.schema.alterTable("contact_messages").dropColumn("state").execute();
}
