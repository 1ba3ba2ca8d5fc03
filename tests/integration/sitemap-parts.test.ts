import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { resolveLandingPath } from "../../app/landing/paths";
import { readSitemap } from "../../app/seo/test-sitemap-reader";
import { startSite, type Site } from "../support/site";

/**
 * Above the sitemap's limit, with the demo data: a site whose SITEMAP_MAX_URLS is 1,000 and whose
 * BASE_URL is not the address it is asked on, as behind a proxy. Below the limit: site-files.test.ts.
 */

const SITE_PAGES = ["/", "/register", "/kalender", "/markeder", "/sitemap"];
const PUBLIC_BASE = "https://www.loppeguiden.example";

let site: Site;

beforeAll(async () => {
  site = await startSite({ demoData: true, env: { SITEMAP_MAX_URLS: "1000", BASE_URL: PUBLIC_BASE } });
});

afterAll(async () => {
  await site?.close();
});

const pathOf = (loc: string) => loc.slice(PUBLIC_BASE.length);
const isMarket = (sitePath: string) => sitePath.startsWith("/markeder/");
const isLanding = (sitePath: string) => resolveLandingPath(sitePath.slice(1)).kind === "page";

describe("above the limit (SITEMAP_MAX_URLS=1000 and another BASE_URL)", () => {
  test("robots.txt names the sitemap at BASE_URL, not at the address it was asked on", async () => {
    const body = (await site.get("/robots.txt")).text;
    expect(body.split("\n")).toContain(`Sitemap: ${PUBLIC_BASE}/sitemap.xml`);
  });

  test("/sitemap.xml is an index whose parts hold every URL once", async () => {
    const response = await site.get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const index = readSitemap(response.text);
    expect(index.kind).toBe("sitemapindex");
    expect(index.entries.length).toBeGreaterThanOrEqual(3);

    const all: string[] = [];
    for (const entry of index.entries) {
      expect(entry.loc).toMatch(new RegExp(`^${PUBLIC_BASE.replace(/\./g, "\\.")}/sitemaps/(sider|indhold|markeder|forum)-\\d+\\.xml$`));
      expect(entry.lastmod).not.toBeNull();
      const part = await site.get(pathOf(entry.loc));
      expect(part.status, entry.loc).toBe(200);
      expect(part.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      const document = readSitemap(part.text);
      expect(document.kind).toBe("urlset");
      expect(document.entries.length).toBeLessThanOrEqual(1000);
      for (const url of document.entries) expect(url.loc.startsWith(`${PUBLIC_BASE}/`), url.loc).toBe(true);
      all.push(...document.entries.map((url) => pathOf(url.loc)));
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(0, SITE_PAGES.length)).toEqual(SITE_PAGES);
    expect(all.filter(isLanding).length).toBeGreaterThan(9);
    const published = await site.database.db.selectFrom("markets").select("slug").where("status", "=", "published").execute();
    expect(all.filter(isMarket).sort()).toEqual(published.map((row) => `/markeder/${row.slug}`).sort());
  });

  test("a part the index does not list is not found", async () => {
    expect((await site.get("/sitemaps/markeder-999.xml")).status).toBe(404);
    expect((await site.get("/sitemaps/ukendt.xml")).status).toBe(404);
  });
});
