import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { bumpCacheGeneration } from "../../app/lib/cache-generation.server";
import { landingPath } from "../../app/landing/paths";
import { LOCATIONS, locationContains } from "../../app/markets/locations";
import { MARKET_TYPE_INFO } from "../../app/markets/market-types";
import { insertFixtureMarkets } from "../fixtures/markets";
import { danishSortKey } from "../../app/markets/sorting";
import { allArticles } from "../../app/content/articles.server";
import { allBlogPosts } from "../../app/content/blog.server";
import { sitemapPartXml, sitemapXml } from "../../app/seo/sitemap.server";
import { readSitemap, type ReadEntry } from "../../app/seo/test-sitemap-reader";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");
const BASE = "https://loppeguiden.example";
/** The pages of site-pages.ts that show market data, first in the sitemap. */
const SITE_PAGES = ["/", "/register", "/kalender", "/markeder", "/sitemap"];
/** The written information pages; the lists of articles and posts are dated by their newest one. */
const INFORMATION_PAGES = ["/artikler", "/blog", "/faq", "/features", "/priser", "/partner", "/om-os", "/kontakt", "/privatlivspolitik", "/betingelser", "/cookies"];
const PLACEHOLDER_PAGES = ["/community"];
const isContent = (loc: string) => loc.startsWith(`${BASE}/artikler/`) || loc.startsWith(`${BASE}/blog/`);

/** Written straight to the table, as an old import might have: the slug rule would not allow it. */
const AMPERSAND_SLUG = "kaffe&kage-loppemarked";

interface MarketRow {
  id: string;
  slug: string;
  type: string;
  postal_code: number;
  status: string;
  created_at: string;
  updated_at: string;
}

describe(`sitemap.xml on ${kind}`, () => {
  let database: TestDatabase;
  let published: MarketRow[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    await insertFixtureMarkets(db);
    const set = async (slug: string, values: { status?: string; updated_at: string }) => {
      await db.updateTable("markets").set(values).where("slug", "=", slug).execute();
    };
    // Distinct dates, so each lastmod can be traced to its market.
    await set("roskilde-loppemarked", { updated_at: "2026-05-20T08:30:00.000Z" });
    await set("odense-loppemarked", { updated_at: "2026-05-12T09:00:00.000Z" });
    await set("svendborg-havnemarked", { updated_at: "2026-05-14T09:00:00.000Z" });
    // Newer than anything public: had they been counted, a lastmod would show it.
    await set("randers-loppemarked", { status: "archived", updated_at: "2026-05-28T12:00:00.000Z" });
    await set("hemmeligt-loppemarked", { updated_at: "2026-05-29T12:00:00.000Z" });
    await set("kolding-julemarked", { status: "pending", updated_at: "2026-05-30T12:00:00.000Z" });
    // The only antique market on Fyn: once rejected, /antikmarkeder-paa-fyn has none.
    await set("fynsk-antikmarked", { status: "rejected", updated_at: "2026-05-30T13:00:00.000Z" });
    await db
      .insertInto("markets")
      .values({
        id: "00000000-0000-4000-8000-000000009999",
        slug: AMPERSAND_SLUG,
        name: "Kaffe & Kage Loppemarked",
        sort_name: danishSortKey("Kaffe & Kage Loppemarked"),
        type: "flea_market",
        postal_code: 2200,
        city: "København N",
        status: "published",
        source: "import",
        created_at: "2026-05-02T10:00:00.000Z",
        updated_at: "2026-05-16T10:00:00.000Z",
      })
      .execute();
    await bumpCacheGeneration(db);
    published = await db.selectFrom("markets").select(["id", "slug", "type", "postal_code", "status", "created_at", "updated_at"]).where("status", "=", "published").execute();
  });

  afterAll(async () => {
    await database?.destroy();
  });

  const marketLoc = (slug: string) => `${BASE}/markeder/${slug}`;
  const newest = (rows: MarketRow[]) =>
    rows
      .map((row) => row.updated_at)
      .sort()
      .at(-1) ?? null;

  /** What the landing pages should be, worked out here from the rows rather than by the app. */
  function expectedLandingPages(): Map<string, string> {
    const pages = new Map<string, string>();
    for (const type of MARKET_TYPE_INFO) {
      for (const place of [null, ...LOCATIONS]) {
        const markets = published.filter((row) => row.type === type.key && (place === null || locationContains(place, { postalCode: row.postal_code })));
        if (markets.length) pages.set(`${BASE}${landingPath(type, place)}`, newest(markets)!);
      }
    }
    return pages;
  }

  async function urlset(maxUrls?: number): Promise<{ xml: string; entries: ReadEntry[] }> {
    const xml = await sitemapXml(database.db, { baseUrl: BASE, maxUrls });
    const document = readSitemap(xml);
    expect(document.kind).toBe("urlset");
    return { xml, entries: document.entries };
  }

  it("is one valid urlset of absolute URLs, each listed once", async () => {
    const { entries } = await urlset();
    expect(entries.length).toBeGreaterThan(50);
    for (const entry of entries) expect(entry.loc.startsWith(`${BASE}/`)).toBe(true);
    expect(new Set(entries.map((entry) => entry.loc)).size).toBe(entries.length);
  });

  it("lists the site's pages with the newest published market as their lastmod, and no placeholder page", async () => {
    const { entries } = await urlset();
    const newestPublished = newest(published);
    expect(newestPublished).toBe("2026-05-20T08:30:00.000Z");
    expect(entries.slice(0, SITE_PAGES.length)).toEqual(SITE_PAGES.map((path) => ({ loc: `${BASE}${path}`, lastmod: newestPublished })));
    const locs = new Set(entries.map((entry) => entry.loc));
    for (const path of PLACEHOLDER_PAGES) expect(locs.has(`${BASE}${path}`), path).toBe(false);
  });

  it("lists the information pages, dating only the lists of articles and posts (by their newest)", async () => {
    const { entries } = await urlset();
    const lastmods = new Map(entries.map((entry) => [entry.loc, entry.lastmod]));
    const newestArticle = allArticles()
      .map((article) => article.modified)
      .sort()
      .at(-1);
    const newestPost = allBlogPosts()
      .map((post) => post.date)
      .sort()
      .at(-1);
    expect(INFORMATION_PAGES.map((path) => [path, lastmods.get(`${BASE}${path}`)])).toEqual(
      INFORMATION_PAGES.map((path) => [path, path === "/artikler" ? newestArticle : path === "/blog" ? newestPost : null]),
    );
  });

  it("lists every article with its last change and every blog post with its date", async () => {
    const { entries } = await urlset();
    expect(entries.filter((entry) => isContent(entry.loc))).toEqual([
      ...allArticles().map((article) => ({ loc: `${BASE}/artikler/${article.slug}`, lastmod: article.modified })),
      ...allBlogPosts().map((post) => ({ loc: `${BASE}/blog/${post.slug}`, lastmod: post.date })),
    ]);
  });

  it("lists exactly the landing pages that have markets, with their newest market's date", async () => {
    const { entries } = await urlset();
    const expected = expectedLandingPages();
    const ownPages = [...SITE_PAGES, ...INFORMATION_PAGES].map((path) => `${BASE}${path}`);
    const listed = entries.filter((entry) => !ownPages.includes(entry.loc) && !isContent(entry.loc) && !entry.loc.startsWith(`${BASE}/markeder/`));
    expect(new Map(listed.map((entry) => [entry.loc, entry.lastmod]))).toEqual(expected);
    expect(listed).toHaveLength(expected.size);
    // Spot checks that the rows above are what this test thinks they are.
    expect(expected.get(`${BASE}/loppemarkeder-paa-sjaelland`)).toBe("2026-05-20T08:30:00.000Z");
    expect(expected.get(`${BASE}/kraemmermarkeder-paa-fyn`)).toBe("2026-05-14T09:00:00.000Z");
    expect(expected.has(`${BASE}/antikmarkeder-paa-fyn`)).toBe(false);
    expect(expected.has(`${BASE}/tematiske-events-i-kolding`)).toBe(false);
    expect(expected.has(`${BASE}/loppemarkeder-i-randers`)).toBe(false);
  });

  it("lists every published market with its updated_at, oldest first, and nothing else", async () => {
    const { entries } = await urlset();
    const markets = entries.filter((entry) => entry.loc.startsWith(`${BASE}/markeder/`));
    const byAge = (a: MarketRow, b: MarketRow) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1);
    const expected = [...published].sort(byAge).map((row) => ({ loc: marketLoc(row.slug), lastmod: row.updated_at }));
    expect(markets).toEqual(expected);
    expect(markets.at(-1)?.loc).toBe(marketLoc(AMPERSAND_SLUG));
    for (const slug of ["randers-loppemarked", "hemmeligt-loppemarked", "kolding-julemarked", "fynsk-antikmarked"]) {
      expect(
        markets.some((entry) => entry.loc === marketLoc(slug)),
        slug,
      ).toBe(false);
    }
  });

  it("escapes & in a URL", async () => {
    const { xml, entries } = await urlset();
    expect(xml).toContain("<loc>https://loppeguiden.example/markeder/kaffe&amp;kage-loppemarked</loc>");
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(entries.some((entry) => entry.loc === marketLoc(AMPERSAND_SLUG))).toBe(true);
  });

  it("offers no parts while everything fits in one file", async () => {
    expect(await sitemapPartXml(database.db, "sider-1.xml", { baseUrl: BASE })).toBeNull();
    expect(await sitemapPartXml(database.db, "markeder-1.xml", { baseUrl: BASE })).toBeNull();
  });

  describe("above the limit", () => {
    const LIMIT = 10;

    it("is an index of parts that together hold the same URLs in the same order", async () => {
      const whole = (await urlset()).entries;
      const index = readSitemap(await sitemapXml(database.db, { baseUrl: BASE, maxUrls: LIMIT }));
      expect(index.kind).toBe("sitemapindex");
      const marketCount = whole.filter((entry) => entry.loc.startsWith(`${BASE}/markeder/`)).length;
      const contentCount = whole.filter((entry) => isContent(entry.loc)).length;
      const sitePageCount = whole.length - marketCount - contentCount;
      expect(index.entries.map((entry) => entry.loc)).toEqual([
        ...Array.from({ length: Math.ceil(sitePageCount / LIMIT) }, (_, i) => `${BASE}/sitemaps/sider-${i + 1}.xml`),
        ...Array.from({ length: Math.ceil(contentCount / LIMIT) }, (_, i) => `${BASE}/sitemaps/indhold-${i + 1}.xml`),
        ...Array.from({ length: Math.ceil(marketCount / LIMIT) }, (_, i) => `${BASE}/sitemaps/markeder-${i + 1}.xml`),
      ]);

      const fromParts: ReadEntry[] = [];
      for (const entry of index.entries) {
        const file = entry.loc.slice(`${BASE}/sitemaps/`.length);
        const part = await sitemapPartXml(database.db, file, { baseUrl: BASE, maxUrls: LIMIT });
        expect(part, file).not.toBeNull();
        const document = readSitemap(part!);
        expect(document.kind).toBe("urlset");
        expect(document.entries.length).toBeGreaterThan(0);
        expect(document.entries.length).toBeLessThanOrEqual(LIMIT);
        // The index dates a part by its newest URL.
        expect(entry.lastmod).toBe(
          document.entries
            .map((url) => url.lastmod)
            .filter(Boolean)
            .sort()
            .at(-1) ?? null,
        );
        fromParts.push(...document.entries);
      }
      expect(fromParts).toEqual(whole);
    });

    it("answers no part the index does not list", async () => {
      const options = { baseUrl: BASE, maxUrls: LIMIT };
      expect(await sitemapPartXml(database.db, "markeder-99.xml", options)).toBeNull();
      expect(await sitemapPartXml(database.db, "markeder-0.xml", options)).toBeNull();
      expect(await sitemapPartXml(database.db, "artikler-1.xml", options)).toBeNull();
      expect(await sitemapPartXml(database.db, "../sitemap.xml", options)).toBeNull();
    });
  });

  it("shows a write as soon as the cache generation is bumped", async () => {
    const before = (await urlset()).entries;
    await database.db.updateTable("markets").set({ status: "archived", updated_at: "2026-05-31T10:00:00.000Z" }).where("slug", "=", "roskilde-loppemarked").execute();
    await bumpCacheGeneration(database.db);
    const after = (await urlset()).entries;
    expect(before.some((entry) => entry.loc === marketLoc("roskilde-loppemarked"))).toBe(true);
    expect(after.some((entry) => entry.loc === marketLoc("roskilde-loppemarked"))).toBe(false);
    // Roskilde was the newest published market; the site's pages now date from the next one.
    expect(after[0]).toEqual({ loc: `${BASE}/`, lastmod: "2026-05-16T10:00:00.000Z" });
    expect(after.some((entry) => entry.loc === `${BASE}/loppemarkeder-i-roskilde`)).toBe(false);
  });
});
