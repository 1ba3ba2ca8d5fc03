import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSite, type Site } from "../../support/site";

/**
 * What the server sends about scripts and browser features, as a browser would receive it: the
 * Content-Security-Policy allows by hash exactly the inline scripts the site rendered itself, and
 * the Permissions-Policy switches off what the site never uses, on pages fresh and from the page
 * cache and on other answers. That Chromium indeed refuses an injected script is
 * tests/e2e/security/csp.test.ts.
 */

const PERMISSIONS_POLICY = "camera=(), microphone=(), payment=(), geolocation=(self)";

let site: Site;

beforeAll(async () => {
  // The page cache on, as in production, so that a cached page's headers can be read.
  site = await startSite({ env: { PAGE_CACHE_MB: "8" } });
});

afterAll(async () => {
  await site?.close();
});

describe("Content-Security-Policy", () => {
  test("the policy lists hashes only for the scripts the site rendered", async () => {
    const response = await site.get("/test/html-injektion");
    const hashes = (response.headers.get("content-security-policy") ?? "").match(/'sha256-[^']+'/g) ?? [];
    const executable = [...response.text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].filter((match) => match[1]);
    // Every executable inline script but the injected one is allowed.
    expect(hashes.length).toBe(executable.length - 1);
  });
});

describe("Permissions-Policy", () => {
  test("pages, cached pages and other answers switch off camera, microphone and payment, and keep geolocation to the site", async () => {
    const path = `/om-os?tilladelser=${Date.now()}`;
    const fresh = await site.get(path);
    const cached = await site.get(path);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    for (const response of [fresh, cached, await site.get("/healthz"), await site.get("/findes-ikke")]) {
      expect(response.headers.get("permissions-policy"), response.path).toBe(PERMISSIONS_POLICY);
    }
  });
});
