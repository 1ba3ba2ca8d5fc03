import path from "node:path";
import Database from "better-sqlite3";
import { parse } from "node-html-parser";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { resolveLandingPath } from "../../app/markets/landing/paths";
import { readSitemap, type ReadEntry } from "../../app/seo/test-sitemap-reader";
import { startBuiltServer, type StartedServer } from "../../scripts/built-server";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { baseUrl, countH1, gotoHydrated, url, watchHydration } from "./helpers";

/** The site's own pages in sitemap.xml (app/seo/site-pages.ts), first in it. */
const SITE_PAGES = ["/", "/register", "/kalender", "/markeder", "/sitemap"];

function publishedSlugs(databaseFile: string): string[] {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return (db.prepare("select slug from markets where status = 'published'").all() as { slug: string }[]).map((row) => row.slug);
  } finally {
    db.close();
  }
}

const pathOf = (loc: string, base: string) => loc.slice(base.length);
const isMarket = (sitePath: string) => sitePath.startsWith("/markeder/");
const isLanding = (sitePath: string) => resolveLandingPath(sitePath.slice(1)).kind === "page";

describe("/robots.txt", () => {
  test("is plain text that keeps crawlers out of the private and technical paths and names the sitemap", async () => {
    const response = await fetch(url("/robots.txt"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const body = await response.text();
    const lines = body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const rule of [
      "Allow: /",
      "Disallow: /dashboard",
      "Disallow: /admin",
      "Disallow: /manage-market/",
      "Disallow: /opret-marked",
      "Disallow: /test/",
      "Disallow: /sign-in",
      "Disallow: /sign-up",
      "Disallow: /sign-out",
      "Disallow: /auth/",
      "Disallow: /api/",
      "Disallow: /locales/",
      "Disallow: /healthz",
      "Disallow: /tema$",
    ]) {
      expect(lines, rule).toContain(rule);
    }
    // A bare "/tema" would shut out /tematiske-events and its landing pages.
    expect(lines).not.toContain("Disallow: /tema");
    expect(lines).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
  });

  test("is shared by the page cache like a page", async () => {
    await fetch(url("/robots.txt"));
    const again = await fetch(url("/robots.txt"));
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(again.headers.get("cache-control")).toMatch(/\bpublic\b/);
  });
});

describe("/sitemap.xml with the demo data", () => {
  let xml: string;
  let entries: ReadEntry[];
  let browser: Browser;

  beforeAll(async () => {
    const response = await fetch(url("/sitemap.xml"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    xml = await response.text();
    const document = readSitemap(xml);
    // ~2,200 demo markets fit in one file.
    expect(document.kind).toBe("urlset");
    entries = document.entries;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test("parses as XML in the sitemaps.org namespace", async () => {
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

  test("lists absolute URLs from the server's base URL, each once", () => {
    for (const entry of entries) expect(entry.loc.startsWith(`${baseUrl}/`), entry.loc).toBe(true);
    expect(new Set(entries.map((entry) => entry.loc)).size).toBe(entries.length);
    expect(entries.slice(0, SITE_PAGES.length).map((entry) => pathOf(entry.loc, baseUrl))).toEqual(SITE_PAGES);
  });

  test("lists every published market", () => {
    const listed = entries.map((entry) => pathOf(entry.loc, baseUrl)).filter(isMarket);
    expect(listed.sort()).toEqual(publishedSlugs(inject("databaseFile")).map((slug) => `/markeder/${slug}`).sort());
  });

  test("has no part files while everything fits in /sitemap.xml", async () => {
    const response = await fetch(url("/sitemaps/markeder-1.xml"));
    expect(response.status).toBe(404);
  });

  // That every listed page answers 200 and may be indexed is the SEO audit's (seo-audit.test.ts):
  // it fetches every landing and information page and a sample of markets, and checks the sitemap's
  // entries among them.
});

describe("above the limit (a second server with SITEMAP_MAX_URLS=1000 and another BASE_URL)", () => {
  const PUBLIC_BASE = "https://www.loppeguiden.example";
  let server: StartedServer;

  beforeAll(async () => {
    server = await startBuiltServer({ SITEMAP_MAX_URLS: "1000", BASE_URL: PUBLIC_BASE }, { copyOf: inject("databaseFile") });
  });

  afterAll(async () => {
    await server?.stop();
  });

  test("robots.txt names the sitemap at BASE_URL, not at the address it was asked on", async () => {
    const body = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(body.split("\n")).toContain(`Sitemap: ${PUBLIC_BASE}/sitemap.xml`);
  });

  test("/sitemap.xml is an index whose parts hold every URL once", async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const index = readSitemap(await response.text());
    expect(index.kind).toBe("sitemapindex");
    expect(index.entries.length).toBeGreaterThanOrEqual(3);

    const all: string[] = [];
    for (const entry of index.entries) {
      expect(entry.loc).toMatch(new RegExp(`^${PUBLIC_BASE.replace(/\./g, "\\.")}/sitemaps/(sider|indhold|markeder)-\\d+\\.xml$`));
      expect(entry.lastmod).not.toBeNull();
      const part = await fetch(`${server.url}${pathOf(entry.loc, PUBLIC_BASE)}`);
      expect(part.status, entry.loc).toBe(200);
      expect(part.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      const document = readSitemap(await part.text());
      expect(document.kind).toBe("urlset");
      expect(document.entries.length).toBeLessThanOrEqual(1000);
      for (const url of document.entries) expect(url.loc.startsWith(`${PUBLIC_BASE}/`), url.loc).toBe(true);
      all.push(...document.entries.map((url) => pathOf(url.loc, PUBLIC_BASE)));
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(0, SITE_PAGES.length)).toEqual(SITE_PAGES);
    expect(all.filter(isLanding).length).toBeGreaterThan(9);
    const markets = publishedSlugs(path.join(server.dataDir, "loppeguiden.db")).map((slug) => `/markeder/${slug}`);
    expect(all.filter(isMarket).sort()).toEqual(markets.sort());
  });

  test("a part the index does not list is not found", async () => {
    expect((await fetch(`${server.url}/sitemaps/markeder-999.xml`)).status).toBe(404);
    expect((await fetch(`${server.url}/sitemaps/ukendt.xml`)).status).toBe(404);
  });
});

describe("/sitemap, the sitemap for people", () => {
  let browser: Browser;
  let landingPaths: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    const entries = readSitemap(await (await fetch(url("/sitemap.xml"))).text()).entries;
    landingPaths = entries.map((entry) => pathOf(entry.loc, baseUrl)).filter(isLanding);
  });

  afterAll(async () => {
    await browser?.close();
  });

  test("is one Danish page with one heading, its own title and at least 100 words", async () => {
    const response = await fetch(url("/sitemap"));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(countH1(html)).toBe(1);
    const root = parse(html);
    const title = root.querySelector("title")?.text ?? "";
    expect(title.length).toBeGreaterThan(10);
    expect(title.length).toBeLessThanOrEqual(60);
    expect(root.querySelector('meta[name="description"]')?.getAttribute("content")?.length ?? 0).toBeGreaterThan(50);
    const words = (root.querySelector("main")?.text ?? "").split(/\s+/).filter((word) => /\p{L}/u.test(word));
    expect(words.length).toBeGreaterThanOrEqual(100);
  });

  test("links every landing page that has markets, and the site's other pages", async () => {
    const html = await (await fetch(url("/sitemap"))).text();
    const links = new Set(
      parse(html)
        .querySelectorAll("main a")
        .map((a) => a.getAttribute("href") ?? ""),
    );
    expect(landingPaths.length).toBeGreaterThan(9);
    expect(landingPaths.filter((landing) => !links.has(landing))).toEqual([]);
    for (const page of ["/", "/register", "/kalender", "/markeder", "/faq", "/om-os", "/privatlivspolitik"]) {
      expect(links.has(page), page).toBe(true);
    }
    // Nothing else that looks like a landing page: the empty ones are left out.
    const landingLike = [...links].filter((href) => /^\/[a-z-]+-(i|paa)-[a-z-]+$/.test(href));
    expect(landingLike.filter((href) => !landingPaths.includes(href))).toEqual([]);
  });

  test("works without JavaScript", async () => {
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(url("/sitemap"));
      expect(await page.locator("h1").count()).toBe(1);
      await page.locator('a[href="#loppemarkeder"]').click();
      expect(page.url()).toBe(url("/sitemap#loppemarkeder"));
      await page.getByRole("link", { name: "Alle loppemarkeder" }).click();
      await page.waitForURL(url("/loppemarkeder"));
    } finally {
      await context.close();
    }
  });

  test.each(["light", "dark"] as const)("has no axe violations and no console errors in the %s theme", async (theme) => {
    const context: BrowserContext = await browser.newContext(DESKTOP);
    try {
      await watchHydration(context);
      if (theme === "dark") await context.addCookies([{ name: "loppeguiden-theme", value: "dark", url: baseUrl }]);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await gotoHydrated(page, "/sitemap");
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test.each([320, 1280])("does not scroll sideways at %i px", async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, isMobile: width < 500 });
    try {
      const page = await context.newPage();
      await page.goto(url("/sitemap"));
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});
