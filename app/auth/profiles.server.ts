import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../lib/db/schema";
import type { RoleSource } from "./roles";
import type { ProfilesTable } from "./schema";

export interface Profile extends RoleSource {
  id: string;
  authUserId: string;
  email: string;
  stripeCustomerId: string | null;
  avatarUrl: string | null;
  createdAt: string;
  updatedAt: string;
  /** When an admin blocked the person; null while they may use the site. */
  blockedAt: string | null;
}

export function profileFromRow(row: Selectable<ProfilesTable>): Profile {
  return {
    id: row.id,
    authUserId: row.auth_user_id,
    email: row.email,
    isAdmin: Number(row.is_admin) === 1,
    role: row.role,
    stripeCustomerId: row.stripe_customer_id,
    avatarUrl: row.avatar_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    blockedAt: row.blocked_at,
  };
}

export async function findProfile(db: Kysely<Database>, authUserId: string): Promise<Profile | null> {
  const row = await db.selectFrom("profiles").selectAll().where("auth_user_id", "=", authUserId).executeTakeFirst();
  return row ? profileFromRow(row) : null;
}

/** Made when an account is created (the auth library's user hook), so every user has one. */
export async function createProfile(db: Kysely<Database>, user: { id: string; email: string }, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("profiles")
    .values({ id: randomUUID(), auth_user_id: user.id, email: user.email.toLowerCase(), created_at: at, updated_at: at })
    .onConflict((oc) => oc.column("auth_user_id").doNothing())
    .execute();
}

/**
 * ADMIN_EMAILS makes an account admin only once its address is verified: whoever registered the
 * address first must not become admin by typing it.
 */
export async function grantAdminIfListed(
  db: Kysely<Database>,
  user: { id: string; email: string; emailVerified: boolean },
  adminEmails: readonly string[],
  now = new Date(),
): Promise<boolean> {
  if (!user.emailVerified || !adminEmails.includes(user.email.toLowerCase())) return false;
  await db.updateTable("profiles").set({ is_admin: 1, updated_at: now.toISOString() }).where("auth_user_id", "=", user.id).execute();
  return true;
}

/** The profile's copy of the address follows the account's (after a verified change of e-mail). */
export async function syncProfileEmail(db: Kysely<Database>, user: { id: string; email: string }, now = new Date()): Promise<void> {
  await db
    .updateTable("profiles")
    .set({ email: user.email.toLowerCase(), updated_at: now.toISOString() })
    .where("auth_user_id", "=", user.id)
    .where("email", "!=", user.email.toLowerCase())
    .execute();
}

/** Is the account blocked? Asked before a session is made for it (auth.server.ts). */
export async function isBlocked(db: Kysely<Database>, authUserId: string): Promise<boolean> {
  const row = await db.selectFrom("profiles").select("blocked_at").where("auth_user_id", "=", authUserId).executeTakeFirst();
  return Boolean(row?.blocked_at);
}

/** A session was made: the person's last sign-in, for the admin's page of them. */
export async function noteSignIn(db: Kysely<Database>, authUserId: string, at: Date): Promise<void> {
  await db.updateTable("profiles").set({ last_signed_in_at: at.toISOString() }).where("auth_user_id", "=", authUserId).execute();
}
