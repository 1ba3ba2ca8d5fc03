import type { Kysely } from "kysely";
import type { Database } from "../lib/db/schema";
import { t } from "../lib/i18n";
import { createProfile, findProfile } from "./profiles.server";
import { isRole, rolesOf, ROLES, type Role } from "./roles";

export type SetRoleResult = { kind: "updated"; email: string; role: Role; roles: Role[] } | { kind: "unknown-role"; given: string } | { kind: "no-user"; email: string };

/**
 * `npm run user:role -- email role` (scripts/user-role.ts): gives the account exactly that role.
 * "admin" sets both is_admin and role; any other role clears is_admin, so the command can also
 * take admin away again ("visitor"). A user without a profile row gets one first.
 */
export async function setUserRole(db: Kysely<Database>, email: string, role: string, now = new Date()): Promise<SetRoleResult> {
  if (!isRole(role)) return { kind: "unknown-role", given: role };
  const address = email.trim().toLowerCase();
  const user = await db.selectFrom("user").select(["id", "email"]).where("email", "=", address).executeTakeFirst();
  if (!user) return { kind: "no-user", email: address };
  await createProfile(db, user, now);
  await db
    .updateTable("profiles")
    .set({ role, is_admin: role === "admin" ? 1 : 0, updated_at: now.toISOString() })
    .where("auth_user_id", "=", user.id)
    .execute();
  const profile = await findProfile(db, user.id);
  return { kind: "updated", email: address, role, roles: rolesOf(profile) };
}

/** The Danish line the command prints for a result. */
export function describeSetRole(result: SetRoleResult, adminEmails: readonly string[] = []): string {
  switch (result.kind) {
    case "unknown-role":
      return t("commands.userRole.unknownRole", { given: result.given, roles: ROLES.join(", ") });
    case "no-user":
      return t("commands.userRole.noUser", { email: result.email });
    case "updated": {
      const line = t("commands.userRole.updated", { email: result.email, role: result.role, roles: result.roles.join(", ") });
      // ADMIN_EMAILS grants admin again at the account's next update; say so rather than surprise.
      return result.role !== "admin" && adminEmails.includes(result.email) ? `${line}\n${t("commands.userRole.adminAgain")}` : line;
    }
  }
}
