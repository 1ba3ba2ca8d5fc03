import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accountLifecycle } from "../../app/account/account-lifecycle.server";
import { createAuth } from "../../app/auth/auth.server";
import type { OwnedResource, Permission } from "../../app/auth/permissions";
import { setUserRole } from "../../app/people/set-role.server";
import type { Viewer } from "../../app/auth/viewer";
import { access, type Access, type Guard } from "../../app/http/access.server";
import { requestContext } from "../../app/http/request-context.server";
import { readSessionMiddleware } from "../../app/http/session.server";
import { loadConfig } from "../../app/lib/config.server";
import { createLogger } from "../../app/lib/logger.server";
import { site, setProcessSite } from "../../app/lib/site-context.server";
import { createStorage } from "../../app/lib/storage/index.server";
import { createMailer } from "../../app/mail/mailer.server";
import { insertFixtureMarkets } from "../fixtures/markets";
import { cookieHeaderFrom, uniqueEmail } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");
const BASE_URL = "http://localhost:3000";
const PASSWORD = "loppe-hemmelig";

/** The kinds of signed-in account; "nobody" below is the visitor without a session. */
const ROLES = ["visitor", "seller", "organizer", "admin"] as const;
type AccountRole = (typeof ROLES)[number];

interface Account {
  id: string;
  cookie: string;
  /** The market this account owns (markets.owner_id). */
  marketId: string;
}

/** What the guard answered: let through (200, with whom), sent to sign in (302, where), or refused. */
interface Answer {
  status: number;
  userId?: string;
  location?: string | null;
}

/** data(null, { status }) from the guard, which React Router renders as the error screen with that status. */
function isDataWithStatus(thrown: unknown): thrown is { type: "DataWithResponseInit"; init: { status: number } } {
  return typeof thrown === "object" && thrown !== null && (thrown as { type?: unknown }).type === "DataWithResponseInit";
}

const PATH = "/manage-market/et-marked?fane=2";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a guard of any route
type Middleware = Guard<any>;

/** What /dashboard/admin/maalinger declares; tests/integration/access.test.ts tries the route itself. */
const measurementsPageGuard = access({ permission: "read:measurements:any" });

/** A request to PATH through the root's session middleware and then `guard`, as React Router runs them. */
async function answer(cookie: string | null, guard: Middleware, path = PATH): Promise<Answer> {
  const url = new URL(`${BASE_URL}${path}`);
  const request = new Request(url, { headers: cookie ? { cookie } : {} });
  const context = requestContext(undefined);
  const args = { request, url, params: {}, context, pattern: url.pathname };
  const respond = async () => new Response(null, { status: 200 });
  try {
    await readSessionMiddleware(args, respond);
    let viewer: Viewer | null = null;
    await guard(args, async () => {
      viewer = guard.allowed(context).viewer;
      return respond();
    });
    return { status: 200, userId: viewer!.user.id };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    if (isDataWithStatus(thrown)) return { status: thrown.init.status };
    throw thrown;
  }
}

/** The guard of a route that declares this permission, on this market when one is given. */
function requireUserWithPermission(permission: Permission, resource?: OwnedResource): Middleware {
  const declaration: Access = { permission };
  if (resource) declaration.thing = { find: async () => resource, ownerId: (market: OwnedResource) => market.ownerId };
  return access(declaration);
}

const SIGN_IN = { status: 302, location: `/sign-in?next=${encodeURIComponent(PATH)}` };
const FORBIDDEN = { status: 403 };

describe(`the access of a route on ${kind}`, () => {
  let database: TestDatabase;
  let dataDir: string;
  const accounts = {} as Record<AccountRole, Account>;
  /** A market of an account none of the four is: everyone's "others' market". */
  let neighboursMarket: OwnedResource;
  let unownedMarket: OwnedResource;

  /** The market as a page would hand it to the guard: its row's owner, read from the database. */
  async function market(id: string): Promise<OwnedResource> {
    const row = await database.db.selectFrom("markets").select("owner_id").where("id", "=", id).executeTakeFirstOrThrow();
    return { ownerId: row.owner_id };
  }

  async function signUp(label: string): Promise<{ id: string; email: string; cookie: string }> {
    const email = uniqueEmail(label);
    const { headers, response } = await site().auth.api.signUpEmail({ body: { name: `Konto ${label}`, email, password: PASSWORD }, returnHeaders: true });
    return { id: response.user.id, email, cookie: cookieHeaderFrom(headers.getSetCookie()) };
  }

  beforeAll(async () => {
    // The guard reads the app's own database, configuration and auth library, as on the server.
    dataDir = mkdtempSync(path.join(tmpdir(), "lg-permissions-test-"));
    const env = { DATA_DIR: dataDir, BASE_URL, SESSION_SECRET: randomBytes(32).toString("base64url"), EMAIL_VERIFICATION: "0" };
    const settings = loadConfig(env);
    database = await createTestDatabase();
    const logger = createLogger("silent");
    const parts = { config: settings, database, storage: createStorage(settings), logger, mailer: createMailer(settings, logger) };
    setProcessSite({ ...parts, auth: createAuth({ ...parts, lifecycle: accountLifecycle(parts) }) });

    const ids = await insertFixtureMarkets(database.db, [
      ...ROLES.map((role) => ({ slug: `marked-${role}`, type: "flea_market" as const, postal: 8000, city: "Aarhus C" })),
      { slug: "naboens-marked", type: "flea_market", postal: 5000, city: "Odense C" },
      { slug: "marked-uden-ejer", type: "flea_market", postal: 9000, city: "Aalborg" },
    ]);
    for (const role of ROLES) {
      const { id, email, cookie } = await signUp(role);
      if (role !== "visitor") expect((await setUserRole(database.db, email, role)).kind).toBe("updated");
      const marketId = ids.get(`marked-${role}`)!;
      await database.db.updateTable("markets").set({ owner_id: id }).where("id", "=", marketId).execute();
      accounts[role] = { id, cookie, marketId };
    }
    const neighbour = await signUp("nabo");
    await database.db.updateTable("markets").set({ owner_id: neighbour.id }).where("id", "=", ids.get("naboens-marked")!).execute();
    neighboursMarket = await market(ids.get("naboens-marked")!);
    unownedMarket = await market(ids.get("marked-uden-ejer")!);
  });

  afterAll(async () => {
    setProcessSite(null);
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const can = (role: AccountRole, permission: Permission, resource?: OwnedResource) => answer(accounts[role].cookie, requireUserWithPermission(permission, resource));

  it("sends a visitor without a session to sign in and back (302), whatever the permission and market", async () => {
    for (const permission of ["read:dashboard:own", "update:market:own", "update:market:any", "read:measurements:any"] as const) {
      for (const resource of [undefined, neighboursMarket, await market(accounts.organizer.marketId)]) {
        expect(await answer(null, requireUserWithPermission(permission, resource))).toEqual(SIGN_IN);
      }
    }
  });

  it.each(ROLES)("lets a %s update their own market, and checks who is let in", async (role) => {
    const own = await market(accounts[role].marketId);
    expect(own.ownerId).toBe(accounts[role].id);
    expect(await can(role, "update:market:own", own)).toEqual({ status: 200, userId: accounts[role].id });
    expect(await can(role, "delete:market:own", own)).toEqual({ status: 200, userId: accounts[role].id });
  });

  it.each(["visitor", "seller", "organizer"] as const)("refuses a %s someone else's market and one without an owner (403)", async (role) => {
    const anotherRolesMarket = await market(accounts[role === "organizer" ? "seller" : "organizer"].marketId);
    for (const resource of [neighboursMarket, anotherRolesMarket, unownedMarket]) {
      expect(await can(role, "update:market:own", resource)).toEqual(FORBIDDEN);
      expect(await can(role, "delete:market:own", resource)).toEqual(FORBIDDEN);
      expect(await can(role, "update:market:any", resource)).toEqual(FORBIDDEN);
    }
    expect(await can(role, "update:market:any", await market(accounts[role].marketId))).toEqual(FORBIDDEN);
  });

  it("lets an admin update and delete anyone's market and one without an owner (update:market:any)", async () => {
    for (const resource of [neighboursMarket, await market(accounts.organizer.marketId), unownedMarket]) {
      expect(await can("admin", "update:market:own", resource)).toEqual({ status: 200, userId: accounts.admin.id });
      expect(await can("admin", "update:market:any", resource)).toEqual({ status: 200, userId: accounts.admin.id });
      expect(await can("admin", "delete:market:own", resource)).toEqual({ status: 200, userId: accounts.admin.id });
    }
  });

  it("lets an organizer publish their own market without review, not others'; a visitor and a seller neither", async () => {
    expect(await can("organizer", "publish:market:own", await market(accounts.organizer.marketId))).toMatchObject({ status: 200 });
    expect(await can("organizer", "publish:market:own", neighboursMarket)).toEqual(FORBIDDEN);
    for (const role of ["visitor", "seller"] as const) {
      expect(await can(role, "publish:market:own", await market(accounts[role].marketId))).toEqual(FORBIDDEN);
      expect(await can(role, "publish:market:own", neighboursMarket)).toEqual(FORBIDDEN);
    }
    expect(await can("admin", "publish:market:own", neighboursMarket)).toMatchObject({ status: 200 });
  });

  it.each(ROLES)("lets a %s do what every account may, on any market", async (role) => {
    for (const permission of ["read:dashboard:own", "create:market", "save:market", "claim:market", "post:forum"] as const) {
      expect(await can(role, permission), permission).toMatchObject({ status: 200 });
    }
    expect(await can(role, "save:market", neighboursMarket)).toMatchObject({ status: 200 });
  });

  it.each(["visitor", "seller", "organizer"] as const)("keeps the admin's permissions from a %s (403)", async (role) => {
    for (const permission of ["read:measurements:any", "moderate:market:any", "moderate:claim:any", "delete:image:any", "manage:user:any"] as const) {
      expect(await can(role, permission), permission).toEqual(FORBIDDEN);
    }
    expect(await can(role, "moderate:market:any", await market(accounts[role].marketId))).toEqual(FORBIDDEN);
  });

  it("gives an admin the admin's permissions", async () => {
    for (const permission of ["read:measurements:any", "moderate:market:any", "moderate:claim:any", "delete:image:any", "manage:user:any"] as const) {
      expect(await can("admin", permission), permission).toEqual({ status: 200, userId: accounts.admin.id });
    }
  });

  it("guards a declared admin page by its declaration: sign in, 403 for the other roles, open to admins", async () => {
    const page = (cookie: string | null) => answer(cookie, measurementsPageGuard, "/dashboard/admin/maalinger");
    expect(await page(null)).toEqual({ status: 302, location: `/sign-in?next=${encodeURIComponent("/dashboard/admin/maalinger")}` });
    for (const role of ["visitor", "seller", "organizer"] as const) expect(await page(accounts[role].cookie), role).toEqual(FORBIDDEN);
    expect(await page(accounts.admin.cookie)).toEqual({ status: 200, userId: accounts.admin.id });
  });

  it("follows a role change at the next request: an organizer made admin reaches others' markets", async () => {
    const email = (await database.db.selectFrom("user").select("email").where("id", "=", accounts.organizer.id).executeTakeFirstOrThrow()).email;
    expect(await can("organizer", "update:market:own", neighboursMarket)).toEqual(FORBIDDEN);
    await setUserRole(database.db, email, "admin");
    try {
      expect(await can("organizer", "update:market:own", neighboursMarket)).toMatchObject({ status: 200 });
    } finally {
      await setUserRole(database.db, email, "organizer");
    }
  });
});
