import type { Browser, Page, Request } from "playwright-core";
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
});
