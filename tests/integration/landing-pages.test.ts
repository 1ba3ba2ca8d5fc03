import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { landingPath } from "../../app/landing/paths";
import { LOCATIONS, locationContains } from "../../app/markets/locations";
import { MARKET_TYPE_INFO } from "../../app/markets/market-types";
import { formOf, formTarget, plainForm } from "../support/plain-forms";
import { startSite, type Site, type SiteResponse } from "../support/site";

/**
 * The landing pages (a market type, alone or in a place) as the server sends them, with the demo
 * data: old addresses redirected, unknown ones not found, the page's heading, structured data
 * counted against the database, canonical, links and the filters without JavaScript. That each of
 * the 351 answers 200 with a title, a description, one heading and a canonical is the SEO audit's
 * (tests/integration/seo-audit.test.ts); how they look in a browser is tests/e2e/landing.test.ts.
 */

let site: Site;

beforeAll(async () => {
  site = await startSite({ demoData: true });
});

afterAll(async () => {
  await site?.close();
});

/** The absolute address of a path, as canonicals and structured data write it (BASE_URL). */
const url = (path: string) => `${site.url}${path}`;

/** Published markets, from the site's own database. */
function publishedMarkets(): Promise<{ type: string; postal_code: number }[]> {
  return site.database.db.selectFrom("markets").select(["type", "postal_code"]).where("status", "=", "published").execute();
}

describe("landing-page addresses", () => {
  test.each([
    ["/loppemarked-i-aarhus", "/loppemarkeder-i-aarhus"],
    ["/kraemmermarked-i-odense", "/kraemmermarkeder-i-odense"],
    ["/antikmarked-paa-fyn", "/antikmarkeder-paa-fyn"],
    ["/loppemarked", "/loppemarkeder"],
    ["/loppemarkeder-i-frederiksberg", "/loppemarkeder-paa-frederiksberg"],
    ["/antikmarkeder-paa-aarhus", "/antikmarkeder-i-aarhus"],
    ["/loppemarkeder-i-kobenhavn", "/loppemarkeder-i-koebenhavn"],
    ["/loppemarkeder-i-helsingor", "/loppemarkeder-i-helsingoer"],
    ["/loppemarkeder-i-hjorring", "/loppemarkeder-i-hjoerring"],
    ["/loppemarkeder-paa-faroerne", "/loppemarkeder-paa-faeroerne"],
    ["/loppemarkeder-paa-gronland", "/loppemarkeder-paa-groenland"],
    ["/loppemarkeder-paa-sjalland", "/loppemarkeder-paa-sjaelland"],
    ["/loppemarkeder-i-soenderborg", "/loppemarkeder-i-sonderborg"],
    ["/Loppemarkeder-i-Aarhus", "/loppemarkeder-i-aarhus"],
  ])("%s answers 301 to %s", async (from, to) => {
    const response = await site.get(from);
    expect(response.status).toBe(301);
    expect(response.location).toBe(to);
  });

  test("a redirect keeps the query", async () => {
    const response = await site.get("/loppemarked-i-kobenhavn?dato=weekend&side=2");
    expect(response.status).toBe(301);
    expect(response.location).toBe("/loppemarkeder-i-koebenhavn?dato=weekend&side=2");
  });

  test.each(["/loppemarkeder-i-paris", "/vinylmarkeder-i-aarhus", "/loppemarkeder-aarhus", "/loppemarkeder-i-", "/loppemarkederne"])("%s is a real 404", async (path) => {
    const response = await site.get(path);
    expect(response.status).toBe(404);
    expect(response.html.h1s()).toHaveLength(1);
  });
});

describe("a landing page with markets", () => {
  let page: SiteResponse;

  beforeAll(async () => {
    page = await site.get("/loppemarkeder-i-aarhus");
    expect(page.status).toBe(200);
  });

  test("is a page about flea markets in Aarhus, with its markets", () => {
    expect(page.html.h1s()).toEqual(["Loppemarkeder i Aarhus"]);
    expect(page.html.all('a[href^="/markeder/"]').length).toBeGreaterThan(0);
    expect(page.html.meta("robots")).toBeNull();
  });

  test("counts exactly the published flea markets with an Aarhus postal code", async () => {
    const aarhus = LOCATIONS.find((place) => place.key === "aarhus")!;
    const expected = (await publishedMarkets()).filter((market) => market.type === "flea_market" && locationContains(aarhus, { postalCode: market.postal_code })).length;
    expect(expected).toBeGreaterThan(0);
    const list = page.html.structuredData().find((item) => item["@type"] === "ItemList")!;
    expect(list.numberOfItems).toBe(expected);
    expect((list.itemListElement as { url: string }[])[0]!.url).toMatch(new RegExp(`^${url("/markeder/")}`));
  });

  test("has an absolute canonical, Open Graph and a breadcrumb trail", () => {
    expect(page.html.canonical).toBe(url("/loppemarkeder-i-aarhus"));
    expect(page.html.meta("og:url")).toBe(url("/loppemarkeder-i-aarhus"));
    expect(page.html.meta("og:title")).toContain("Loppemarkeder i Aarhus");
    expect(page.html.meta("og:locale")).toBe("da_DK");
    const trail = page.html.structuredData().find((item) => item["@type"] === "BreadcrumbList")!;
    expect((trail.itemListElement as { item: string }[]).map((crumb) => crumb.item)).toEqual([url("/"), url("/loppemarkeder"), url("/loppemarkeder-i-aarhus")]);
  });

  test("has an introduction of its own of at least 100 words", async () => {
    const other = await site.get("/loppemarkeder-i-odense");
    const main = (response: SiteResponse) => response.text.match(/<main[^>]*>([\s\S]*)<\/main>/)?.[1] ?? "";
    const words = (response: SiteResponse) =>
      main(response)
        .replace(/<script[\s\S]*?<\/script>/g, " ")
        .replace(/<[^>]+>/g, " ")
        .split(/\s+/)
        .filter(Boolean);
    expect(words(page).length).toBeGreaterThanOrEqual(100);
    // The introduction's paragraphs: long runs of text, none of which the other page shares.
    const paragraphs = (response: SiteResponse) => [...main(response).matchAll(/<p[^>]*>([^<]{80,})<\/p>/g)].map((match) => match[1]);
    expect(paragraphs(page).length).toBeGreaterThanOrEqual(3);
    const shared = paragraphs(page).filter((paragraph) => paragraphs(other).includes(paragraph));
    expect(shared).toEqual([]);
  });

  test("links to the same type nearby and to other types in the same place", () => {
    const links = page.html.all("a").map((link) => link.getAttribute("href") ?? "");
    expect(links.some((href) => /^\/loppemarkeder-i-(randers|silkeborg|horsens|midtjylland)$/.test(href))).toBe(true);
    expect(links.some((href) => /^\/(kraemmermarkeder|genbrugsbutikker|antikmarkeder)-i-aarhus$/.test(href))).toBe(true);
  });

  test("filters keep the canonical on the unfiltered page", async () => {
    const filtered = await site.get("/loppemarkeder-i-aarhus?miljoe=inde&side=1");
    expect(filtered.html.canonical).toBe(url("/loppemarkeder-i-aarhus"));
  });

  test("the filters work without JavaScript and stay on the landing page", async () => {
    // On a desktop the filters are a sidebar beside the list, open without JavaScript too: their
    // controls belong to a form sent by its method (GET unless it says otherwise) to its action
    // (this page unless it names another).
    const select = page.html.field("Inde eller ude");
    const form = formOf(page.html, select);
    expect(form, "the filters are a form").not.toBeNull();
    const filters = plainForm(page.html, form!);
    expect(filters.method).toBe("get");
    // "inde" chosen and "Vis markeder" pressed (formTarget fails when the form offers neither).
    const target = new URL(formTarget(filters, "Vis markeder", { [select.getAttribute("name")!]: "inde" }), url(page.path));
    expect(target.pathname).toBe("/loppemarkeder-i-aarhus");
    expect(target.searchParams.get("miljoe")).toBe("inde");
    const filtered = await site.get(`${target.pathname}${target.search}`);
    expect(filtered.status).toBe(200);
    expect(filtered.html.h1s()).toEqual(["Loppemarkeder i Aarhus"]);
  });
});

describe("a market page", () => {
  test("carries a breadcrumb trail through its type's landing page for its area", async () => {
    const landing = await site.get("/loppemarkeder-i-aarhus");
    const path = landing.html
      .all("a")
      .map((link) => link.getAttribute("href") ?? "")
      .find((href) => /^\/markeder\/[a-z0-9-]+$/.test(href))!;
    const page = await site.get(path);
    const trail = page.html.structuredData().find((item) => item["@type"] === "BreadcrumbList")!;
    expect((trail.itemListElement as { item: string }[]).map((crumb) => crumb.item)).toEqual([url("/"), url("/loppemarkeder"), url("/loppemarkeder-i-aarhus"), url(path)]);
    expect(page.html.canonical).toBe(url(path));
    expect(page.html.all('a[href="/loppemarkeder-i-aarhus"]').length).toBeGreaterThan(0);
  });
});

describe("a landing page without markets", () => {
  test("says so, is noindex,follow and points to the nearest places that have some", async () => {
    const markets = await publishedMarkets();
    const empty = MARKET_TYPE_INFO.flatMap((type) => LOCATIONS.map((place) => ({ type, place }))).find(
      ({ type, place }) => !markets.some((market) => market.type === type.key && locationContains(place, { postalCode: market.postal_code })),
    );
    expect(empty, "the demo data leaves at least one landing page empty").toBeDefined();
    const page = await site.get(landingPath(empty!.type, empty!.place));
    expect(page.status).toBe(200);
    expect(page.html.meta("robots")).toBe("noindex,follow");
    expect(page.text).toContain("Ingen markeder her lige nu");
    const nearby = new RegExp(`^/${empty!.type.slug}-(?:i|paa)-[a-z-]+$`);
    const suggestion = page.html
      .all("a")
      .map((link) => link.getAttribute("href") ?? "")
      .find((href) => nearby.test(href));
    expect(suggestion, "a link to a nearby page of the same type").toBeDefined();
    const target = await site.get(suggestion!);
    expect(target.html.meta("robots")).toBeNull();
  });
});
