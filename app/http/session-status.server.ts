import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/lib/db/schema";
import type { Auth } from "~/auth/auth.server";
import { findProfile, type Profile } from "~/auth/profiles.server";
import { rolesOf, type Role } from "~/auth/roles";

/** product §9: the profile is looked up with a 2-second timeout. */
export const PROFILE_TIMEOUT_MS = 2000;

export type ProfileState = "ok" | "missing" | "error" | "timeout";

/**
 * What GET /api/session tells the page about its cookie. Nothing in it is a secret: no token,
 * no session id, no e-mail address.
 */
export type SessionStatus =
  { signedIn: true; userId: string; expiresAt: string; roles: Role[]; profile: ProfileState } | { signedIn: false; userId: null; expiresAt: null; roles: []; profile: null };

export const SIGNED_OUT: SessionStatus = { signedIn: false, userId: null, expiresAt: null, roles: [], profile: null };

export interface SessionStatusDeps {
  auth: Pick<Auth, "api">;
  db: Kysely<Database>;
  /** Where a profile that could not be read is reported. */
  logger: Logger;
  profileTimeoutMs?: number;
  /** Replaced in tests by a lookup that fails or never answers. */
  lookupProfile?: (db: Kysely<Database>, userId: string) => Promise<Profile | null>;
}

const TIMED_OUT = Symbol("timed out");

async function profileWithin(lookup: Promise<Profile | null>, ms: number): Promise<Profile | null | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([lookup, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads the session of a request the way every page does, so reading it also moves a session in
 * use forward (the library's updateAge): the cookie it then sets comes back in `setCookies`, for
 * the response to pass on. An expired or revoked session is no session, and its cookie is cleared
 * the same way.
 */
export async function readSessionStatus(
  request: Request,
  { auth, db, logger, profileTimeoutMs = PROFILE_TIMEOUT_MS, lookupProfile = findProfile }: SessionStatusDeps,
): Promise<{ status: SessionStatus; setCookies: string[] }> {
  const { response: found, headers } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (!found) return { status: SIGNED_OUT, setCookies };

  const userId = found.user.id;
  let profile: ProfileState;
  let roles: Role[] = rolesOf(null);
  try {
    const result = await profileWithin(lookupProfile(db, userId), profileTimeoutMs);
    if (result === TIMED_OUT) profile = "timeout";
    else if (result === null) profile = "missing";
    else if (result.blockedAt) return { status: SIGNED_OUT, setCookies };
    else {
      profile = "ok";
      roles = rolesOf(result);
    }
  } catch (error) {
    logger.error({ err: error, userId }, "the profile could not be read for the session check");
    profile = "error";
  }
  return {
    status: { signedIn: true, userId, expiresAt: new Date(found.session.expiresAt).toISOString(), roles, profile },
    setCookies,
  };
}
