import type { Kysely } from "kysely";
import { createContext, data, redirect, type MiddlewareFunction, type Params, type RouterContextProvider } from "react-router";
import { userCan, type OwnedResource, type Permission } from "~/auth/permissions";
import { permissionHolder, type Viewer } from "~/auth/viewer";
import type { Database } from "~/lib/db/schema";
import { site } from "~/lib/site-context.server";
import { signInPath, viewerIn } from "./session.server";

/**
 * Who may use a route, declared by the route itself as its middleware:
 *
 * ```ts
 * const guard = access({ permission: "update:market:own", thing: managedMarket });
 * export const middleware: Route.MiddlewareFunction[] = [guard];
 * export async function loader({ context }: Route.LoaderArgs) {
 *   const { viewer, thing: market } = guard.allowed(context);
 * ```
 *
 * A visitor is sent to sign in (302) before anything about the page is told. A signed-in person
 * without the permission gets 403; a URL whose thing does not exist, 404; a thing whose owner must
 * be the person (an `:own` permission) is checked against its owner, so the owner and an `:any`
 * holder get in and anyone else gets 403. tests/integration/access.test.ts tries every route so
 * declared as a visitor, another account, the owner and an admin.
 */
export interface Access {
  /** What the person must hold; left out, any signed-in person may. */
  permission?: Permission;
  /** The thing the URL names. */
  thing?: UrlThing<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any kind of thing; access() keeps its type
  /** The page takes no posts: once the person is signed in, a post is answered 405 (a visitor signs in first and learns nothing). */
  readOnly?: boolean;
  /** What a visitor is answered instead of being sent to sign in (a "Gem" that remembers the market). */
  visitor?: (request: Request, url: URL, params: Params) => Response | Promise<Response>;
}

/** A thing a URL names by its params (a market, a draft): found, and whose it is. */
export interface UrlThing<Thing> {
  /** The thing the params name, or null (404). */
  find(db: Kysely<Database>, params: Params): Promise<Thing | null>;
  /** Whose it is: what an `:own` permission is checked against (null: nobody's). */
  ownerId(thing: Thing): string | null;
  /** Only its owner may know it exists (a draft): anyone else is told 404. */
  ownerOnly?: boolean;
}

/** What a guard decided, for the loader and the action to read. */
type Verdict = { allowed: true; viewer: Viewer } | { allowed: false; refusal: ReturnType<typeof data>; thrown: boolean };

/** The person a guard let in, and the thing the URL names when the route declared one. */
export interface Allowed<Thing> {
  viewer: Viewer;
  thing: Thing;
}

/**
 * A route's guard: its middleware (`export const middleware = [guard]`), which carries the route's
 * declaration for the access test, and what the loader and the action ask it.
 */
export type Guard<Thing> = MiddlewareFunction<Response> & {
  accessFor(pattern: string): Access | null;
  /** The person (and the thing) let in; throws the refusal (403, 404) for anyone else. */
  allowed(context: Readonly<RouterContextProvider>): Allowed<Thing>;
};

async function decide(access: Access, params: Params, viewer: Viewer): Promise<{ verdict: Verdict; thing: unknown }> {
  const holder = permissionHolder(viewer);
  const refuse = (status: 403 | 404) => ({ verdict: { allowed: false, refusal: data(null, { status }), thrown: false } as Verdict, thing: null });
  // The permission first, without the thing (for `:own`: may they do it to their own things at
  // all?), so that a member learns nothing about an admin page's ids.
  if (access.permission && !userCan(holder, access.permission)) return refuse(403);
  let thing: unknown = null;
  if (access.thing) {
    thing = await access.thing.find(site().database.db, params);
    if (thing === null) return refuse(404);
    const resource: OwnedResource = { ownerId: access.thing.ownerId(thing) };
    if (access.thing.ownerOnly && resource.ownerId !== viewer.user.id) return refuse(404);
    if (access.permission && !userCan(holder, access.permission, resource)) return refuse(403);
  }
  return { verdict: { allowed: true, viewer }, thing };
}

/** React Router's pattern of the matched route ("dashboard/aktivitet"), as app/routes.ts spells paths with a leading slash. */
function routePattern(pattern: string): string {
  return `/${pattern.replace(/^\/+/, "")}`;
}

function guard<Thing>(accessFor: (pattern: string) => Access | null): Guard<Thing> {
  // Its own keys: a layout's guard and its page's guard each keep their own verdict.
  const verdictKey = createContext<Verdict | null>(null);
  const thingKey = createContext<unknown>(null);
  const middleware: MiddlewareFunction<Response> = async ({ request, url, params, context, pattern }, next) => {
    const access = accessFor(routePattern(pattern));
    if (!access) throw data(null, { status: 404 });
    const viewer = await viewerIn(context);
    if (!viewer) {
      if (access.visitor) return access.visitor(request, url, params);
      throw redirect(signInPath(url), 302);
    }
    if (access.readOnly && request.method !== "GET" && request.method !== "HEAD") {
      // Refused as a visit would be, else told the page takes no posts (before looking up its thing).
      if (access.permission && !userCan(permissionHolder(viewer), access.permission)) throw data(null, { status: 403 });
      throw data(null, { status: 405, headers: { Allow: "GET, HEAD" } });
    }
    const { verdict, thing } = await decide(access, params, viewer);
    context.set(verdictKey, verdict);
    context.set(thingKey, thing);
    if (verdict.allowed) return next();
    // A refused post never reaches its action.
    if (request.method !== "GET" && request.method !== "HEAD") throw verdict.refusal;
    // A refused page is refused by its loader (allowed() below), so that the layouts around it
    // still render (the dashboard's menu around a 403). A loader that did not ask is refused here,
    // and what it loaded is thrown away.
    const answered = await next();
    if (verdict.thrown) return answered;
    throw verdict.refusal;
  };
  const allowed = (context: Readonly<RouterContextProvider>): Allowed<Thing> => {
    const verdict = context.get(verdictKey);
    if (!verdict) throw new Error("allowed() asks the guard in the route's own middleware, which has not run");
    if (!verdict.allowed) {
      verdict.thrown = true;
      throw verdict.refusal;
    }
    return { viewer: verdict.viewer, thing: context.get(thingKey) as Thing };
  };
  return Object.assign(middleware, { accessFor, allowed });
}

/** The guard of a route that one declaration covers. */
export function access<Thing = null>(declaration: Access & { thing?: UrlThing<Thing> }): Guard<Thing> {
  return guard<Thing>(() => declaration);
}

/** The guard of a module that several routes share (the planned pages), by the route's pattern. */
export function accessByPattern(declarations: Record<string, Access>): Guard<null> {
  return guard<null>((pattern) => declarations[pattern] ?? null);
}

/**
 * A further permission one action of the page needs (closing a market, restoring a version),
 * checked against the same owner: 403 without it.
 */
export function requirePermission(viewer: Viewer, permission: Permission, resource?: OwnedResource): void {
  if (!userCan(permissionHolder(viewer), permission, resource)) throw data(null, { status: 403 });
}

/**
 * A signed-in page holds one person's data: no shared cache may keep it, and the browser should
 * not show it again from its history after signing out on a shared computer.
 */
export const PERSONAL_PAGE_HEADERS = { "Cache-Control": "private, no-store" };

/**
 * The action of a page whose access() says readOnly: it takes no posts, but its guard answers them
 * (a visitor signs in first, someone signed in is told 405), so this is never reached.
 */
export function refusedByGuard(): never {
  throw data(null, { status: 405, headers: { Allow: "GET, HEAD" } });
}
