import { sql, type Kysely } from "kysely";
import { createProfile } from "~/auth/profiles.server";
import type { Role } from "~/auth/roles";
import { recordAdminAction } from "~/admin-log/record.server";
import type { Database } from "~/lib/db/schema";
import { dialectOf } from "~/lib/db/dialect.server";
import { storedRole } from "./person.server";

/** Whose role: an account id (the person page) or an address (the command line). */
export type RoleTarget = { userId: string } | { email: string };

export type ChangeRoleOutcome =
  | { kind: "changed"; email: string; before: Role; after: Role }
  | { kind: "unchanged"; email: string; role: Role }
  /** An admin may not take admin from themselves: another admin must. */
  | { kind: "self" }
  /** The site must keep one admin who is not blocked. */
  | { kind: "last-admin" }
  /** The address is in ADMIN_EMAILS, which makes it admin again at its next verification: take it out there first. */
  | { kind: "listed-admin"; email: string }
  | { kind: "not-found" };

const isAdminRow = sql<boolean>`(is_admin = 1 or role = 'admin')`;

/**
 * The admins who may still act, counted with their rows held on PostgreSQL (`for update`), so two
 * admins demoting each other at once cannot both pass; SQLite runs one writer at a time.
 */
async function activeAdminCount(trx: Kysely<Database>): Promise<number> {
  const lock = dialectOf(trx) === "postgres" ? sql` for update` : sql``;
  const rows = await sql<{ id: string }>`select id from profiles where ${isAdminRow} and blocked_at is null${lock}`.execute(trx);
  return rows.rows.length;
}

/**
 * Gives a person exactly one role, with the reason, and records it in the admin log in the same
 * transaction. "admin" sets both is_admin and role; any other clears is_admin. The person page and
 * `npm run user:role` (actor null) both come here, so both refuse the same things: taking admin
 * from oneself, from the last admin, and from an address in ADMIN_EMAILS (decision 0033).
 */
export async function changeRole(
  db: Kysely<Database>,
  actorId: string | null,
  target: RoleTarget,
  role: Role,
  reason: string | null,
  { adminEmails, now = new Date() }: { adminEmails: readonly string[]; now?: Date },
): Promise<ChangeRoleOutcome> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("user")
      .select(["id", "name", "email"])
      .$if("userId" in target, (qb) => qb.where("id", "=", (target as { userId: string }).userId))
      .$if("email" in target, (qb) => qb.where("email", "=", (target as { email: string }).email.trim().toLowerCase()))
      .executeTakeFirst();
    if (!user) return { kind: "not-found" };
    await createProfile(trx, user, now);
    const admins = await activeAdminCount(trx);
    const profile = await trx.selectFrom("profiles").select(["is_admin", "role", "blocked_at"]).where("auth_user_id", "=", user.id).executeTakeFirstOrThrow();
    const before = storedRole({ isAdmin: Number(profile.is_admin) === 1, role: profile.role });
    if (before === role) return { kind: "unchanged", email: user.email, role };
    if (before === "admin") {
      if (actorId === user.id) return { kind: "self" };
      if (adminEmails.includes(user.email.toLowerCase())) return { kind: "listed-admin", email: user.email };
      if (profile.blocked_at === null && admins <= 1) return { kind: "last-admin" };
    }
    await trx
      .updateTable("profiles")
      .set({ role, is_admin: role === "admin" ? 1 : 0, updated_at: now.toISOString() })
      .where("auth_user_id", "=", user.id)
      .execute();
    await recordAdminAction(trx, { actorId, kind: "user.role", target: { id: user.id, label: user.name || user.email }, reason, before: { role: before }, after: { role }, now });
    return { kind: "changed", email: user.email, before, after: role };
  });
}
