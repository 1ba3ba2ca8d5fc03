import Database from "better-sqlite3";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { collectPageErrors, DESKTOP, launchBrowser, PHONE } from "../support/browser";
import { createTestAccount, signInContext } from "../support/factories";
import { PROGRESSIVE_SCRIPT } from "./every-page";
import { gotoHydrated, isSameDocument, isSessionCheckUrl, markDocument, openContext, toastRegion, url } from "./helpers";

/**
 * Pages that do not hydrate (decision 0022): the home page, the landing pages and the market
 * pages load one small script instead of React, and keep what they did with React.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function publishedMarketSlug(): string {
  const db = new Database(inject("databaseFile"), { readonly: true });
  try {
    const row = db.prepare(`select slug from markets where status = 'published' and source = 'demo' order by slug limit 1`).get() as { slug: string };
    return row.slug;
  } finally {
    db.close();
  }
}

/** A flash message as the server sets it after a form post, for the next page to show. */
async function withFlash(context: BrowserContext, title: string): Promise<void> {
  const value = Buffer.from(JSON.stringify({ id: crypto.randomUUID(), title, variant: "success" })).toString("base64url");
  await context.addCookies([{ name: "loppeguiden-flash", value, url: url("/"), httpOnly: true }]);
}

describe("pages without React", () => {
  // What the server sends (one script tag, no React, no inline script): tests/integration/pages-without-react.test.ts.
  // The home page and the landing pages load only their script too: every-page.ts checks each page sent without React.
  test("a market page loads one script of its own and no React", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await gotoHydrated(page, `/markeder/${publishedMarketSlug()}`);
      expect(scripts).toHaveLength(1);
      expect(scripts[0]).toMatch(PROGRESSIVE_SCRIPT);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // That the message is in the server's HTML: tests/integration/pages-without-react.test.ts.
  test("a flash message closes with its button, and a later toast is drawn the same way", async () => {
    const context = await openContext(browser, PHONE);
    try {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await withFlash(context, "Gemt");
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const slug = publishedMarketSlug();
      await gotoHydrated(page, `/markeder/${slug}`);
      const flash = toastRegion(page).getByRole("status").filter({ hasText: "Gemt" });
      await flash.waitFor();
      await flash.getByRole("button", { name: translation.reporter.close }).click();
      await flash.waitFor({ state: "detached" });

      // "Del" without a share sheet copies the address and says so, in the same message area.
      await markDocument(page);
      await page.getByRole("link", { name: translation.market.share, exact: true }).click();
      await toastRegion(page).getByRole("status").filter({ hasText: translation.market.shareCopied }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url(`/markeder/${slug}`));
      expect(await isSameDocument(page)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // The same message area on a page with React (the dashboard, signed in).
  test.each(["/", "/dashboard"])("on %s a toast leaves after five seconds, and waits while the pointer is on it", async (path) => {
    const context = await openContext(browser, DESKTOP);
    try {
      if (path === "/dashboard") await signInContext(context, await createTestAccount());
      await withFlash(context, "Sendt");
      const page = await context.newPage();
      await page.clock.install();
      // The signed-in page's session check gives up after five seconds of the page's clock: the
      // clock runs on only once the answer has arrived, or a slow server shows that notice in the
      // toast's place.
      const checked = path === "/dashboard" ? page.waitForEvent("requestfinished", (request) => isSessionCheckUrl(request.url())) : null;
      await gotoHydrated(page, path);
      await checked;
      const flash = toastRegion(page).getByRole("status").filter({ hasText: "Sendt" });
      await flash.hover();
      await page.clock.runFor(6_000);
      expect(await flash.count()).toBe(1);
      await page.mouse.move(0, 0);
      await page.clock.runFor(5_000);
      await flash.waitFor({ state: "detached" });
    } finally {
      await context.close();
    }
  });

  test("the theme changes at once, in the same document, and is stored for the server", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      await gotoHydrated(page, "/loppemarkeder-i-koebenhavn");
      await markDocument(page);
      const stored = page.waitForResponse((response) => new URL(response.url()).pathname === "/tema");
      await page.getByRole("button", { name: translation.theme.dark }).first().click();
      expect(await page.evaluate(() => document.documentElement.className)).toBe("dark");
      expect(await page.getByRole("button", { name: translation.theme.dark }).first().getAttribute("aria-pressed")).toBe("true");
      expect((await stored).status()).toBe(200);
      expect(await isSameDocument(page)).toBe(true);
      // Kept in the cookie every later page is asked with; the server renders its theme
      // (tests/integration/page-shell.test.ts, on the landing pages too).
      const cookie = (await context.cookies(url("/"))).find((candidate) => candidate.name === "loppeguiden-theme");
      expect(cookie).toMatchObject({ value: "dark", path: "/" });
    } finally {
      await context.close();
    }
  });
});
