import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PROFILE_TIMEOUT_MS, readSessionStatus } from "../../app/http/session-status.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { cookieHeaderFrom, testAuth, uniqueEmail, type TestAuth } from "../support/factories";

const { kind } = inject("testDatabase");
const PASSWORD = "loppe-hemmelig";
const DAY_MS = 24 * 60 * 60 * 1000;

describe(`sessions stored in ${kind}`, () => {
  let database: TestDatabase;
  let auth: TestAuth;
  let secret: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const made = await testAuth(database);
    auth = made.auth;
    secret = made.settings.sessionSecret;
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** A new account and the Cookie header of its first session. */
  async function newAccount(label: string) {
    const email = uniqueEmail(label);
    const signedUp = await auth.api.signUpEmail({ body: { name: "Mette Loppe", email, password: PASSWORD }, returnHeaders: true });
    return { email, userId: signedUp.response.user.id, cookie: cookieHeaderFrom(signedUp.headers.getSetCookie()) };
  }

  async function signIn(email: string): Promise<string> {
    const { headers } = await auth.api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
    return cookieHeaderFrom(headers.getSetCookie());
  }

  const sessionOf = (cookie: string, instance: TestAuth = auth) => instance.api.getSession({ headers: new Headers({ cookie }) });
  const statusOf = (cookie: string, options: Partial<Parameters<typeof readSessionStatus>[1]> = {}) =>
    readSessionStatus(new Request("http://localhost:3000/api/session", { headers: { cookie } }), { auth, db: database.db, logger: pino({ level: "silent" }), ...options });
  const sessionRows = (userId: string) => database.db.selectFrom("session").selectAll().where("userId", "=", userId).execute();

  it("keeps each session as a row in the database", async () => {
    const { email, userId, cookie } = await newAccount("raekke");
    await signIn(email);
    const rows = await sessionRows(userId);
    expect(rows).toHaveLength(2);
    expect((await sessionOf(cookie))?.session.id).toBe(rows.find((row) => cookie.includes(row.token))?.id);
  });

  it("is seen by a second app instance on the same database, and ended there for both", async () => {
    const { userId, cookie } = await newAccount("instans");
    // Another instance: its own library object, the same database and secret (several app servers).
    const { auth: other } = await testAuth(database, { env: { SESSION_SECRET: secret } });
    expect((await sessionOf(cookie, other))?.user.id).toBe(userId);

    await other.api.signOut({ headers: new Headers({ cookie }) });
    expect(await sessionOf(cookie, other)).toBeNull();
    expect(await sessionOf(cookie)).toBeNull();
  });

  it("revokeSessions ends every session of the user", async () => {
    const { email, userId, cookie } = await newAccount("alle");
    const second = await signIn(email);
    const stranger = await newAccount("fremmed");
    await auth.api.revokeSessions({ headers: new Headers({ cookie }) });
    expect(await sessionOf(cookie)).toBeNull();
    expect(await sessionOf(second)).toBeNull();
    expect(await sessionRows(userId)).toEqual([]);
    // Only that user's.
    expect((await sessionOf(stranger.cookie))?.user.id).toBe(stranger.userId);
  });

  it("revokeOtherSessions keeps the one that asked", async () => {
    const { email, userId, cookie } = await newAccount("andre");
    const second = await signIn(email);
    const third = await signIn(email);
    await auth.api.revokeOtherSessions({ headers: new Headers({ cookie: second }) });
    expect(await sessionOf(cookie)).toBeNull();
    expect(await sessionOf(third)).toBeNull();
    expect((await sessionOf(second))?.user.id).toBe(userId);
    expect(await sessionRows(userId)).toHaveLength(1);
  });

  it("treats a session whose expiresAt has passed as no session, and clears its cookie", async () => {
    const { userId, cookie } = await newAccount("udloebet");
    await database.db
      .updateTable("session")
      .set({ expiresAt: kind === "postgres" ? new Date(Date.now() - 1000) : new Date(Date.now() - 1000).toISOString() })
      .where("userId", "=", userId)
      .execute();
    const { status, setCookies } = await statusOf(cookie);
    expect(status).toEqual({ signedIn: false, userId: null, expiresAt: null, roles: [], profile: null });
    expect(setCookies.some((c) => /session_token=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(await sessionOf(cookie)).toBeNull();
  });

  describe("GET /api/session's answer", () => {
    it("tells the user id, expiry, roles and profile, and nothing secret", async () => {
      const { userId, cookie } = await newAccount("status");
      const [row] = await sessionRows(userId);
      const { status } = await statusOf(cookie);
      expect(status).toEqual({ signedIn: true, userId, expiresAt: new Date(row!.expiresAt).toISOString(), roles: ["visitor"], profile: "ok" });
      const json = JSON.stringify(status);
      expect(json).not.toContain(row!.token);
      expect(json).not.toContain(row!.id);
      expect(json).not.toContain("@");
    });

    it("answers signed out without a cookie or with a forged one", async () => {
      expect((await statusOf("")).status.signedIn).toBe(false);
      const { cookie } = await newAccount("forfalsket");
      const forged = cookie.replace(/=([^.]+)\./, (_whole, token: string) => `=${token.slice(0, -2)}xx.`);
      expect((await statusOf(forged)).status.signedIn).toBe(false);
    });

    it("moves a session in use forward once it is a day old, with a new cookie", async () => {
      const { userId, cookie } = await newAccount("forny");
      // A fresh session is not written again.
      expect((await statusOf(cookie)).setCookies).toEqual([]);

      const tenDaysLeft = new Date(Date.now() + 10 * DAY_MS);
      await database.db
        .updateTable("session")
        .set({ expiresAt: kind === "postgres" ? tenDaysLeft : tenDaysLeft.toISOString() })
        .where("userId", "=", userId)
        .execute();
      const before = Date.now();
      const { status, setCookies } = await statusOf(cookie);
      const renewed = new Date(status.expiresAt!).getTime();
      expect(renewed).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
      expect(new Date((await sessionRows(userId))[0]!.expiresAt).getTime()).toBe(renewed);
      expect(setCookies.find((c) => c.includes("session_token="))).toMatch(/Max-Age=2592000/);
    });

    it("tells a missing profile, a failing one and a slow one apart", async () => {
      const { userId, cookie } = await newAccount("profil");
      expect(PROFILE_TIMEOUT_MS).toBe(2000);

      const failing = await statusOf(cookie, { lookupProfile: () => Promise.reject(new Error("databasen svarer ikke")) });
      expect(failing.status).toMatchObject({ signedIn: true, userId, profile: "error", roles: ["visitor"] });

      // A lookup that never answers, and a timeout made short for the test.
      const slow = await statusOf(cookie, { lookupProfile: () => new Promise(() => {}), profileTimeoutMs: 10 });
      expect(slow.status).toMatchObject({ signedIn: true, profile: "timeout", roles: ["visitor"] });

      await database.db.deleteFrom("profiles").where("auth_user_id", "=", userId).execute();
      expect((await statusOf(cookie)).status).toMatchObject({ signedIn: true, userId, profile: "missing", roles: ["visitor"] });
    });

    it("reports the roles of the profile", async () => {
      const { userId, cookie } = await newAccount("admin");
      await database.db.updateTable("profiles").set({ is_admin: 1, role: "organizer" }).where("auth_user_id", "=", userId).execute();
      expect((await statusOf(cookie)).status.roles).toEqual(["visitor", "admin", "organizer"]);
    });
  });
});
