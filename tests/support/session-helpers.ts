import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Sqlite from "better-sqlite3";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import type { BrowserContext } from "playwright-core";
import { authOptions } from "../../app/auth/auth.server";
import { loadConfig } from "../../app/lib/config.server";
import { createTestAccount } from "./accounts";
import type { AppDatabase } from "../../app/lib/db/database.server";

/* ---- The auth library on a test database (integration tests) ---- */

export interface TestAuthOptions {
  /** Environment for loadConfig, e.g. { EMAIL_VERIFICATION: "1", ADMIN_EMAILS: "…" }. */
  env?: Record<string, string>;
}

/**
 * betterAuth(authOptions(…)) as the server builds it, on a test database, with a data folder of
 * its own and verification mails caught in memory instead of sent: `mails` holds the token of
 * each verification mail, by address.
 */
export function testAuth(database: AppDatabase, { env = {} }: TestAuthOptions = {}) {
  const settings = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "lg-auth-test-")),
    BASE_URL: "http://localhost:3000",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    EMAIL_VERIFICATION: "0",
    ...env,
  });
  const mails: { email: string; token: string }[] = [];
  const options: BetterAuthOptions = authOptions(database.db, database.kind, settings);
  options.emailVerification = {
    ...options.emailVerification,
    sendVerificationEmail: async ({ user, token }) => {
      mails.push({ email: user.email, token });
    },
  };
  return { auth: betterAuth(options), settings, mails };
}

export type TestAuth = ReturnType<typeof testAuth>["auth"];

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeaderFrom(setCookies: string[]): string {
  return setCookies
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString("hex")}@example.dk`;
}

/* ---- A signed-in browser against the built test server (browser tests) ---- */

export const TEST_PASSWORD = "loppe-hemmelig";

export interface SignedInUser {
  email: string;
  userId: string;
  /** The session cookie exactly as the server set it. */
  cookie: { name: string; value: string };
}

/**
 * A new account with a verified address and a fresh session on the test server, made through
 * the site's own forms (tests/support/accounts.ts).
 */
export async function signUpAndSignIn(label = "session"): Promise<SignedInUser> {
  const account = await createTestAccount({ email: uniqueEmail(label), password: TEST_PASSWORD });
  const cookie = account.cookies.find((candidate) => candidate.name.endsWith(".session_token"));
  if (!cookie) throw new Error("The sign-in answer set no session cookie");
  return { email: account.email, userId: account.id, cookie };
}

/** Puts the user's session cookie into a browser context, as after signing in there. */
export async function addSessionCookie(context: BrowserContext, baseUrl: string, user: SignedInUser): Promise<void> {
  await context.addCookies([{ ...user.cookie, url: baseUrl, httpOnly: true, sameSite: "Lax" }]);
}

/** Short work on the server's SQLite file (it runs in WAL mode, so the server keeps going). */
export function withDatabase<T>(databaseFile: string, work: (db: Sqlite.Database) => T): T {
  const db = new Sqlite(databaseFile);
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

export function deleteSessionsOf(databaseFile: string, userId: string): number {
  return withDatabase(databaseFile, (db) => db.prepare('delete from "session" where "userId" = ?').run(userId).changes);
}

export function deleteProfileOf(databaseFile: string, userId: string): number {
  return withDatabase(databaseFile, (db) => db.prepare("delete from profiles where auth_user_id = ?").run(userId).changes);
}
