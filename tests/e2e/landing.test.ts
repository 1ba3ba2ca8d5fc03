import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser, PHONE } from "../support/browser";
import { expectNoSidewaysScrolling, gotoHydrated, watchHydration } from "./helpers";

/**
 * Landing pages as a browser shows them: layout, axe and hydration on a phone and a desktop. What
 * the server sends (addresses, redirects, structured data, canonicals, the filters without
 * JavaScript) is tests/integration/landing-pages.test.ts; every landing page's metadata is the SEO
 * audit's (tests/integration/seo-audit.test.ts).
 */

describe("in the browser", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)("reads well on a %s: no sideways scrolling, no axe violations, no console errors", async (_name, device) => {
    const context: BrowserContext = await browser.newContext(device);
    try {
      await watchHydration(context);
      const page: Page = await context.newPage();
      const errors = collectPageErrors(page);
      for (const path of ["/loppemarkeder-i-aarhus", "/genbrugsbutikker", "/loppemarkeder-paa-groenland"]) {
        await gotoHydrated(page, path);
        await expectNoSidewaysScrolling(page, path);
        expect(await axeViolations(page), `axe on ${path}`).toEqual([]);
      }
      // The smallest phones still in use: 320 px.
      await page.setViewportSize({ width: 320, height: 640 });
      await gotoHydrated(page, "/design-secondhand-butikker-i-nykobing-falster");
      await expectNoSidewaysScrolling(page, "/design-secondhand-butikker-i-nykobing-falster");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
