import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { axeViolations, collectPageErrors, COLOUR_RULES, DESKTOP, launchBrowser } from "../support/browser";
import { BROWSER_PAGES } from "../support/every-page-routes";
import { baseUrl, expectNoSidewaysScrolling, h1TextsOf, url, waitForHydration, watchHydration } from "./helpers";

const SMALLEST_PHONE = { viewport: { width: 320, height: 700 } };

/** The one script of a page without React (decision 0022): the home page, landing and market pages. */
export const PROGRESSIVE_SCRIPT = /^\/assets\/progressive-[\w-]+\.js$/;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };

/** The headings of a server's HTML as a person reads them: the entities React writes decoded, spaces as one. */
function headingsOf(html: string): string[] {
  return h1TextsOf(html).map((text) => text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name]!).replace(/\s+/g, " "));
}

/** The file names of the chunks a script imports, directly or through another chunk (all in /assets). */
async function chunksImportedBy(script: string): Promise<Set<string>> {
  const found = new Set<string>();
  const pending = [script.split("/").pop()!];
  while (pending.length) {
    const source = await (await fetch(url(`/assets/${pending.pop()!}`))).text();
    for (const [, name] of source.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)) {
      if (!found.has(name!)) pending.push(name!);
      found.add(name!);
    }
  }
  return found;
}

/**
 * Every page in one theme, as a person's browser shows it once hydrated (of the articles and blog
 * posts, those that between them show every part any of them has: BROWSER_PAGES). One file per theme
 * (pages-light.test.ts, pages-dark.test.ts), so that two workers share the longest list of the
 * suite. The light theme gets every axe rule and the checks of the heading and the head, on a
 * desktop; the dark theme changes colours and nothing else in the page, so it gets the rules that
 * read colours, on the smallest phone (320 px), where the page must not scroll sideways.
 * What the server sends (status, lang, one heading, the theme cookie's class on <html>,
 * description and canonical): tests/integration/page-shell.test.ts; titles, descriptions and the
 * link preview: the SEO audit (tests/integration/seo-audit.test.ts).
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
    /** The scripts the current page asked for. */
    const scripts: string[] = [];

    beforeAll(async () => {
      context = await browser.newContext(theme === "light" ? DESKTOP : SMALLEST_PHONE);
      await watchHydration(context);
      if (theme === "dark") {
        await context.addCookies([{ name: "loppeguiden-theme", value: "dark", url: baseUrl }]);
      }
      page = await context.newPage();
      errors = collectPageErrors(page);
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
    });

    afterAll(async () => {
      await context?.close();
    });

    const classList = () => page.evaluate(() => [...document.documentElement.classList]);

    if (theme === "light") {
      test.each(BROWSER_PAGES)("%s", async (route) => {
        errors.length = 0;
        scripts.length = 0;
        const response = await page.goto(url(route));
        expect(response?.status()).toBe(200);
        const html = await response!.text();
        await waitForHydration(page);
        expect(await classList()).not.toContain("dark");
        // A page the server sends without React loads its one small script, and nothing else but
        // the chunks that script imports on demand (the map of /markeder): never React's
        // (which pages those are: tests/integration/pages-without-react.test.ts).
        if (!html.includes("__reactRouterContext")) {
          const [script, ...later] = scripts;
          expect(script, "the script of a page without React").toMatch(PROGRESSIVE_SCRIPT);
          const reachable = later.length ? await chunksImportedBy(script!) : new Set<string>();
          expect(
            later.filter((chunk) => !reachable.has(chunk.split("/").pop()!)),
            "scripts the script of a page without React does not import",
          ).toEqual([]);
        }

        // Hydration keeps the server's one heading, visible, and the head as the server sent it.
        const headings = await page.locator("h1:visible").allTextContents();
        expect(
          headings.map((text) => text.replace(/\s+/g, " ").trim()),
          "visible h1 after hydration",
        ).toEqual(headingsOf(html));
        expect(await page.locator('meta[name="description"]').count()).toBe(1);
        expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(url(route));

        const violations = await axeViolations(page);
        expect(violations, `axe violations on ${route} (light):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);

        expect(errors, `console errors on ${route} (light)`).toEqual([]);
      });
    } else {
      test.each(BROWSER_PAGES)("%s", async (route) => {
        errors.length = 0;
        const response = await page.goto(url(route));
        expect(response?.status()).toBe(200);
        await waitForHydration(page);
        // Hydration keeps the theme the server rendered from the cookie.
        expect(await classList()).toContain("dark");

        const violations = await axeViolations(page, { rules: COLOUR_RULES });
        expect(violations, `colour violations on ${route} (dark):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
        await expectNoSidewaysScrolling(page, route);

        expect(errors, `console errors on ${route} (dark)`).toEqual([]);
      });
    }
  });
}
