import type { Kysely } from "kysely";
import { rolesOf, type Role } from "~/auth/roles";
import type { Database } from "~/lib/db/schema";
import { toNumber } from "~/lib/db/dialect.server";
import { logEntriesOfPerson, type AdminLogEntry } from "~/admin-log/read.server";
import type { MarketStatus } from "~/markets/types";

/** Everything the admin's page of one person shows. */
export interface PersonDetails {
  id: string;
  name: string;
  email: string;
  verified: boolean;
  createdAt: string;
  lastSignedInAt: string | null;
  roles: Role[];
  /** The role as stored (visitor, seller, organizer or admin): what the role form starts from. */
  role: Role;
  /** The address is in ADMIN_EMAILS: admin by the site's settings, whatever is chosen here. */
  adminByAddress: boolean;
  blocked: { at: string; reason: string | null } | null;
  markets: { id: string; slug: string; name: string; status: MarketStatus }[];
  claims: { id: string; marketName: string; marketSlug: string; status: string; createdAt: string }[];
  savedCount: number;
  log: AdminLogEntry[];
}

/** How many of the person's markets and claims the page lists; it says so when there may be more. */
export const PERSON_LIST_LIMIT = 50;
const PERSON_LOG_LIMIT = 50;

/** One person, as an admin sees them; null when there is no such account. */
export async function personDetails(db: Kysely<Database>, userId: string, adminEmails: readonly string[]): Promise<PersonDetails | null> {
  const row = await db
    .selectFrom("user as u")
    .leftJoin("profiles as p", "p.auth_user_id", "u.id")
    .select(["u.id", "u.name", "u.email", "u.emailVerified", "u.createdAt", "p.is_admin", "p.role", "p.blocked_at", "p.blocked_reason", "p.last_signed_in_at"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const [markets, claims, saved, log] = await Promise.all([
    db.selectFrom("markets").select(["id", "slug", "name", "status"]).where("owner_id", "=", userId).orderBy("name").limit(PERSON_LIST_LIMIT).execute(),
    db
      .selectFrom("market_claims as c")
      .innerJoin("markets as m", "m.id", "c.market_id")
      .select(["c.id", "m.name", "m.slug", "c.status", "c.created_at"])
      .where("c.user_id", "=", userId)
      .orderBy("c.created_at", "desc")
      .limit(PERSON_LIST_LIMIT)
      .execute(),
    db
      .selectFrom("saved_markets")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
    logEntriesOfPerson(db, userId, PERSON_LOG_LIMIT),
  ]);
  const profile = row.role === null ? null : { isAdmin: Number(row.is_admin) === 1, role: row.role };
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    verified: Boolean(row.emailVerified),
    createdAt: new Date(row.createdAt).toISOString(),
    lastSignedInAt: row.last_signed_in_at,
    roles: rolesOf(profile),
    role: storedRole(profile),
    adminByAddress: adminEmails.includes(row.email.toLowerCase()),
    blocked: row.blocked_at ? { at: row.blocked_at, reason: row.blocked_reason } : null,
    markets: markets.map((market) => ({ ...market, status: market.status as MarketStatus })),
    claims: claims.map((claim) => ({ id: claim.id, marketName: claim.name, marketSlug: claim.slug, status: claim.status, createdAt: claim.created_at })),
    savedCount: toNumber(saved.n),
    log,
  };
}

/** An account's id and what the admin pages call it (its address when it has no name); null when there is none. */
export async function findPersonLabel(db: Kysely<Database>, userId: string): Promise<{ id: string; label: string } | null> {
  const row = await db.selectFrom("user").select(["id", "name", "email"]).where("id", "=", userId).executeTakeFirst();
  return row ? { id: row.id, label: row.name || row.email } : null;
}

/** The one role a profile is set to, as the role form and the command line choose it. */
export function storedRole(profile: { isAdmin: boolean; role: string } | null): Role {
  const roles = rolesOf(profile);
  if (roles.includes("admin")) return "admin";
  return roles.find((role) => role !== "visitor") ?? "visitor";
}
