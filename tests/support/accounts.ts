import { randomBytes } from "node:crypto";
import Sqlite from "better-sqlite3";
import type { BrowserContext } from "playwright-core";
import { inject } from "vitest";

/**
 * Accounts on the built test server (tests/support/setup-server.ts) for browser tests: made through
 * the site's own sign-up and sign-in forms, as a browser would, with the step that needs a mailbox
 * (the verification link) done directly in the server's SQLite file.
 */

export const DEFAULT_PASSWORD = "loppe-hemmelig-42";

export interface TestAccount {
  id: string;
  name: string;
  email: string;
  /** null for an account that signs in only with Google (no credential row). */
  password: string | null;
  /** The cookies the sign-in set, for a browser context or a Cookie header. */
  cookies: { name: string; value: string }[];
}

export interface AccountOptions {
  name?: string;
  email?: string;
  password?: string;
  /** profiles.is_admin = 1, as ADMIN_EMAILS or `npm run user:role` would. */
  admin?: boolean;
  /** Remove the password after signing in: an account that signs in only with Google. */
  googleOnly?: boolean;
}

function baseUrl(): string {
  return inject("baseUrl");
}

/** Short work on the server's SQLite file; WAL mode lets the server go on meanwhile. */
export function withServerDatabase<T>(work: (db: Sqlite.Database) => T): T {
  const db = new Sqlite(inject("databaseFile"));
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

export function uniqueTestEmail(label = "konto"): string {
  return `${label}-${randomBytes(5).toString("hex")}@eksempel.dk`;
}

/**
 * A form post to one of the site's account pages with our own Origin, as a browser sends it. The
 * auth library's own endpoints are closed to the outside (app/auth/auth-http.server.ts), so tests
 * go through the same forms and rate limits as people.
 */
export function postForm(path: string, fields: Record<string, string>, cookieHeader?: string): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(baseUrl()).origin };
  if (cookieHeader) headers.Cookie = cookieHeader;
  return fetch(new URL(path, baseUrl()), { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" });
}

function cookiesOf(response: Response): { name: string; value: string }[] {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1) }))
    .filter((cookie) => cookie.value !== "" && !cookie.name.startsWith("loppeguiden-flash"));
}

/** Signs in with e-mail and password through /sign-in; the session cookie(s) the server set. */
export async function signInOverApi(email: string, password: string): Promise<{ name: string; value: string }[]> {
  const response = await postForm("/sign-in", { email, password, next: "/" });
  if (response.status !== 303) throw new Error(`Sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const cookies = cookiesOf(response);
  if (!cookies.some((cookie) => cookie.name.endsWith("session_token"))) throw new Error("The sign-in set no session cookie");
  return cookies;
}

/** A signed-up, verified and signed-in account. */
export async function createTestAccount(options: AccountOptions = {}): Promise<TestAccount> {
  const name = options.name ?? "Test Testesen";
  const email = (options.email ?? uniqueTestEmail()).toLowerCase();
  const password = options.password ?? DEFAULT_PASSWORD;
  const signUp = await postForm("/sign-up", { name, email, password, next: "/" });
  if (signUp.status !== 303) throw new Error(`Sign-up of ${email} failed: ${signUp.status} ${await signUp.text()}`);
  const id = withServerDatabase((db) => {
    // What the link in the verification mail does.
    db.prepare('update "user" set "emailVerified" = 1 where email = ?').run(email);
    const row = db.prepare('select id from "user" where email = ?').get(email) as { id: string } | undefined;
    if (!row) throw new Error(`No user row for ${email}`);
    if (options.admin) db.prepare("update profiles set is_admin = 1 where auth_user_id = ?").run(row.id);
    return row.id;
  });
  const cookies = await signInOverApi(email, password);
  if (options.googleOnly) {
    withServerDatabase((db) => {
      db.prepare(`delete from "account" where "userId" = ? and "providerId" = 'credential'`).run(id);
      db.prepare(
        `insert into "account" (id, "userId", "accountId", "providerId", "createdAt", "updatedAt") values (?, ?, ?, 'google', ?, ?)`,
      ).run(crypto.randomUUID(), id, `google-${randomBytes(6).toString("hex")}`, new Date().toISOString(), new Date().toISOString());
    });
  }
  return { id, name, email, password: options.googleOnly ? null : password, cookies };
}

/** The Cookie header for plain HTTP requests as this account. */
export function cookieHeader(account: Pick<TestAccount, "cookies">): string {
  return account.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/** Signs a browser context in as the account. */
export async function signInContext(context: BrowserContext, account: Pick<TestAccount, "cookies">): Promise<void> {
  await context.addCookies(account.cookies.map((cookie) => ({ ...cookie, url: baseUrl(), httpOnly: true, sameSite: "Lax" as const })));
}

/** Makes an account admin (or not) after the fact. */
export function setAdmin(userId: string, admin: boolean): void {
  withServerDatabase((db) => db.prepare("update profiles set is_admin = ? where auth_user_id = ?").run(admin ? 1 : 0, userId));
}
