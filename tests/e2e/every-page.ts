import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contentPagePaths } from "../../scripts/site-audit/seeds";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { baseUrl, countH1, htmlClassOf, url, waitForHydration, watchHydration } from "./helpers";

const ROUTES = [
  "/",
  "/markeder",
  "/kalender",
  "/register",
  "/artikler",
  "/community",
  "/priser",
  "/faq",
  "/om-os",
  "/kontakt",
  "/features",
  "/partner",
  "/privatlivspolitik",
  "/betingelser",
  "/cookies",
  "/sitemap",
  "/sign-in",
  "/sign-up",
  "/loppemarkeder",
  "/loppemarkeder-i-aarhus",
  "/antikmarkeder-paa-fyn",
  // Every article and blog post.
  ...contentPagePaths(),
];

/**
 * Every page in one theme, as a person's browser shows it: one heading, the theme, axe, no console
 * errors. One file per theme (pages-light.test.ts, pages-dark.test.ts), so that two workers share
 * the longest list of the suite. Titles, descriptions, their length and uniqueness, and the link
 * preview are checked for these pages and every other by the SEO audit over plain HTTP
 * (seo-audit.test.ts); here what needs a browser.
 */
export function checkEveryPage(theme: "light" | "dark") {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe(`every page in the ${theme} theme`, () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      context = await browser.newContext(DESKTOP);
      await watchHydration(context);
      if (theme === "dark") {
        await context.addCookies([{ name: "loppeguiden-theme", value: "dark", url: baseUrl }]);
      }
      page = await context.newPage();
      errors = collectPageErrors(page);
    });

    afterAll(async () => {
      await context?.close();
    });

    test.each(ROUTES)("%s", async (route) => {
      errors.length = 0;
      const response = await page.goto(url(route));
      expect(response?.status()).toBe(200);
      const html = await response!.text();

      // Server HTML: Danish, one heading, the theme from the cookie already on <html>.
      expect(html).toMatch(/<html\b[^>]*\slang="da"/);
      expect(countH1(html), "h1 elements in the server HTML").toBe(1);
      const serverClass = htmlClassOf(html)?.split(/\s+/) ?? [];
      if (theme === "dark") expect(serverClass).toContain("dark");
      else expect(serverClass).not.toContain("dark");

      await waitForHydration(page);

      expect(await page.getAttribute("html", "lang")).toBe("da");
      const classList = await page.evaluate(() => [...document.documentElement.classList]);
      if (theme === "dark") expect(classList).toContain("dark");
      else expect(classList).not.toContain("dark");

      expect(await page.locator("h1:visible").count(), "visible h1 elements after hydration").toBe(1);

      // After hydration the head still holds one description and the page's own absolute canonical.
      expect(await page.locator('meta[name="description"]').count()).toBe(1);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(url(route));

      const violations = await axeViolations(page);
      expect(violations, `axe violations on ${route} (${theme}):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);

      expect(errors, `console errors on ${route} (${theme})`).toEqual([]);
    });
  });
}
