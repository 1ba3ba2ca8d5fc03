import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DESKTOP, collectPageErrors, launchBrowser } from "../../support/browser";
import { gotoHydrated, url, watchHydration } from "../helpers";

/**
 * The Content-Security-Policy allows the inline scripts the site renders itself, by hash, and
 * nothing else: a script that reaches the HTML any other way (an injection) must not run, also
 * when the page comes from the page cache. And the Permissions-Policy switches off what the site
 * never uses.
 */

const PERMISSIONS_POLICY = "camera=(), microphone=(), payment=(), geolocation=(self)";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("Content-Security-Policy", () => {
  test("an injected inline script is refused while the page's own scripts run, fresh and from the page cache", async () => {
    const path = `/test/html-injektion?forsoeg=${Date.now()}`;
    const context = await browser.newContext(DESKTOP);
    await watchHydration(context);
    try {
      // The suite's other files write markets meanwhile, and each write empties the page cache: the
      // page is asked for again until the cache answers it; three tries were once not enough.
      let answeredFromCache = false;
      for (const visit of ["rendered", ...Array.from({ length: 7 }, () => "cached")]) {
        if (answeredFromCache) break;
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        const response = await gotoHydrated(page, path);
        const hit = response.headers()["x-page-cache"] === "hit";
        if (visit === "rendered") expect(hit, visit).toBe(false);
        // The injected markup is there, its script did not run, and the browser says why.
        expect(await page.locator("#injiceret").count(), visit).toBe(1);
        expect(await page.evaluate(() => (window as { __lgInjected?: boolean }).__lgInjected), visit).toBeUndefined();
        expect(await page.title(), visit).not.toBe("indsprøjtet");
        expect(errors.some((error) => /Content Security Policy/i.test(error)), `${visit}: ${errors.join("\n")}`).toBe(true);
        await page.close();
        answeredFromCache = hit;
      }
      expect(answeredFromCache, "the page cache answered the page").toBe(true);
    } finally {
      await context.close();
    }
  });

  test("the policy lists hashes only for the scripts the site rendered", async () => {
    const response = await fetch(url("/test/html-injektion"));
    const html = await response.text();
    const hashes = (response.headers.get("content-security-policy") ?? "").match(/'sha256-[^']+'/g) ?? [];
    const executable = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].filter((match) => match[1]);
    // Every executable inline script but the injected one is allowed.
    expect(hashes.length).toBe(executable.length - 1);
  });
});

describe("Permissions-Policy", () => {
  test("pages, cached pages and other answers switch off camera, microphone and payment, and keep geolocation to the site", async () => {
    const path = `/om-os?tilladelser=${Date.now()}`;
    const fresh = await fetch(url(path));
    const cached = await fetch(url(path));
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    for (const response of [fresh, cached, await fetch(url("/healthz")), await fetch(url("/findes-ikke"))]) {
      expect(response.headers.get("permissions-policy"), response.url).toBe(PERMISSIONS_POLICY);
    }
  });
});
