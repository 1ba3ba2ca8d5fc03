import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DESKTOP, collectPageErrors, launchBrowser } from "../../support/browser";
import { gotoHydrated, watchHydration } from "../helpers";

/**
 * The Content-Security-Policy allows the inline scripts the site renders itself, by hash, and
 * nothing else: a script that reaches the HTML any other way (an injection) must not run, also
 * when the page comes from the page cache. Chromium shows that it does not; the headers the server
 * sends (the hashes, the Permissions-Policy) are read at request level in
 * tests/integration/security/headers.test.ts.
 */

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
        expect(
          errors.some((error) => /Content Security Policy/i.test(error)),
          `${visit}: ${errors.join("\n")}`,
        ).toBe(true);
        await page.close();
        answeredFromCache = hit;
      }
      expect(answeredFromCache, "the page cache answered the page").toBe(true);
    } finally {
      await context.close();
    }
  });
});
