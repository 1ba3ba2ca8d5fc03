import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Sqlite from "better-sqlite3";
import type { BetterAuthOptions } from "better-auth";
import type { BrowserContext } from "playwright-core";
import { inject } from "vitest";
import type { Auth } from "../../app/auth/auth.server";
import type { Role } from "../../app/auth/roles";
import { loadConfig } from "../../app/lib/config.server";
import type { AppDatabase } from "../../app/lib/db/database.server";
import type { MarketInput } from "../../app/markets/market-input";

/**
 * What tests make to test with, for the integration suite (a test database, tests/support/site.ts)
 * and the browser suite (the built server of tests/support/setup-server.ts) alike: accounts made
 * the way the auth library's sign-up makes them, sessions as its sign-in makes them (or through the
 * site's own sign-in form, signIn, where signing in is what a test is about), markets through the
 * app's write path. The app's modules are loaded when first needed: a browser test that
 * only wants an address does not wait for the auth library and the image encoder.
 */

/* ---- Names ---- */

export const PASSWORD = "loppe-hemmelig";

/** A new address per account, so tests never meet each other's accounts or rate limits. */
export function uniqueEmail(label = "konto"): string {
  return `${label}-${randomBytes(5).toString("hex")}@example.com`;
}

/* ---- Accounts ---- */

export interface UserOptions {
  name?: string;
  email?: string;
  /** PASSWORD unless given. */
  password?: string;
  /** Confirmed, as after the link in the verification mail; true unless given. */
  verified?: boolean;
  /** Admin, as ADMIN_EMAILS or `npm run user:role` make one. */
  admin?: boolean;
  /** Any other role `npm run user:role` gives (seller, organizer). */
  role?: Role;
  /** No password: an account that signs in only with Google. */
  googleOnly?: boolean;
}

export interface TestUser {
  id: string;
  name: string;
  email: string;
  /** null for an account that signs in only with Google (no credential row). */
  password: string | null;
}

export interface Cookie {
  name: string;
  value: string;
}

export interface TestAccount extends TestUser {
  /** The cookies the sign-in set, for a browser context or a Cookie header. */
  cookies: Cookie[];
}

/** Where an account is made and signed in: the site's address, its database and the secret its session cookies are signed with. */
export interface SiteTarget {
  url: string;
  database: AppDatabase;
  sessionSecret: string;
}

const libraries = new WeakMap<AppDatabase, Promise<Auth>>();

/** The auth library on this database, with the app's own options: its hooks make the profile rows. */
function libraryFor(database: AppDatabase): Promise<Auth> {
  let library = libraries.get(database);
  if (!library) {
    library = (async () => {
      const [{ betterAuth }, { authOptions }, { authSiteFor }] = await Promise.all([import("better-auth"), import("../../app/auth/auth.server"), import("./auth-site")]);
      const settings = loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "lg-factories-")),
        SESSION_SECRET: randomBytes(32).toString("base64url"),
        EMAIL_VERIFICATION: "1",
      });
      return betterAuth(authOptions(authSiteFor(database, settings)));
    })();
    libraries.set(database, library);
  }
  return library;
}

/**
 * Password hashes by password: scrypt is slow on purpose (about 60 ms here), and a salted hash of
 * the same password verifies for every account that holds it, so each process hashes each test
 * password once.
 */
const hashes = new Map<string, Promise<string>>();

function hashOnce(context: Awaited<Auth["$context"]>, password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = context.password.hash(password);
    hashes.set(password, hash);
  }
  return hash;
}

/**
 * An account in the database, made as the library's e-mail sign-up makes one (its password hash,
 * its user hook, which makes our profile), then confirmed and given a role as the site would.
 */
export async function createUser(database: AppDatabase, options: UserOptions = {}): Promise<TestUser> {
  const context = await (await libraryFor(database)).$context;
  const name = options.name ?? "Test Testesen";
  const email = (options.email ?? uniqueEmail()).toLowerCase();
  const password = options.googleOnly ? null : (options.password ?? PASSWORD);
  const user = await context.internalAdapter.createUser({ name, email, emailVerified: options.verified ?? true }, { method: "email-password" });
  if (password === null) {
    await context.internalAdapter.linkAccount({ userId: user.id, providerId: "google", accountId: `google-${randomBytes(6).toString("hex")}` });
  } else {
    await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await hashOnce(context, password) });
  }
  const role = options.admin ? "admin" : options.role;
  if (role && role !== "visitor") {
    const { setUserRole } = await import("../../app/people/set-role.server");
    const result = await setUserRole(database.db, email, role);
    if (result.kind !== "updated") throw new Error(`Could not make ${email} ${role}: ${result.kind}`);
  }
  return { id: user.id, name, email, password };
}

/**
 * A form post to the site with its own Origin, as a browser sends it. The auth library's own
 * endpoints are closed to the outside (app/auth/auth-http.server.ts): accounts go through the same
 * forms and rate limits as people.
 */
export function submitForm(baseUrl: string, path: string, fields: Record<string, string>, cookieHeader?: string): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(baseUrl).origin };
  if (cookieHeader) headers.Cookie = cookieHeader;
  return fetch(new URL(path, baseUrl), { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" });
}

/** The cookies a browser would keep from these Set-Cookie headers (not the ones they delete, nor a flash message). */
export function cookiesFrom(setCookies: string[]): Cookie[] {
  return setCookies
    .map((header) => header.split(";")[0]!)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1) }))
    .filter((cookie) => cookie.value !== "" && !cookie.name.startsWith("loppeguiden-flash"));
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeaderFrom(setCookies: string[]): string {
  return setCookies
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** The Cookie header for requests as this account. */
export function cookieHeader(account: { cookies: Cookie[] }): string {
  return account.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/** The session cookie among an account's cookies. */
export function sessionCookie(account: { cookies: Cookie[] }): Cookie {
  const cookie = account.cookies.find((candidate) => candidate.name.endsWith("session_token"));
  if (!cookie) throw new Error("The account has no session cookie");
  return cookie;
}

/** Signs in with e-mail and password through the site's /sign-in form; the cookies it set. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<Cookie[]> {
  const response = await submitForm(baseUrl, "/sign-in", { email, password, next: "/" });
  if (response.status !== 303) throw new Error(`Sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const cookies = cookiesFrom(response.headers.getSetCookie());
  if (!cookies.some((cookie) => cookie.name.endsWith("session_token"))) throw new Error("The sign-in set no session cookie");
  return cookies;
}

/**
 * A session for the user, as the library's sign-in makes one: its row, and its cookie signed with
 * the site's secret. No password is checked (scrypt costs tens of milliseconds a time) and no rate
 * limit counted: tests that are about signing in use the form (signIn).
 */
export async function startSession(site: SiteTarget, userId: string): Promise<Cookie[]> {
  const context = await (await libraryFor(site.database)).$context;
  const { token } = await context.internalAdapter.createSession(userId);
  const signature = createHmac("sha256", site.sessionSecret).update(token).digest("base64");
  return [{ name: context.authCookies.sessionToken.name, value: encodeURIComponent(`${token}.${signature}`) }];
}

/** A confirmed account with a session on the site. */
export async function createAccount(site: SiteTarget, options: UserOptions = {}): Promise<TestAccount> {
  const user = await createUser(site.database, options);
  return { ...user, cookies: await startSession(site, user.id) };
}

/* ---- Markets ---- */

/** A published market with a weekly Sunday market, as a form would submit it (through the same schema). */
export async function marketInput(fields: Record<string, unknown> = {}): Promise<MarketInput> {
  const { marketInputSchema } = await import("../../app/markets/market-input");
  return marketInputSchema.parse({
    name: `Loppemarked ${randomBytes(3).toString("hex")}`,
    type: "flea_market",
    postalCode: "8000",
    city: "Aarhus C",
    latitude: "56,15",
    longitude: "10,2",
    status: "published",
    schedules: [{ kind: "rule", startDate: "2025-01-05", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" }],
    ...fields,
  });
}

export interface TestMarket {
  id: string;
  slug: string;
  name: string;
}

/**
 * A market with its schedule, occurrences and search rows, through the app's write path: made by
 * `owner` (createMarket), or brought in by the importer and owned by nobody.
 */
export async function createTestMarket(database: AppDatabase, fields: Record<string, unknown> = {}, { owner }: { owner?: string } = {}): Promise<TestMarket> {
  const input = await marketInput(fields);
  const { createMarket, upsertImportedMarkets } = await import("../../app/markets/market-writes.server");
  const { id, slug } = owner ? await createMarket(database.db, input, { userId: owner }) : (await upsertImportedMarkets(database.db, [input]))[0]!;
  return { id, slug, name: input.name };
}

/* ---- The auth library alone on a test database (integration tests of the library's settings) ---- */

export interface TestAuthOptions {
  /** Environment for loadConfig, e.g. { EMAIL_VERIFICATION: "1", ADMIN_EMAILS: "…" }. */
  env?: Record<string, string>;
}

/**
 * betterAuth(authOptions(…)) as the server builds it, on a test database, with a data folder of
 * its own and verification mails caught in memory instead of sent: `mails` holds the token of
 * each verification mail, by address.
 */
export async function testAuth(database: AppDatabase, { env = {} }: TestAuthOptions = {}) {
  const [{ betterAuth }, { authOptions }, { authSiteFor }] = await Promise.all([import("better-auth"), import("../../app/auth/auth.server"), import("./auth-site")]);
  const settings = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "lg-auth-test-")),
    BASE_URL: "http://localhost:3000",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    EMAIL_VERIFICATION: "0",
    ...env,
  });
  const mails: { email: string; token: string }[] = [];
  const options: BetterAuthOptions = authOptions(authSiteFor(database, settings));
  options.emailVerification = {
    ...options.emailVerification,
    sendVerificationEmail: async ({ user, token }) => {
      mails.push({ email: user.email, token });
    },
  };
  return { auth: betterAuth(options), settings, mails };
}

export type TestAuth = Awaited<ReturnType<typeof testAuth>>["auth"];

/* ---- The browser suite's server (tests/support/setup-server.ts) ---- */

let serverDatabase: Promise<AppDatabase> | null = null;

/** The browser suite's server as a place to make accounts and markets: its address and its SQLite file. */
export async function browserSite(): Promise<SiteTarget> {
  // WAL mode lets the server go on while a test writes.
  serverDatabase ??= import("../../app/lib/db/database.server").then(({ openDatabase }) => openDatabase(`file:${inject("databaseFile")}`));
  return { url: inject("baseUrl"), database: await serverDatabase, sessionSecret: inject("sessionSecret") };
}

/** A confirmed, signed-in account on the browser suite's server. */
export async function createTestAccount(options: UserOptions = {}): Promise<TestAccount> {
  return createAccount(await browserSite(), options);
}

/** Signs in on the browser suite's server; the cookies it set. */
export function signInOverApi(email: string, password: string): Promise<Cookie[]> {
  return signIn(inject("baseUrl"), email, password);
}

/** A form post to the browser suite's server (see submitForm). */
export function postForm(path: string, fields: Record<string, string>, cookieHeader?: string): Promise<Response> {
  return submitForm(inject("baseUrl"), path, fields, cookieHeader);
}

/** Signs a browser context in as the account. */
export async function signInContext(context: BrowserContext, account: { cookies: Cookie[] }): Promise<void> {
  const url = inject("baseUrl");
  await context.addCookies(account.cookies.map((cookie) => ({ ...cookie, url, httpOnly: true, sameSite: "Lax" as const })));
}

/** Short work on the browser suite server's SQLite file, for arranging what no page can (a link that has run out). */
export function withServerDatabase<T>(work: (db: Sqlite.Database) => T): T {
  const db = new Sqlite(inject("databaseFile"));
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

/** Ends every session of the user on the browser suite's server, as signing out everywhere would; how many there were. */
export function deleteSessionsOf(userId: string): number {
  return withServerDatabase((db) => db.prepare('delete from "session" where "userId" = ?').run(userId).changes);
}

/** Deletes the user's profile row on the browser suite's server; how many there were. */
export function deleteProfileOf(userId: string): number {
  return withServerDatabase((db) => db.prepare("delete from profiles where auth_user_id = ?").run(userId).changes);
}
