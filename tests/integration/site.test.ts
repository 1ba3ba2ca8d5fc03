import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FLASH_COOKIE, flashCookie } from "../../app/http/flash.server";
import translation from "../../app/locales/da/translation.json";
import { FORM_BODY_MAX_BYTES } from "../../app/http/request-body.server";
import { createAccount, PASSWORD } from "../support/factories";
import { loadBundle, startSite, type Site } from "../support/site";

/**
 * The request-level harness (tests/support/site.ts) serves the production bundle with the
 * middleware in front of the pages: these checks show it does, so a test written on it meets the
 * site as a browser would.
 */

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

describe("the site the harness serves", () => {
  test("is the production build, on a fresh database of the suite's kind, with its mail caught", async () => {
    expect(site.config.isProduction).toBe(true);
    expect(site.config.databaseUrl).toBe(site.database.url);
    expect(site.config.baseUrl).toBe(site.url);
    const health = await site.get("/healthz");
    expect(health.status).toBe(200);
    expect(health.json()).toEqual({ status: "ok", database: "ok" });
    // Nothing seeded: each test makes what it needs.
    expect(await site.database.db.selectFrom("markets").select("id").execute()).toEqual([]);
    // The built browser assets are served beside the pages.
    const page = await site.get("/");
    const script = page.html.all("script[src], link[rel=modulepreload]").map((tag) => tag.getAttribute("src") ?? tag.getAttribute("href"))[0];
    expect(script).toMatch(/^\/assets\//);
    expect((await site.get(script!)).headers.get("cache-control")).toMatch(/immutable/);
  });

  test("says how to make the build when there is none", () => {
    expect(() => loadBundle("/findes/ikke/index.js")).toThrow(/npm run build/);
  });

  test("sends the security headers with every page", async () => {
    const page = await site.get("/");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(page.headers.get("permissions-policy")).toBe("camera=(), microphone=(), payment=(), geolocation=(self)");
    expect(page.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
    expect(page.headers.get("x-powered-by")).toBeNull();
  });

  test("refuses a post from another site, whether its Origin or the browser's Sec-Fetch-Site says so", async () => {
    const { client } = await site.signedIn();
    const foreign = await client.post("/dashboard/indstillinger", { intent: "name", name: "Fremmed" }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.text).toContain(translation.api.crossSite);
    const crossSite = await client.post("/dashboard/indstillinger", { intent: "name", name: "Fremmed" }, { origin: null, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    // A script without either header carries nobody's cookies by accident: it is let through.
    expect((await client.post("/dashboard/indstillinger", { intent: "name", name: "Skript" }, { origin: null })).status).toBe(303);
  });

  test("refuses a body past its route's limit, or one of unknown length, before any page reads it", async () => {
    const tooLarge = await site.post("/sign-in", "x".repeat(FORM_BODY_MAX_BYTES + 1), { headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(tooLarge.status).toBe(413);
    const chunked = await fetch(new URL("/sign-in", site.url), {
      method: "POST",
      // Its own connection, which the server hangs up after refusing (as site.request does).
      headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded", Connection: "close" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("email=a%40b.dk"));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
  });

  test("answers a method a route does not take with 405 and the ones it does", async () => {
    const put = await site.request("PUT", "/sign-in", { body: { email: "a@b.dk" } });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST");
    const post = await site.post("/kalender", { a: "1" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  test("keeps the auth library's own endpoints closed but the way back from Google", async () => {
    const { account } = await site.signedIn();
    expect((await site.post("/api/auth/sign-in/email", undefined, { json: { email: account.email, password: PASSWORD } })).status).toBe(404);
    expect((await site.get("/api/auth/get-session", { cookies: account.cookies })).status).toBe(404);
  });

  test("shows a flash message once: the page that renders it deletes its cookie", async () => {
    const flash = flashCookie({ title: "Hej fra testen", variant: "success" }, false).split(";")[0]!;
    const page = await site.get("/", { cookies: flash });
    expect(page.html.toasts()).toEqual([{ title: "Hej fra testen", description: null }]);
    expect(page.cookie(FLASH_COOKIE)).toBe("");
  });

  test("signs accounts in through the site's own form, each with a session of its own", async () => {
    const first = await createAccount(site, { name: "Første" });
    const second = await createAccount(site, { name: "Anden", admin: true });
    const session = await site.get("/api/session", { cookies: second.cookies });
    expect(session.json()).toMatchObject({ signedIn: true, userId: second.id, roles: ["visitor", "admin"] });
    expect(first.cookies).not.toEqual(second.cookies);
  });
});
