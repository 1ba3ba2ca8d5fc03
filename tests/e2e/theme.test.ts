import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { DESKTOP, launchBrowser, PHONE } from "../support/browser";
import {
  gotoHydrated,
  header,
  htmlClassOf,
  isSameDocument,
  markDocument,
  url,
  waitForHydration,
  watchHydration,
} from "./helpers";

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
  return page
    .getByRole("group", { name: translation.theme.legend })
    .getByRole("button", { name: label, exact: true });
}

/** Another tab hears of the change through a BroadcastChannel: give it a moment on a busy machine. */
const SOON = { timeout: 5_000 };

const isThemePost = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname.startsWith("/tema");

describe("theme", () => {
  test("without a cookie the server renders the system theme", async () => {
    const context = await browser.newContext(DESKTOP);
    try {
      const page = await context.newPage();
      const response = await page.goto(url("/"));
      expect(htmlClassOf(await response!.text())).toBe("system");
      expect(await themeButton(page, translation.theme.system).getAttribute("aria-pressed")).toBe("true");
    } finally {
      await context.close();
    }
  });

  test("on a phone, choosing dark applies at once, is kept by the server and reaches other tabs", async () => {
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

      // The choice is stored in the background; afterwards the server renders it: no flash.
      expect((await stored).ok()).toBe(true);
      const reloaded = await page.reload();
      expect(htmlClassOf(await reloaded!.text())).toBe("dark");
      await waitForHydration(page);
      expect(await htmlClasses(page)).toEqual(["dark"]);
      expect(await themeButton(page, translation.theme.dark).getAttribute("aria-pressed")).toBe("true");
      expect(await themeButton(page, translation.theme.light).getAttribute("aria-pressed")).toBe("false");
      expect(await themeButton(page, translation.theme.system).getAttribute("aria-pressed")).toBe("false");

      // And back to light, the same way, in both tabs.
      await markDocument(page);
      await themeButton(page, translation.theme.light).click();
      expect(await htmlClasses(page)).toEqual(["light"]);
      await expect.poll(() => htmlClasses(other), SOON).toEqual(["light"]);
      expect(await isSameDocument(page)).toBe(true);
    } finally {
      await context.close();
    }
  });

  test("without JavaScript the buttons post a form to /tema, which answers 303 back to the page", async () => {
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(url("/faq?a=1"));
      expect(await htmlClasses(page)).toEqual(["system"]);

      const posted = page.waitForRequest(isThemePost);
      await themeButton(page, translation.theme.dark).click();
      const request = await posted;
      expect(new URL(request.url()).pathname).toBe("/tema");
      const formResponse = await request.response();
      expect(formResponse?.status()).toBe(303);
      expect(new URL(header(formResponse!, "location")!, url("/")).href).toBe(url("/faq?a=1"));

      await page.waitForURL(url("/faq?a=1"));
      await page.waitForLoadState("load");
      expect(await htmlClasses(page)).toEqual(["dark"]);
      expect(await themeButton(page, translation.theme.dark).getAttribute("aria-pressed")).toBe("true");
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

    test("until the browser closes without preferences, a year once they are allowed, and back when they are withdrawn", async () => {
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

        // Withdrawn with the plain form (the settings on /cookies without JavaScript).
        const withdrawn = await context.request.post(url("/samtykke"), {
          form: { decision: "reject-all", next: "/faq" },
          headers: { Origin: new URL(url("/")).origin },
          maxRedirects: 0,
        });
        expect(withdrawn.status()).toBe(303);
        expect(await themeCookieLifetime(context)).toBe(-1);
      } finally {
        await context.close();
      }
    });

    test("without JavaScript, a choice made after allowing preferences is kept for a year", async () => {
      const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        await page.goto(url("/faq"));
        await page.locator(BANNER).getByRole("button", { name: "Accepter alle" }).click();
        await page.waitForURL(url("/faq"));
        await themeButton(page, translation.theme.dark).click();
        await expect.poll(async () => (await themeCookie(context))?.value).toBe("dark");
        const lifetime = await themeCookieLifetime(context);
        expect(lifetime).toBeGreaterThan(YEAR - 120);
        expect(lifetime).toBeLessThanOrEqual(YEAR + 5);
      } finally {
        await context.close();
      }
    });
  });
});
