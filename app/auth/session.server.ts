import { data, redirect } from "react-router";
import { database } from "../lib/db/database.server";
import { auth } from "./auth.server";
import { findProfile, type Profile } from "./profiles.server";
import { userCan, type OwnedResource, type Permission, type PermissionHolder } from "./permissions";
import { rolesOf, type Role } from "./roles";

/** Who is asking: the signed-in user, their session and profile, and the roles derived from it. */
export interface Viewer {
  user: { id: string; name: string; email: string; emailVerified: boolean; image: string | null };
  session: { id: string; expiresAt: string };
  /** null when the profile row is missing (SPEC §8: "Brugerprofil ikke fundet"). */
  profile: Profile | null;
  roles: Role[];
}

interface ViewerReading {
  viewer: Viewer | null;
  /** The library's Set-Cookie headers: a session moved on (updateAge) or one that ended. */
  setCookies: string[];
}

// A request's viewer is read once however many loaders ask (root, layout, page).
const readings = new WeakMap<Request, Promise<ViewerReading>>();

async function readViewer(request: Request): Promise<ViewerReading> {
  const { headers, response: found } = await auth().api.getSession({ headers: request.headers, returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (!found) return { viewer: null, setCookies };
  const { user, session } = found;
  const profile = await findProfile(database().db, user.id);
  const viewer: Viewer = {
    user: { id: user.id, name: user.name, email: user.email, emailVerified: Boolean(user.emailVerified), image: user.image ?? null },
    session: { id: session.id, expiresAt: new Date(session.expiresAt).toISOString() },
    profile,
    roles: rolesOf(profile),
  };
  return { viewer, setCookies };
}

function reading(request: Request): Promise<ViewerReading> {
  let found = readings.get(request);
  if (!found) {
    found = readViewer(request);
    readings.set(request, found);
  }
  return found;
}

/** The signed-in viewer, or null for a visitor (also for an expired or revoked session). */
export async function getViewer(request: Request): Promise<Viewer | null> {
  return (await reading(request)).viewer;
}

/**
 * The cookies reading the session produced: the root loader sends them with every page, so a
 * session in use keeps being extended in the browser as well as in the database.
 */
export async function sessionCookies(request: Request): Promise<string[]> {
  return (await reading(request)).setCookies;
}

/** The path and query of a request, to come back to after signing in. */
export function returnPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * For the loader and the action of every guarded page (SPEC §2 "Login-required routes"): a
 * visitor is sent to /sign-in with the page to come back to (302).
 */
export async function requireUser(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw redirect(`/sign-in?next=${encodeURIComponent(returnPath(request))}`, 302);
  return viewer;
}

/** The viewer as app/auth/permissions.ts sees them: who they are (for ownership) and their roles. */
export function permissionHolder(viewer: Viewer): PermissionHolder {
  return { id: viewer.user.id, roles: viewer.roles };
}

/**
 * For the loader and the action of every page or step that needs a permission: a visitor is sent
 * to sign in like requireUser does (302), and a signed-in person without the permission gets 403
 * with the access-denied page. Given the thing acted on, its owner is checked by the same rule
 * that pages use to decide what to show (userCan).
 */
export async function requireUserWithPermission(request: Request, permission: Permission, resource?: OwnedResource): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (!userCan(permissionHolder(viewer), permission, resource)) throw data(null, { status: 403 });
  return viewer;
}
