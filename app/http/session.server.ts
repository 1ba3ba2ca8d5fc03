import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { findProfile } from "~/auth/profiles.server";
import { rolesOf } from "~/auth/roles";
import type { Viewer } from "~/auth/viewer";
import { site } from "~/lib/site-context.server";

/**
 * The session of a request, read once by the root's middleware for every route below it: who is
 * signed in, and the cookies the auth library answered with (a session moved on, or one that ended).
 */
export interface SessionReading {
  viewer: Viewer | null;
  /** The library's Set-Cookie headers: the root loader sends them with every page. */
  setCookies: string[];
}

const sessionContext = createContext<(() => Promise<SessionReading>) | null>(null);

async function readSession(request: Request): Promise<SessionReading> {
  const { auth, database } = site();
  const { headers, response: found } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (!found) return { viewer: null, setCookies };
  const { user, session } = found;
  const profile = await findProfile(database.db, user.id);
  // A block removes the person's sessions; one made in the same instant is not theirs to use either.
  if (profile?.blockedAt) return { viewer: null, setCookies };
  const viewer: Viewer = {
    user: { id: user.id, name: user.name, email: user.email, emailVerified: Boolean(user.emailVerified), image: user.image ?? null },
    session: { id: session.id, expiresAt: new Date(session.expiresAt).toISOString() },
    profile,
    roles: rolesOf(profile),
  };
  return { viewer, setCookies };
}

/** The signed-in viewer of a request answered outside React Router (a private picture under /billeder). */
export async function viewerOfRequest(request: Request): Promise<Viewer | null> {
  return (await readSession(request)).viewer;
}

/**
 * The root's middleware: every loader, action and guard below reads the session through it, once
 * per request, and only when one asks (a map's markers or a sitemap never do).
 */
export const readSessionMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  let reading: Promise<SessionReading> | null = null;
  context.set(sessionContext, () => (reading ??= readSession(request)));
};

function sessionIn(context: Readonly<RouterContextProvider>): Promise<SessionReading> {
  const read = context.get(sessionContext);
  if (!read) throw new Error("The session is read by the root's middleware, which has not run");
  return read();
}

/** The signed-in viewer, or null for a visitor. */
export async function viewerIn(context: Readonly<RouterContextProvider>): Promise<Viewer | null> {
  return (await sessionIn(context)).viewer;
}

/**
 * The cookies reading the session produced: the root loader sends them with every page, so a
 * session in use keeps being extended in the browser as well as in the database.
 */
export async function sessionCookiesIn(context: Readonly<RouterContextProvider>): Promise<string[]> {
  return (await sessionIn(context)).setCookies;
}

/** /sign-in with the page to come back to (the request's path and query, as React Router's `url` gives them). */
export function signInPath(url: URL): string {
  return `/sign-in?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}
