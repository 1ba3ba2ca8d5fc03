import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * The admin area's record and its blocks (issue 31, decision 0033).
 * - admin_log: one row per admin action, written in the transaction of the action. The actor and
 *   the target are kept as ids without foreign keys, beside a snapshot of their names: an entry
 *   reads the same after its market is removed, and an account's deletion only blanks its name
 *   (app/admin-log/forget-person.server.ts). before/after are JSON text where the action changes a
 *   value (a role, a status). Never updated or deleted by the site.
 * - profiles.blocked_at / blocked_reason: a blocked person cannot sign in and has no session.
 * - profiles.last_signed_in_at: when a session was last made for the person (the auth library
 *   keeps no such date; its sessions go when they end).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("admin_log")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    // null: the command line (npm run user:role), which has no account.
    .addColumn("actor_id", "varchar(36)")
    .addColumn("actor_label", "varchar(320)", (c) => c.notNull())
    .addColumn("kind", "varchar(40)", (c) => c.notNull())
    .addColumn("target_type", "varchar(20)", (c) => c.notNull())
    .addColumn("target_id", "varchar(200)", (c) => c.notNull())
    .addColumn("target_label", "varchar(500)", (c) => c.notNull())
    .addColumn("reason", "varchar(1000)")
    .addColumn("before", "text")
    .addColumn("after", "text")
    .execute();
  // Newest first, whole or by actor, target or kind; the id breaks ties of the same instant.
  await sql`create index admin_log_created on admin_log (created_at, id)`.execute(db);
  await sql`create index admin_log_actor on admin_log (actor_id, created_at)`.execute(db);
  await sql`create index admin_log_target on admin_log (target_type, target_id, created_at)`.execute(db);
  await sql`create index admin_log_kind on admin_log (kind, created_at)`.execute(db);

  await db.schema.alterTable("profiles").addColumn("blocked_at", "varchar(30)").execute();
  await db.schema.alterTable("profiles").addColumn("blocked_reason", "varchar(1000)").execute();
  await db.schema.alterTable("profiles").addColumn("last_signed_in_at", "varchar(30)").execute();
  // The people search lists the newest accounts first and stops at a page (the auth library's table
  // has no such index); the id breaks ties as the search's order does.
  await db.schema.createIndex("user_created_at").on("user").columns(["createdAt", "id"]).execute();
  // The admins are counted before one is demoted (the last one may not be).
  await sql`create index profiles_admins on profiles (is_admin, role)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("profiles_admins").execute();
  await db.schema.dropIndex("user_created_at").execute();
  await db.schema.alterTable("profiles").dropColumn("last_signed_in_at").execute();
  await db.schema.alterTable("profiles").dropColumn("blocked_reason").execute();
  await db.schema.alterTable("profiles").dropColumn("blocked_at").execute();
  await db.schema.dropTable("admin_log").execute();
}
