import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { DESKTOP, launchBrowser, PHONE } from "../support/browser";
import { createTestAccount, signInContext } from "../support/factories";
import { gotoHydrated, isSameDocument, markDocument, url, watchHydration } from "./helpers";

/*
 * Choosing a theme with JavaScript: at once, in every open tab, stored in the background. What the
 * server renders from the cookie, the buttons without JavaScript and the cookie's lifetime after a
 * plain form: tests/integration/theme.test.ts.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const htmlClasses = (page: Page) => page.evaluate(() => [...document.documentElement.classList]);

/** The three theme buttons, found the way a screen reader user would: in the "Tema" group. */
function themeButton(page: Page, label: string) {
  return page.getByRole("group", { name: translation.theme.legend }).getByRole("button", { name: label, exact: true });
}

/** Another tab hears of the change through a BroadcastChannel: give it a moment on a busy machine. */
const SOON = { timeout: 5_000 };

const isThemePost = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname.startsWith("/tema");

describe("theme", () => {
  test("on a phone, choosing dark applies at once, reaches other tabs and is stored for the server", async () => {
    const context = await browser.newContext(PHONE);
    await watchHydration(context);
    try {
      const page = await context.newPage();
      const other = await context.newPage();
      await gotoHydrated(page, "/faq");
      await gotoHydrated(other, "/kalender");
      await markDocument(page);
      await markDocument(other);

      // The switcher sits in the header, not in the folded menu, so it shows on a phone.
      const dark = themeButton(page, translation.theme.dark);
      expect(await dark.isVisible()).toBe(true);
      expect(await page.locator("header").getByRole("group", { name: translation.theme.legend }).isVisible()).toBe(true);
      expect(await htmlClasses(page)).not.toContain("dark");

      const stored = page.waitForResponse((response) => isThemePost(response.request()));
      await dark.click();
      // At once (the click handler sets the class), in this document: no round trip to the server.
      expect(await htmlClasses(page)).toContain("dark");
      expect(await htmlClasses(page)).not.toContain("system");
      expect(await isSameDocument(page)).toBe(true);
      await expect.poll(() => dark.getAttribute("aria-pressed"), SOON).toBe("true");

      // The other tab follows without reloading.
      await expect.poll(() => htmlClasses(other), SOON).toContain("dark");
      expect(await htmlClasses(other)).not.toContain("system");
      expect(await isSameDocument(other)).toBe(true);
      await expect.poll(() => themeButton(other, translation.theme.dark).getAttribute("aria-pressed"), SOON).toBe("true");

      // The choice is stored in the background, in the cookie every later page is asked with; the
      // server renders that cookie's theme with its button pressed (tests/integration/theme.test.ts).
      expect((await stored).ok()).toBe(true);
      const cookie = (await context.cookies(url("/"))).find((candidate) => candidate.name === "loppeguiden-theme");
      expect(cookie).toMatchObject({ value: "dark", path: "/" });

      // And back to light, the same way, in both tabs.
      await themeButton(page, translation.theme.light).click();
      expect(await htmlClasses(page)).toEqual(["light"]);
      await expect.poll(() => htmlClasses(other), SOON).toEqual(["light"]);
      expect(await isSameDocument(page)).toBe(true);
    } finally {
      await context.close();
    }
  });

  test("on a page with React (the dashboard), the choice applies at once and stays through a client-side navigation", async () => {
    const context = await browser.newContext(DESKTOP);
    await watchHydration(context);
    await signInContext(context, await createTestAccount());
    try {
      const page = await context.newPage();
      await gotoHydrated(page, "/dashboard");
      await markDocument(page);
      const dark = themeButton(page, translation.theme.dark);
      const stored = page.waitForResponse((response) => isThemePost(response.request()));
      await dark.click();
      expect(await htmlClasses(page)).toEqual(["dark"]);
      expect(await dark.getAttribute("aria-pressed")).toBe("true");
      expect((await stored).ok()).toBe(true);

      // The next page comes from data loaded before the choice, and keeps the choice.
      const menu = page.getByRole("navigation", { name: translation.dashboard.nav.label });
      await menu.getByRole("link", { name: translation.dashboard.pages.savedMarkets.label }).click();
      await expect.poll(() => page.locator("h1").innerText()).toBe(translation.saved.heading);
      expect(await isSameDocument(page)).toBe(true);
      expect(await htmlClasses(page)).toEqual(["dark"]);
      expect(await dark.getAttribute("aria-pressed")).toBe("true");
      expect(await themeButton(page, translation.theme.system).getAttribute("aria-pressed")).toBe("false");
    } finally {
      await context.close();
    }
  });

  describe("how long the choice is kept follows the cookie consent", () => {
    const YEAR = 365 * 24 * 60 * 60;
    const BANNER = "[data-cookie-banner]";

    async function themeCookie(context: BrowserContext) {
      return (await context.cookies(url("/"))).find((cookie) => cookie.name === "loppeguiden-theme");
    }

    /** Seconds the cookie has left; -1 for a cookie that ends when the browser closes. */
    async function themeCookieLifetime(context: BrowserContext): Promise<number> {
      const cookie = await themeCookie(context);
      expect(cookie?.value).toBe("dark");
      return cookie!.expires === -1 ? -1 : Math.round(cookie!.expires - Date.now() / 1000);
    }

    // Without JavaScript, and withdrawn with the plain form: tests/integration/theme.test.ts.
    test("until the browser closes without preferences, and a year once they are allowed in the banner", async () => {
      const context = await browser.newContext(DESKTOP);
      await watchHydration(context);
      try {
        const page = await context.newPage();
        await gotoHydrated(page, "/faq");
        const stored = page.waitForResponse((response) => isThemePost(response.request()));
        await themeButton(page, translation.theme.dark).click();
        await stored;
        expect(await themeCookieLifetime(context)).toBe(-1);

        await page.locator(BANNER).getByRole("button", { name: "Accepter alle" }).click();
        await expect.poll(() => themeCookieLifetime(context), SOON).toBeGreaterThan(YEAR - 120);
        expect(await themeCookieLifetime(context)).toBeLessThanOrEqual(YEAR + 5);
      } finally {
        await context.close();
      }
    });
  });
});
