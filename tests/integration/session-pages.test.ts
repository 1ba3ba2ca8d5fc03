import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { sessionCookie } from "../support/factories";
import { startSite, type Site } from "../support/site";

/**
 * What a page's session check asks and the session test page as the server sends them: GET
 * /api/session and /test/auth-debug. The open pages reacting to a session that ends (focus, other
 * tabs, the interval): tests/e2e/session-watch.test.ts. The answer's rules: auth-sessions.test.ts.
 */

const texts = translation.session;
const DAY_MS = 24 * 60 * 60 * 1000;

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

/** The session token itself: the signed cookie's value before its signature. */
const tokenOf = (cookie: { value: string }) => decodeURIComponent(cookie.value).split(".")[0]!;

describe("GET /api/session", () => {
  test("answers the session state of the cookie, never cached and never a token", async () => {
    const { account, client } = await site.signedIn();
    const signedIn = await client.get("/api/session");
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
    expect(signedIn.json()).toMatchObject({ signedIn: true, userId: account.id, roles: ["visitor"], profile: "ok" });
    expect(signedIn.text).not.toContain(tokenOf(sessionCookie(account)));
    expect(signedIn.text).not.toContain(account.email);

    const visitor = await site.get("/api/session");
    expect(visitor.headers.get("cache-control")).toBe("no-store");
    expect(visitor.json()).toEqual({ signedIn: false, userId: null, expiresAt: null, roles: [], profile: null });
  });
});

describe("/test/auth-debug", () => {
  test("shows the signed-in user their own session, privately, kept out of search engines and without the token", async () => {
    const { account, client } = await site.signedIn();
    const page = await client.get("/test/auth-debug");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.html.meta("robots")).toBe("noindex,nofollow");
    expect(page.text).not.toContain(tokenOf(sessionCookie(account)));

    expect(page.html.h1s()).toEqual([texts.debug.heading]);
    expect(page.html.text('[data-testid="session-user-id"]')).toBe(account.id);
    expect(page.html.text('[data-testid="session-roles"]')).toBe("visitor");
    const expires = page.html.one('[data-testid="session-expires"]')?.getAttribute("datetime");
    expect(new Date(expires!).getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  test("tells a visitor that they are not signed in", async () => {
    const page = await site.get("/test/auth-debug");
    expect(page.status).toBe(200);
    expect(page.html.text('[data-testid="session-signed-out"]')).toContain(texts.debug.signedOut);
  });
});
