import type { Kysely } from "kysely";
import { isRole, rolesOf, ROLES, type Role } from "~/auth/roles";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { changeRole } from "./change-role.server";

export type SetRoleResult =
  | { kind: "updated"; email: string; role: Role; roles: Role[] }
  | { kind: "unknown-role"; given: string }
  | { kind: "no-user"; email: string }
  | { kind: "last-admin" }
  | { kind: "listed-admin"; email: string };

/**
 * `npm run user:role -- e-mail rolle [begrundelse]` (scripts/user-role.ts): the person page's role
 * change (change-role.server.ts) for an address, from the command line, logged with no account as
 * its actor. Giving the role the account already has is done, and logs nothing.
 */
export async function setUserRole(
  db: Kysely<Database>,
  email: string,
  role: string,
  { adminEmails = [], reason = null, now }: { adminEmails?: readonly string[]; reason?: string | null; now?: Date } = {},
): Promise<SetRoleResult> {
  if (!isRole(role)) return { kind: "unknown-role", given: role };
  const outcome = await changeRole(db, null, { email }, role, reason, { adminEmails, now });
  switch (outcome.kind) {
    case "not-found":
      return { kind: "no-user", email: email.trim().toLowerCase() };
    case "changed":
    case "unchanged": {
      const profile = { isAdmin: role === "admin", role };
      return { kind: "updated", email: outcome.email, role, roles: rolesOf(profile) };
    }
    case "self":
      throw new Error("The command line has no account of its own to demote");
    default:
      return outcome;
  }
}

/** The Danish line the command prints for a result. */
export function describeSetRole(result: SetRoleResult): string {
  switch (result.kind) {
    case "unknown-role":
      return t("commands.userRole.unknownRole", { given: result.given, roles: ROLES.join(", ") });
    case "no-user":
      return t("commands.userRole.noUser", { email: result.email });
    case "updated":
      return t("commands.userRole.updated", { email: result.email, role: result.role, roles: result.roles.join(", ") });
    case "last-admin":
      return t("people.role.lastAdmin");
    case "listed-admin":
      return t("people.role.listedAdmin", { email: result.email });
  }
}
