import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { resolveLandingPath } from "../../app/landing/paths";
import { readSitemap, type ReadEntry } from "../../app/seo/test-sitemap-reader";
import { startSite, type Site } from "../support/site";

/**
 * The files for crawlers (/robots.txt, /sitemap.xml) and the sitemap for people (/sitemap) as the
 * server sends them, with the demo data. Above the sitemap's limit: sitemap-parts.test.ts. That
 * sitemap.xml parses as XML in a browser, and /sitemap's layout: tests/e2e/site-files.test.ts.
 */

/** The site's own pages in sitemap.xml (app/seo/site-pages.ts), first in it. */
const SITE_PAGES = ["/", "/register", "/kalender", "/markeder", "/sitemap"];

let site: Site;

beforeAll(async () => {
  // The page cache on, as in production: robots.txt is shared by it like a page.
  site = await startSite({ demoData: true, env: { PAGE_CACHE_MB: "8" } });
});

afterAll(async () => {
  await site?.close();
});

async function publishedSlugs(): Promise<string[]> {
  const rows = await site.database.db.selectFrom("markets").select("slug").where("status", "=", "published").execute();
  return rows.map((row) => row.slug);
}

const pathOf = (loc: string) => loc.slice(site.url.length);
const isMarket = (sitePath: string) => sitePath.startsWith("/markeder/");
const isLanding = (sitePath: string) => resolveLandingPath(sitePath.slice(1)).kind === "page";

describe("/robots.txt", () => {
  test("is plain text that keeps crawlers out of the private and technical paths and names the sitemap", async () => {
    const response = await site.get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = response.text.split("\n");
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
    expect(lines).toContain(`Sitemap: ${site.url}/sitemap.xml`);
  });

  test("is shared by the page cache like a page", async () => {
    await site.get("/robots.txt");
    const again = await site.get("/robots.txt");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(again.headers.get("cache-control")).toMatch(/\bpublic\b/);
  });
});

describe("/sitemap.xml with the demo data", () => {
  let entries: ReadEntry[];

  beforeAll(async () => {
    const response = await site.get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    // Read strictly: the declaration, the sitemaps.org namespace, one well-formed entry a line.
    const document = readSitemap(response.text);
    // ~2,200 demo markets fit in one file.
    expect(document.kind).toBe("urlset");
    entries = document.entries;
  });

  test("lists absolute URLs from the server's base URL, each once", () => {
    for (const entry of entries) expect(entry.loc.startsWith(`${site.url}/`), entry.loc).toBe(true);
    expect(new Set(entries.map((entry) => entry.loc)).size).toBe(entries.length);
    expect(entries.slice(0, SITE_PAGES.length).map((entry) => pathOf(entry.loc))).toEqual(SITE_PAGES);
  });

  test("lists every published market", async () => {
    const listed = entries.map((entry) => pathOf(entry.loc)).filter(isMarket);
    expect(listed.sort()).toEqual((await publishedSlugs()).map((slug) => `/markeder/${slug}`).sort());
  });

  test("has no part files while everything fits in /sitemap.xml", async () => {
    const response = await site.get("/sitemaps/markeder-1.xml");
    expect(response.status).toBe(404);
  });

  // That every listed page answers 200 and may be indexed is the SEO audit's (tests/integration/seo-audit.test.ts):
  // it fetches every landing and information page and a sample of markets, and checks the sitemap's
  // entries among them.
});

describe("/sitemap, the sitemap for people", () => {
  let landingPaths: string[];
  let html: string;

  beforeAll(async () => {
    const entries = readSitemap((await site.get("/sitemap.xml")).text).entries;
    landingPaths = entries.map((entry) => pathOf(entry.loc)).filter(isLanding);
    const response = await site.get("/sitemap");
    expect(response.status).toBe(200);
    html = response.text;
  });

  test("is one Danish page with one heading, its own title and at least 100 words", () => {
    const root = parse(html);
    expect(root.querySelectorAll("h1")).toHaveLength(1);
    const title = root.querySelector("title")?.text ?? "";
    expect(title.length).toBeGreaterThan(10);
    expect(title.length).toBeLessThanOrEqual(60);
    expect(root.querySelector('meta[name="description"]')?.getAttribute("content")?.length ?? 0).toBeGreaterThan(50);
    const words = (root.querySelector("main")?.text ?? "").split(/\s+/).filter((word) => /\p{L}/u.test(word));
    expect(words.length).toBeGreaterThanOrEqual(100);
  });

  test("links every landing page that has markets, and the site's other pages", () => {
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

  test("works without JavaScript: its contents lead to a section of the page, and on to the pages", async () => {
    const root = parse(html);
    expect(root.querySelectorAll('a[href="#loppemarkeder"]').length).toBeGreaterThan(0);
    expect(root.querySelector('[id="loppemarkeder"]'), "the section the contents lead to").not.toBeNull();
    const all = root.querySelectorAll("a").find((link) => link.text.replace(/\s+/g, " ").trim() === "Alle loppemarkeder");
    expect(all?.getAttribute("href")).toBe("/loppemarkeder");
    expect((await site.get("/loppemarkeder")).status).toBe(200);
  });
});
