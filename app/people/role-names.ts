import type { Role } from "~/auth/roles";
import { t } from "~/lib/i18n";

// Written out: a key chosen at run time cannot be inlined into the page's JavaScript.
const ROLE_NAMES: Record<Role, string> = {
  visitor: t("people.roles.visitor"),
  seller: t("people.roles.seller"),
  organizer: t("people.roles.organizer"),
  admin: t("people.roles.admin"),
};

/** "Arrangør": a role by its Danish name. */
export function roleName(role: Role): string {
  return ROLE_NAMES[role];
}

/** "Bruger, Arrangør": a person's roles by their Danish names. */
export function roleNames(roles: readonly Role[]): string {
  return roles.map(roleName).join(", ");
}
