import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { createTestAccount, signInContext } from "../support/factories";
import { baseUrl, gotoHydrated, isSameDocument, markDocument, url, waitForHydration, watchHydration } from "./helpers";

/**
 * The client-side rules of product §4 as this server-rendered site keeps them
 * (docs/decisions/0013-client-rules-of-spec-4.md).
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext(DESKTOP);
  await watchHydration(context);
  return context;
}

function publishedMarketSlug(): string {
  const db = new Database(inject("databaseFile"), { readonly: true });
  try {
    const row = db.prepare(`select slug from markets where status = 'published' order by slug limit 1`).get() as { slug: string };
    return row.slug;
  } finally {
    db.close();
  }
}

const htmlClasses = (page: Page) => page.evaluate(() => [...document.documentElement.classList]);

function themeButton(page: Page, label: string) {
  return page.getByRole("group", { name: translation.theme.legend }).getByRole("button", { name: label, exact: true });
}

const isClientErrorReport = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/client-errors";

describe("with local storage blocked", () => {
  test("pages render and hydrate, theme and consent work through cookies, and the warning is logged once", async () => {
    const context = await newContext();
    // What Chrome does when the visitor blocks site data: reading window.localStorage throws.
    await context.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        configurable: true,
        get() {
          throw new DOMException("Access is denied for this document.", "SecurityError");
        },
      });
    });
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning") warnings.push(message.text());
      });
      // A beacon's body shows only to an intercepting route, which passes the report on unchanged.
      const reports: unknown[] = [];
      await page.route("**/api/client-errors", async (route) => {
        reports.push(JSON.parse(route.request().postData() ?? "null"));
        await route.continue();
      });

      await gotoHydrated(page, "/");
      const storageState = await page.evaluate(() => {
        try {
          return typeof window.localStorage;
        } catch {
          return "blocked";
        }
      });
      expect(storageState).toBe("blocked");
      await expect.poll(() => warnings.filter((text) => text === "Storage not available").length).toBe(1);
      await expect.poll(() => reports.length).toBe(1);
      expect(reports[0]).toMatchObject({ title: "Storage not available", severity: "warning", url: url("/") });

      // The consent banner stores its choice in cookies.
      await page.locator("[data-cookie-banner]").getByRole("button", { name: "Afvis alle" }).click();
      await page.locator("[data-cookie-banner]").waitFor({ state: "hidden" });
      expect((await context.cookies(baseUrl)).map((cookie) => cookie.name)).toContain("loppeguiden-consent");

      // So does the theme switch.
      await themeButton(page, translation.theme.dark).click();
      expect(await htmlClasses(page)).toContain("dark");
      await expect.poll(async () => (await context.cookies(baseUrl)).some((cookie) => /dark/.test(cookie.value))).toBe(true);

      // A market page, loaded fresh, keeps both choices and hydrates as well.
      const response = await gotoHydrated(page, `/markeder/${publishedMarketSlug()}`);
      expect(response.status()).toBe(200);
      expect(await htmlClasses(page)).toEqual(["dark"]);
      expect(await page.locator("[data-cookie-banner]").count()).toBe(0);
      expect(await page.locator("h1").count()).toBe(1);
      await expect.poll(() => warnings.filter((text) => text === "Storage not available").length).toBe(2);
      await expect.poll(() => reports.length).toBe(2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("with storage allowed nothing is warned or reported", async () => {
    const context = await newContext();
    try {
      const page = await context.newPage();
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning") warnings.push(message.text());
      });
      const reports: Request[] = [];
      page.on("request", (request) => {
        if (isClientErrorReport(request)) reports.push(request);
      });
      await gotoHydrated(page, "/");
      await page.waitForLoadState("networkidle");
      expect(warnings).not.toContain("Storage not available");
      expect(reports).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the critical error screen", () => {
  test("'Ryd cache' forgets the site's local storage except consent, deletes Cache Storage and reloads", async () => {
    const context = await newContext();
    try {
      const page = await context.newPage();
      const response = await page.goto(url("/test/kritisk"));
      expect(response?.status()).toBe(500);
      const clear = page.getByRole("button", { name: translation.errors.critical.clearCache });
      await clear.waitFor();
      // The screen replaces the app, so hydration shows as React's handle on the button.
      await page.waitForFunction(() => {
        const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Ryd cache");
        return button !== undefined && Object.keys(button).some((key) => key.startsWith("__reactProps"));
      });

      await page.evaluate(async () => {
        localStorage.setItem("loppeguiden-old-markets", "[]");
        localStorage.setItem("loppeguiden-consent", '{"analytics":true}');
        sessionStorage.setItem("loppeguiden-tab", "1");
        const cache = await caches.open("loppeguiden-pages-v1");
        await cache.put("/stale", new Response("gammel"));
      });
      await markDocument(page);

      const reloaded = page.waitForEvent("framenavigated", { predicate: (frame) => frame === page.mainFrame() });
      await clear.click();
      await reloaded;
      await page.waitForLoadState("load");

      expect(await isSameDocument(page)).toBe(false);
      expect(new URL(page.url()).pathname).toBe("/test/kritisk");
      const left = await page.evaluate(async () => ({
        local: Object.keys(localStorage).sort(),
        session: Object.keys(sessionStorage),
        caches: await caches.keys(),
      }));
      expect(left).toEqual({ local: ["loppeguiden-consent"], session: [], caches: [] });
    } finally {
      await context.close();
    }
  });
});

describe("after a deploy an open tab recovers by itself", () => {
  // Client-side navigations are between pages with React: the signed-in dashboard's.
  async function signedInContext(): Promise<BrowserContext> {
    const context = await newContext();
    await signInContext(context, await createTestAccount({ name: "Udrul Ulla" }));
    return context;
  }
  /** The dashboard menu's link to the settings: a route the overview has not loaded. */
  const settingsLink = (page: Page) =>
    page.getByRole("navigation", { name: translation.dashboard.nav.label }).getByRole("link", { name: translation.dashboard.pages.settings.label, exact: true });
  const settingsHeading = translation.settings.heading;

  test("a page from the old build that navigates to an undiscovered route gets the new build's document", async () => {
    const context = await signedInContext();
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      // The tab asks for routes with the version it was built with; here that is an older build's,
      // and the real server answers as it would after a deploy.
      await page.route("**/__manifest?*", (route) => {
        const asked = new URL(route.request().url());
        asked.searchParams.set("version", "00000000");
        return route.continue({ url: asked.href });
      });
      const manifestAnswers: number[] = [];
      page.on("response", (response) => {
        if (new URL(response.url()).pathname === "/__manifest") manifestAnswers.push(response.status());
      });

      await gotoHydrated(page, "/dashboard");
      await markDocument(page);
      const documentLoad = page.waitForResponse((response) => response.request().resourceType() === "document" && new URL(response.url()).pathname === "/dashboard/indstillinger");
      await settingsLink(page).click();
      expect((await documentLoad).status()).toBe(200);
      await waitForHydration(page);

      expect(manifestAnswers).toContain(204);
      expect(new URL(page.url()).pathname).toBe("/dashboard/indstillinger");
      expect(await isSameDocument(page)).toBe(false);
      expect(await page.locator("h1").textContent()).toBe(settingsHeading);
      expect(errors.filter((text) => !/manifest version mismatch|Unable to discover routes/.test(text))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a route chunk that is gone after a deploy reloads the page instead of breaking it", async () => {
    const context = await signedInContext();
    try {
      const page = await context.newPage();
      await gotoHydrated(page, "/dashboard");
      // The settings' module becomes known to the tab (lazy discovery of visible links) …
      const settingsModule = await page.waitForFunction(() => {
        const routes = (window as unknown as { __reactRouterManifest: { routes: Record<string, { path?: string; module: string }> } }).__reactRouterManifest.routes;
        return Object.values(routes).find((route) => route.path === "indstillinger")?.module;
      });
      const modulePath = (await settingsModule.jsonValue()) as string;
      // … and is deleted by a deploy before the visitor clicks.
      let refused = 0;
      await page.route(
        `**${modulePath}`,
        (route) => {
          refused += 1;
          return route.fulfill({ status: 404, body: "Not Found" });
        },
        { times: 1 },
      );

      await markDocument(page);
      await settingsLink(page).click();
      await page.waitForFunction(() => window.__lgSameDocument !== true, undefined, { timeout: 10_000 });
      await waitForHydration(page);
      expect(refused).toBe(1);
      expect(await page.getByRole("heading", { name: translation.errors.critical.heading }).count()).toBe(0);
      expect(await page.getByRole("heading", { name: translation.errors.page.heading }).count()).toBe(0);

      // The fresh document works: the link now leads to the settings.
      await settingsLink(page).click();
      await page.waitForURL(url("/dashboard/indstillinger"));
      await expect.poll(() => page.locator("h1").textContent()).toBe(settingsHeading);
    } finally {
      await context.close();
    }
  });

  test("a lazy chunk inside a page that is gone after a deploy reloads the page once, which then works", async () => {
    const context = await newContext();
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      // The web-vitals reporter loads only after consent to statistics: a lazy chunk of the old build.
      const isVitalsChunk = (address: URL) => /\/assets\/reporter-[\w-]+\.js$/.test(address.pathname);
      let refused = 0;
      await page.route(
        isVitalsChunk,
        (route) => {
          refused += 1;
          return route.fulfill({ status: 404, body: "Not Found" });
        },
        { times: 1 },
      );
      const loaded: number[] = [];
      page.on("response", (response) => {
        if (isVitalsChunk(new URL(response.url())) && response.ok()) loaded.push(response.status());
      });

      await gotoHydrated(page, "/faq");
      await markDocument(page);
      await page.locator("[data-cookie-banner]").getByRole("button", { name: "Accepter alle" }).click();
      await page.waitForFunction(() => window.__lgSameDocument !== true, undefined, { timeout: 10_000 });
      await waitForHydration(page);

      expect(refused).toBe(1);
      expect(new URL(page.url()).pathname).toBe("/faq");
      // The fresh document, with the choice in its cookie, loads the new chunk.
      await expect.poll(() => loaded.length).toBe(1);
      expect(await page.locator("[data-cookie-banner]").count()).toBe(0);
      // Nothing but the refused file itself: no uncaught error, no error toast.
      expect(errors.filter((text) => !/404/.test(text))).toEqual([]);
      expect(await page.getByText(translation.reporter.unhandledRejection).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
