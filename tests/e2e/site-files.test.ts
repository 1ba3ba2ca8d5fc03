import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readSitemap } from "../../app/seo/test-sitemap-reader";
import { launchBrowser } from "../support/browser";
import { expectNoSidewaysScrolling, url } from "./helpers";

/**
 * The sitemaps where a browser is needed: Chromium's XML parser reads sitemap.xml, and /sitemap
 * does not scroll sideways. What the server sends (robots.txt, the sitemaps' entries, /sitemap's
 * links and text) is tests/integration/site-files.test.ts and sitemap-parts.test.ts; /sitemap's
 * axe and console errors in both themes are tests/e2e/pages-light.test.ts and pages-dark.test.ts.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("/sitemap.xml with the demo data", () => {
  test("parses as XML in the sitemaps.org namespace", async () => {
    const xml = await (await fetch(url("/sitemap.xml"))).text();
    const entries = readSitemap(xml).entries;
    const page = await browser.newPage();
    try {
      const result = await page.evaluate((text) => {
        const parsed = new DOMParser().parseFromString(text, "application/xml");
        return {
          error: parsed.querySelector("parsererror")?.textContent ?? null,
          root: parsed.documentElement.localName,
          namespace: parsed.documentElement.namespaceURI,
          urls: parsed.getElementsByTagNameNS("http://www.sitemaps.org/schemas/sitemap/0.9", "loc").length,
        };
      }, xml);
      expect(result).toEqual({ error: null, root: "urlset", namespace: "http://www.sitemaps.org/schemas/sitemap/0.9", urls: entries.length });
    } finally {
      await page.close();
    }
  });
});

describe("/sitemap, the sitemap for people", () => {
  test.each([320, 1280])("does not scroll sideways at %i px", async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, isMobile: width < 500 });
    try {
      const page = await context.newPage();
      await page.goto(url("/sitemap"));
      await expectNoSidewaysScrolling(page, "/sitemap");
    } finally {
      await context.close();
    }
  });
});
