import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * One profile per account (product §3): what the site knows of a person beyond what the auth library
 * keeps in its own "user" table (name, e-mail, password hashes, sessions). Roles are derived from
 * is_admin and role (app/auth/roles.ts). The auth library's tables are created before our
 * migrations run (db/migrations/migrate.server.ts), so the profile can point at its user.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("profiles")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("auth_user_id", "varchar(36)", (c) => c.notNull().unique().references("user.id").onDelete("cascade"))
    .addColumn("email", "varchar(320)", (c) => c.notNull())
    // 0 or 1 on both engines (SQLite has no boolean type): read it through profileFromRow.
    .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("role", "varchar(20)", (c) => c.notNull().defaultTo("visitor"))
    .addColumn("stripe_customer_id", "varchar(100)")
    .addColumn("avatar_url", "varchar(500)")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await sql`create index profiles_email on profiles (email)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("profiles").execute();
}
