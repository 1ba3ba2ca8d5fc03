import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { collectPageErrors, DESKTOP, launchBrowser, PHONE } from "../support/browser";
import { createTestAccount, signInContext } from "../support/factories";
import { gotoHydrated, isSameDocument, markDocument, url, watchHydration } from "./helpers";

const HEADER_LINKS: [label: string, href: string][] = [
  [translation.nav.map, "/markeder"],
  [translation.nav.calendar, "/kalender"],
  [translation.nav.markets, "/register"],
  [translation.nav.articles, "/artikler"],
  [translation.nav.community, "/community"],
  [translation.nav.addMarket, "/sign-in?next=%2Fopret-marked"],
  [translation.nav.signIn, "/sign-in"],
];

const FOOTER_LINKS: [label: string, href: string][] = [
  [translation.nav.addMarket, "/sign-in?next=%2Fopret-marked"],
  [translation.footer.features, "/features"],
  [translation.footer.faq, "/faq"],
  [translation.footer.pricing, "/priser"],
  [translation.footer.partner, "/partner"],
  [translation.footer.about, "/om-os"],
  [translation.footer.contact, "/kontakt"],
  [translation.footer.privacy, "/privatlivspolitik"],
  [translation.footer.terms, "/betingelser"],
  [translation.footer.cookies, "/cookies"],
  [translation.footer.sitemap, "/sitemap"],
];

let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  desktop = await browser.newContext(DESKTOP);
  phone = await browser.newContext(PHONE);
  await watchHydration(desktop);
  await watchHydration(phone);
});

afterAll(async () => {
  await browser?.close();
});

/** The visible links of a navigation landmark, as [text, href] pairs. */
async function linksOf(page: Page, navigationName: string): Promise<[string, string | null][]> {
  const links = page.getByRole("navigation", { name: navigationName, exact: true }).getByRole("link");
  const result: [string, string | null][] = [];
  for (const link of await links.all()) {
    result.push([(await link.innerText()).trim(), await link.getAttribute("href")]);
  }
  return result;
}

describe("skip link", () => {
  test("the first Tab reaches “Spring til indhold”, and Enter moves focus to the main content", async () => {
    const page = await desktop.newPage();
    try {
      await gotoHydrated(page, "/faq");
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLAnchorElement | null;
        return { tag: element?.tagName, text: element?.textContent?.trim(), href: element?.getAttribute("href") };
      });
      expect(focused).toEqual({ tag: "A", text: translation.shell.skipLink, href: "#main-content" });
      // Once focused it is on screen, not only for screen readers.
      expect(await page.getByRole("link", { name: translation.shell.skipLink }).isVisible()).toBe(true);

      await page.keyboard.press("Enter");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main-content");
    } finally {
      await page.close();
    }
  });
});

describe("navigation", () => {
  test("on a desktop the header links the main pages and the footer every information page", async () => {
    const page = await desktop.newPage();
    try {
      await gotoHydrated(page, "/");
      expect(await linksOf(page, translation.shell.mainNavigation)).toEqual(HEADER_LINKS);
      expect(await linksOf(page, translation.shell.footerNavigation)).toEqual(expect.arrayContaining(FOOTER_LINKS));
      // The phone menu is not shown on a wide screen.
      expect(await page.locator("header details").isVisible()).toBe(false);
    } finally {
      await page.close();
    }
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`on a phone the header links sit in a “Menu” that opens${javaScriptEnabled ? "" : " without JavaScript"}`, async () => {
      const context = javaScriptEnabled ? phone : await browser.newContext({ ...PHONE, javaScriptEnabled });
      const page = await context.newPage();
      try {
        if (javaScriptEnabled) await gotoHydrated(page, "/");
        else await page.goto(url("/"));

        const menu = page.locator("header details");
        const summary = menu.locator("summary");
        expect(await summary.innerText()).toBe(translation.shell.openMenu);
        expect(await summary.isVisible()).toBe(true);
        // Closed, no header navigation is visible yet.
        expect(await page.getByRole("navigation", { name: translation.shell.mainNavigation }).count()).toBe(0);

        await summary.click();
        await expect.poll(() => menu.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
        expect(await linksOf(page, translation.shell.mainNavigation)).toEqual(HEADER_LINKS);
        for (const [label] of HEADER_LINKS) {
          expect(await menu.getByRole("link", { name: label, exact: true }).isVisible(), label).toBe(true);
        }
        expect(await linksOf(page, translation.shell.footerNavigation)).toEqual(expect.arrayContaining(FOOTER_LINKS));
      } finally {
        await page.close();
        if (!javaScriptEnabled) await context.close();
      }
    });
  }

  test("the header fits every screen from a small phone to a desktop, with no sideways scrolling", async () => {
    // One page, narrowed and widened: the layout follows the width, not the load.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(url("/faq"));
      for (const width of [320, 360, 390, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px wide`).toBe(width);
      }
    } finally {
      await context.close();
    }
  });

  test("a client-side navigation from the bottom of a page scrolls to the top", async () => {
    // Client-side navigations are between pages with React: the signed-in dashboard's.
    const context = await browser.newContext(PHONE);
    try {
      await watchHydration(context);
      await signInContext(context, await createTestAccount({ name: "Rulle Rasmussen" }));
      const page = await context.newPage();
      await gotoHydrated(page, "/dashboard");
      await markDocument(page);
      // Keep the document tall whatever page comes next (the body outlives a client-side
      // navigation), so a scroll position of 0 can only come from the scroll to the top and
      // not from the browser clamping it on a short page.
      await page.evaluate(() => {
        document.body.style.paddingBottom = "3000px";
        window.scrollTo(0, document.documentElement.scrollHeight);
      });
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

      await page.getByRole("navigation", { name: translation.dashboard.nav.label }).getByRole("link", { name: translation.dashboard.pages.settings.label, exact: true }).click();
      await page.waitForURL(url("/dashboard/indstillinger"));
      expect(await isSameDocument(page), "navigated without reloading").toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(1000);

      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
    } finally {
      await context.close();
    }
  });
});

// The headers of pages and the files the server answers with (health, translation, assets,
// compression): tests/integration/page-shell.test.ts and tests/integration/served-files.test.ts.
describe("server", () => {
  test("anonymous pages come from the page cache after the first visit, and still run under their CSP", async () => {
    const path = `/features?cache-test=${Date.now()}`;
    const first = await fetch(url(path));
    const second = await fetch(url(path));
    expect(first.headers.get("x-page-cache")).toBeNull();
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(await second.text()).toBe(await first.text());
    const signedIn = await fetch(url(path), { headers: { cookie: "better-auth.session_token=x" } });
    expect(signedIn.headers.get("x-page-cache")).toBeNull();

    // A page served from the cache hydrates without a single CSP violation.
    const page = await desktop.newPage();
    const errors = collectPageErrors(page);
    try {
      await gotoHydrated(page, path);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
