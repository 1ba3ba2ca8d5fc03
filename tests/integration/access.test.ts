import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { DASHBOARD_LINKS } from "../../app/account/dashboard-menu";
import { scopeOf, userCan, type PermissionHolder } from "../../app/auth/permissions";
import { rolesOf } from "../../app/auth/roles";
import type { Access } from "../../app/http/access.server";
import { startTopic } from "../../app/forum/writes.server";
import { createDraft } from "../../app/organiser/form/drafts.server";
import { FIRST_STEP } from "../../app/organiser/form/form-steps";
import { createAccount, createTestMarket, type TestAccount } from "../support/factories";
import { loadBundle, startSite, type Site, type SiteResponse } from "../support/site";

/**
 * Who may use each route, tried against what the route itself declares (its access() middleware,
 * app/http/access.server.ts). Every declaring route of the built site is opened and posted to as a
 * visitor, another account, the owner of the thing its URL names and an admin, and each answer is
 * held to the declaration: a visitor is sent to sign in, an account without the permission is
 * refused (403), a thing only its owner knows of is not found (404) for anyone else, someone let in
 * is not refused. The routes are read from the build, so a new guarded route is tried the day it is
 * added; if its URL takes params, it needs its values in PARAMS below, or this test fails.
 */

type Role = "visitor" | "other" | "owner" | "admin";
const ROLES: Role[] = ["visitor", "other", "owner", "admin"];
const METHODS = ["GET", "POST"] as const;
const UNKNOWN_ID = "7d7c1a52-2f3e-4d3b-9a43-1f7c3c1f2b10";

interface Fixtures {
  /** A forum topic the owner started, and its first post. */
  topicId: number;
  postId: number;
  /** A market the owner owns (also their sent market). */
  marketId: string;
  /** A published market nobody owns, which anyone may claim. */
  unownedSlug: string;
  /** A draft of the market form, the owner's. */
  draftId: string;
}

/** Values for each declaring route's params: its thing (the owner's), or any value that reaches it. */
const PARAMS: Record<string, (fixtures: Fixtures) => Record<string, string>> = {
  "/manage-market/:id": ({ marketId }) => ({ id: marketId }),
  "/manage-market/:id/forhaandsvisning": ({ marketId }) => ({ id: marketId }),
  "/dashboard/mine-markeder/edit/:id": ({ marketId }) => ({ id: marketId }),
  "/opret-marked/sendt/:id": ({ marketId }) => ({ id: marketId }),
  "/opret-marked/:draftId": ({ draftId }) => ({ draftId }),
  "/opret-marked/:draftId/:step": ({ draftId }) => ({ draftId, step: FIRST_STEP }),
  "/gem/:id": ({ marketId }) => ({ id: marketId }),
  "/markeder/:slug/ejerskab": ({ unownedSlug }) => ({ slug: unownedSlug }),
  // Admin pages: no owner, any id reaches the guard.
  "/dashboard/admin/godkendelser/:id": () => ({ id: UNKNOWN_ID }),
  "/dashboard/admin/brugere/:id": () => ({ id: UNKNOWN_ID }),
  "/dashboard/admin/beskeder/:id": () => ({ id: UNKNOWN_ID }),
  // The owner's own market: merging is the admins' even for its owner.
  "/dashboard/admin/markeder/:id/sammenlaeg": ({ marketId }) => ({ id: marketId }),
  "/dashboard/community/edit/:postId": ({ postId }) => ({ postId: String(postId) }),
  "/community/indlaeg/:postId/anmeld": ({ postId }) => ({ postId: String(postId) }),
  "/dashboard/admin/community/indlaeg/:postId": ({ postId }) => ({ postId: String(postId) }),
  "/dashboard/admin/community/emne/:topicId": ({ topicId }) => ({ topicId: String(topicId) }),
};

interface GuardedRoute {
  /** The route's pattern, with a leading slash ("/manage-market/:id"). */
  pattern: string;
  /** Its module, as the build names it ("routes/manage-market/$id"). */
  file: string;
  access: Access;
  /** Whether it takes posts (an action); a post to one that does not is 405 before any guard. */
  takesPosts: boolean;
  /** An index route: a post reaches it with ?index. */
  index: boolean;
}

type Guard = { accessFor(pattern: string): Access | null };

function isGuard(middleware: unknown): middleware is Guard {
  return typeof middleware === "function" && typeof (middleware as Partial<Guard>).accessFor === "function";
}

/** A route's full pattern: its parents' paths joined ("/dashboard/admin/maalinger"). */
function patternOf(routes: ServerBuild["routes"], id: string): string {
  const route = routes[id]!;
  const parent = route.parentId ? patternOf(routes, route.parentId) : "";
  return (route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent) || "/";
}

/** Every route of the build that declares its access. */
function guardedRoutes(routes: ServerBuild["routes"]): GuardedRoute[] {
  return Object.values(routes).flatMap((route) => {
    if (!route) return [];
    const guard = ((route.module.middleware ?? []) as unknown[]).find(isGuard);
    if (!guard) return [];
    const pattern = patternOf(routes, route.id);
    const access = guard.accessFor(pattern);
    return access ? [{ pattern, file: route.id, access, takesPosts: Boolean(route.module.action), index: Boolean(route.index) }] : [];
  });
}

function urlOf(route: GuardedRoute, fixtures: Fixtures): string {
  const params = PARAMS[route.pattern]?.(fixtures) ?? {};
  return route.pattern.replace(/:(\w+)/g, (_whole, name: string) => params[name] ?? `(${name} without a value)`);
}

/** What the declaration says this person is answered: "sign-in", a refusal's status, or "in". */
function expected(route: GuardedRoute, method: (typeof METHODS)[number], holder: PermissionHolder | null, isOwner: boolean): "sign-in" | 403 | 404 | 405 | "in" {
  const { permission, thing, readOnly } = route.access;
  if (!holder) return "sign-in";
  if (permission && !userCan(holder, permission)) return 403;
  if (readOnly && method === "POST") return 405;
  if (thing?.ownerOnly && !isOwner) return 404;
  if (thing && permission && !isOwner && !userCan(holder, permission, { ownerId: "someone-else" })) return 403;
  return "in";
}

function describeAnswer(answer: SiteResponse): string {
  const location = answer.headers.get("location");
  return location ? `${answer.status} → ${location}` : String(answer.status);
}

function meets(answer: SiteResponse, expectation: ReturnType<typeof expected>, hasThing: boolean): boolean {
  const location = answer.headers.get("location") ?? "";
  if (expectation === "sign-in") return (answer.status === 302 || answer.status === 303) && location.startsWith("/sign-in?next=");
  if (typeof expectation === "number") return answer.status === expectation;
  // Let in: neither sent to sign in nor refused; a page about one thing finds it.
  if (location.startsWith("/sign-in")) return false;
  return ![401, 403, 405].includes(answer.status) && !(hasThing && answer.status === 404) && answer.status < 500;
}

const routeModules = loadBundle().routeModules;
const routes = guardedRoutes(routeModules);
let site: Site;
let fixtures: Fixtures;
const accounts = {} as Record<Exclude<Role, "visitor">, TestAccount>;

beforeAll(async () => {
  site = await startSite();
  [accounts.other, accounts.owner, accounts.admin] = await Promise.all([
    createAccount(site, { name: "Anden Konto" }),
    createAccount(site, { name: "Ejer Ejersen" }),
    createAccount(site, { name: "Admin Adminsen", admin: true }),
  ]);
  const [market, unowned, draft] = await Promise.all([
    createTestMarket(site.database, { name: "Ejerens Marked" }, { owner: accounts.owner.id }),
    createTestMarket(site.database, { name: "Marked Uden Ejer" }),
    createDraft(site.database.db, accounts.owner.id, { step: FIRST_STEP, fields: {} }),
  ]);
  const topic = await startTopic(site.database.db, accounts.owner.id, { categorySlug: "generelt", title: "Ejerens emne", text: "Ejerens indlæg", marketId: null });
  if (topic.kind !== "started") throw new Error(`No topic: ${topic.kind}`);
  fixtures = { marketId: market.id, unownedSlug: unowned.slug, draftId: draft.id, topicId: topic.topicId, postId: topic.postId };
});

afterAll(async () => {
  await site?.close();
});

describe("the access every route declares", () => {
  it("is declared by every signed-in page: all of /dashboard and /opret-marked, and the guarded pages outside them", () => {
    const declared = new Set(routes.map((route) => route.pattern));
    const signedIn = Object.keys(routeModules)
      .map((id) => patternOf(routeModules, id))
      .filter(
        (pattern) =>
          /^\/(dashboard|opret-marked)(\/|$)/.test(pattern) ||
          ["/manage-market/:id", "/manage-market/:id/forhaandsvisning", "/markeder/:slug/ejerskab", "/community/new", "/community/indlaeg/:postId/anmeld", "/gem/:id"].includes(
            pattern,
          ),
      );
    expect(signedIn.length).toBeGreaterThan(25);
    expect(signedIn.filter((pattern) => !declared.has(pattern))).toEqual([]);
  });

  it("keeps today's access: every account opens the member pages, only admins the admin pages", () => {
    const adminPages = [
      "/dashboard/admin",
      "/dashboard/admin/godkendelser",
      "/dashboard/admin/godkendelser/:id",
      "/dashboard/admin/brugere",
      "/dashboard/admin/brugere/:id",
      "/dashboard/admin/log",
      "/dashboard/admin/beskeder",
      "/dashboard/admin/beskeder/:id",
      "/dashboard/admin/markeder",
      "/dashboard/admin/markeder/:id/sammenlaeg",
      "/dashboard/admin/aendringer",
      "/dashboard/admin/community",
      "/dashboard/admin/community/indlaeg/:postId",
      "/dashboard/admin/community/emne/:topicId",
      "/dashboard/admin/maalinger",
      "/dashboard/market-claims",
      "/dashboard/image-cleanup",
    ];
    const account = (role: string, isAdmin = false): PermissionHolder => ({ id: "konto", roles: rolesOf({ isAdmin, role }) });
    for (const route of routes) {
      const permission = route.access.permission;
      if (!permission) continue;
      const adminOnly = adminPages.includes(route.pattern);
      for (const holder of [account("visitor"), account("seller"), account("organizer")])
        expect(userCan(holder, permission), `${route.pattern} ${holder.roles.join(",")}`).toBe(!adminOnly);
      expect(userCan(account("visitor", true), permission), route.pattern).toBe(true);
      expect(scopeOf(permission) === "any", route.pattern).toBe(adminOnly);
    }
  });

  it("is what the dashboard menu shows each link by", () => {
    for (const link of DASHBOARD_LINKS) {
      const route = routes.find((candidate) => candidate.pattern === link.to);
      expect(route?.access.permission, link.to).toBe(link.permission);
    }
  });

  it("holds for a path spelt with encoded letters, which the router decodes to the same route", async () => {
    for (const path of ["/dashboard/%61dmin", "/dashboard/admin/maalinge%72"]) {
      expect((await site.get(path, { cookies: accounts.other.cookies })).status, path).toBe(403);
      expect((await site.get(path, { cookies: accounts.admin.cookies })).status, path).toBe(200);
    }
  });

  it("gives every route whose URL takes params its values here", () => {
    const missing = routes.filter((route) => route.pattern.includes(":") && !PARAMS[route.pattern]).map((route) => route.pattern);
    expect(missing).toEqual([]);
  });

  it(`holds for the ${ROLES.length} people, opening every declaring route and posting to each that takes posts`, async () => {
    const problems: string[] = [];
    let tried = 0;
    const holders: Record<Role, PermissionHolder | null> = {
      visitor: null,
      other: { id: accounts.other.id, roles: rolesOf({ isAdmin: false, role: "visitor" }) },
      owner: { id: accounts.owner.id, roles: rolesOf({ isAdmin: false, role: "visitor" }) },
      admin: { id: accounts.admin.id, roles: rolesOf({ isAdmin: true, role: "visitor" }) },
    };
    for (const route of routes) {
      const url = urlOf(route, fixtures);
      await Promise.all(
        ROLES.flatMap((role) =>
          METHODS.filter((method) => method === "GET" || route.takesPosts).map(async (method) => {
            const cookies = role === "visitor" ? undefined : accounts[role].cookies;
            const answer = method === "GET" ? await site.get(url, { cookies }) : await site.post(route.index ? `${url}?index` : url, {}, { cookies });
            const expectation = expected(route, method, holders[role], role === "owner");
            tried += 1;
            if (!meets(answer, expectation, route.access.thing !== undefined)) {
              problems.push(`${method} ${url} as ${role}: ${describeAnswer(answer)}, but ${route.file} declares ${expectation}`);
            }
          }),
        ),
      );
    }
    expect(problems).toEqual([]);
    const posting = routes.filter((route) => route.takesPosts).length;
    expect(tried).toBe((routes.length + posting) * ROLES.length);
    // The size of the matrix, for whoever reads the run.
    console.info(`access: ${routes.length} routes (${posting} taking posts) × ${ROLES.length} people = ${tried} requests`);
  });
});
