/** product §6: every user is a visitor; admin, seller and organizer come from the profile. */
export const ROLES = ["visitor", "admin", "seller", "organizer"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export interface RoleSource {
  isAdmin: boolean;
  role: string;
}

export function rolesOf(profile: RoleSource | null): Role[] {
  const roles: Role[] = ["visitor"];
  if (!profile) return roles;
  if (profile.isAdmin || profile.role === "admin") roles.push("admin");
  if (profile.role === "seller") roles.push("seller");
  if (profile.role === "organizer") roles.push("organizer");
  return roles;
}

/**
 * product §6's hasRole: which roles a profile has. What a person may do is asked of userCan
 * (permissions.ts) instead, so that no page decides by a role's name.
 */
export function hasRole(profile: RoleSource | null, role: Role): boolean {
  return rolesOf(profile).includes(role);
}
