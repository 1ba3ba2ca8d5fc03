import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * Messages from the contact form (/kontakt). Kept in the database as well as mailed, so a mail
 * server that is down loses nothing; mailed_at tells which ones still need reading here.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("email", "varchar(320)", (c) => c.notNull())
    .addColumn("topic", "varchar(30)", (c) => c.notNull())
    .addColumn("plan", "varchar(30)")
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("mailed_at", "varchar(30)")
    .execute();
  // Old messages are deleted by age (app/content/contact.server.ts).
  await sql`create index contact_messages_created_at on contact_messages (created_at)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("contact_messages").execute();
}
