import type { Profile } from "./profiles.server";
import type { PermissionHolder } from "./permissions";
import type { Role } from "./roles";

/** Who is asking: the signed-in user, their session and profile, and the roles derived from it. */
export interface Viewer {
  user: { id: string; name: string; email: string; emailVerified: boolean; image: string | null };
  session: { id: string; expiresAt: string };
  /** null when the profile row is missing (product §8: "Brugerprofil ikke fundet"). */
  profile: Profile | null;
  roles: Role[];
}

/** The viewer as app/auth/permissions.ts sees them: who they are (for ownership) and their roles. */
export function permissionHolder(viewer: Viewer): PermissionHolder {
  return { id: viewer.user.id, roles: viewer.roles };
}
