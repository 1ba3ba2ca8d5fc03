import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser, PHONE } from "../support/browser";
import { createTestAccount, signInContext, type TestAccount } from "../support/factories";
import { baseUrl, isSameDocument, markDocument, url, waitForHydration, watchHydration } from "./helpers";

/*
 * The dashboard in the browser: its menu, and its pages on a phone and a desktop, light and dark.
 * Who the guard lets in, sends to sign in or refuses: tests/integration/dashboard.test.ts.
 */

let member: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  [member, admin] = await Promise.all([
    createTestAccount({ name: "Mette Medlem" }),
    createTestAccount({ name: "Anders Admin", admin: true }),
  ]);
});

describe("in the browser", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function signedInContext(options: typeof DESKTOP, account: TestAccount, theme?: "dark"): Promise<BrowserContext> {
    const context = await browser.newContext(options);
    await watchHydration(context);
    await signInContext(context, account);
    if (theme) await context.addCookies([{ name: "loppeguiden-theme", value: theme, url: baseUrl }]);
    return context;
  }

  test("the header's Min side leads into the dashboard without a reload, and its menu moves between pages", async () => {
    const context = await signedInContext(DESKTOP, member);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(url("/kalender"));
      await waitForHydration(page);
      await markDocument(page);
      await page.locator("header nav").getByRole("link", { name: translation.nav.myPage }).click();
      // The address changes as the navigation commits; the page renders a moment after.
      await expect.poll(() => page.locator("h1").innerText()).toBe(translation.dashboard.overview.heading.replace("{{name}}", "Mette Medlem"));
      expect(page.url()).toBe(url("/dashboard"));
      const menu = page.getByRole("navigation", { name: translation.dashboard.nav.label });
      await menu.getByRole("link", { name: translation.dashboard.pages.savedMarkets.label }).click();
      await expect.poll(() => page.locator("h1").innerText()).toBe(translation.saved.heading);
      expect(page.url()).toBe(url("/dashboard/gemte-markeder"));
      expect(await menu.getByRole("link", { name: translation.dashboard.pages.savedMarkets.label }).getAttribute("aria-current")).toBe("page");
      expect(await isSameDocument(page)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the admin's page fits a 320 px screen without sideways scrolling", async () => {
    const context = await signedInContext({ ...PHONE, viewport: { width: 320, height: 640 } }, admin);
    try {
      const page = await context.newPage();
      expect((await page.goto(url("/dashboard/admin")))?.status()).toBe(200);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    } finally {
      await context.close();
    }
  });

  // Mine markeder and the market form are checked in both themes by their own files
  // (owner-pages.test.ts, submit-market.test.ts).
  const PAGES = ["/dashboard", "/dashboard/indstillinger", "/dashboard/admin"];
  const VIEWS = [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const;

  describe.each(VIEWS)("on a %s", (_view, viewport) => {
    test.each(["light", "dark"] as const)("the dashboard pages are accessible in the %s theme", async (theme) => {
      const context = await signedInContext(viewport, admin, theme === "dark" ? "dark" : undefined);
      try {
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        const titles = new Set<string>();
        for (const path of PAGES) {
          const response = await page.goto(url(path));
          expect(response?.status(), path).toBe(200);
          await waitForHydration(page);
          expect(await page.evaluate(() => document.documentElement.classList.contains("dark")), path).toBe(theme === "dark");
          expect(await page.locator("h1:visible").count(), path).toBe(1);
          titles.add(await page.title());
          expect(await page.locator('link[rel="canonical"]').getAttribute("href"), path).toBe(url(path));
          // Nothing wider than the screen: the menu scrolls inside itself on a phone.
          // (Compared with the configured width: a phone's layout viewport grows to fit what overflows.)
          expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(page.viewportSize()!.width);
          const violations = await axeViolations(page);
          expect(violations, `${path} (${theme}):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
        }
        expect(titles.size).toBe(PAGES.length);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
