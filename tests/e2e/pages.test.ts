import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
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
];

const THEMES = ["light", "dark"] as const;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** What each route showed in the light theme, for the uniqueness check at the end. */
const seen = new Map<string, { title: string; description: string }>();

function duplicates(values: [route: string, value: string][]): string[] {
  const byValue = new Map<string, string[]>();
  for (const [route, value] of values) byValue.set(value, [...(byValue.get(value) ?? []), route]);
  return [...byValue].filter(([, routes]) => routes.length > 1).map(([value, routes]) => `"${value}": ${routes.join(", ")}`);
}

describe.each(THEMES)("every page in the %s theme", (theme) => {
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

    const title = await page.title();
    expect(title.trim()).not.toBe("");
    const descriptions = page.locator('meta[name="description"]');
    expect(await descriptions.count()).toBe(1);
    const description = (await descriptions.getAttribute("content")) ?? "";
    expect(description.trim()).not.toBe("");
    if (theme === "light") seen.set(route, { title, description });
    expect(title.length, `title of ${route}`).toBeLessThanOrEqual(60);

    // An absolute canonical from BASE_URL and a link preview on every page.
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toBe(url(route));
    expect(await page.locator('meta[property="og:url"]').getAttribute("content")).toBe(canonical);
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe(title);
    expect(await page.locator('meta[property="og:description"]').getAttribute("content")).toBe(description);

    const violations = await axeViolations(page);
    expect(violations, `axe violations on ${route} (${theme}):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);

    expect(errors, `console errors on ${route} (${theme})`).toEqual([]);
  });
});

test("titles and descriptions are unique across the pages", () => {
  expect([...seen.keys()].sort()).toEqual([...ROUTES].sort());
  const entries = [...seen];
  expect(duplicates(entries.map(([route, v]) => [route, v.title])), "shared titles").toEqual([]);
  expect(duplicates(entries.map(([route, v]) => [route, v.description])), "shared descriptions").toEqual([]);
});
