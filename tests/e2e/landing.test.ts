import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { LOCATIONS, locationContains } from "../../app/markets/locations";
import { MARKET_TYPE_INFO } from "../../app/markets/market-types";
import { landingPath } from "../../app/markets/landing/paths";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser, PHONE } from "../support/browser";
import { countH1, gotoHydrated, url, watchHydration } from "./helpers";

/** Fetches without following redirects, as a search engine's first request does. */
async function fetchManual(path: string): Promise<Response> {
  return fetch(url(path), { redirect: "manual" });
}

function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
}

function metaContent(html: string, attribute: "name" | "property", key: string): string | null {
  const tag = html.match(new RegExp(`<meta[^>]*${attribute}="${key}"[^>]*>`))?.[0];
  return tag?.match(/content="([^"]*)"/)?.[1] ?? null;
}

function canonicalOf(html: string): string | null {
  return html.match(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/)?.[1] ?? null;
}

/** Published markets per landing page, counted from the server's own database. */
function publishedMarkets(): { type: string; postal_code: number }[] {
  const db = new Database(inject("databaseFile"), { readonly: true });
  try {
    return db.prepare("select type, postal_code from markets where status = 'published'").all() as { type: string; postal_code: number }[];
  } finally {
    db.close();
  }
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
    const response = await fetchManual(from);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(to);
  });

  test("a redirect keeps the query", async () => {
    const response = await fetchManual("/loppemarked-i-kobenhavn?dato=weekend&side=2");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/loppemarkeder-i-koebenhavn?dato=weekend&side=2");
  });

  test.each(["/loppemarkeder-i-paris", "/vinylmarkeder-i-aarhus", "/loppemarkeder-aarhus", "/loppemarkeder-i-", "/loppemarkederne"])(
    "%s is a real 404",
    async (path) => {
      const response = await fetchManual(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("<h1");
    },
  );

  test("every one of the 351 landing pages answers 200 at its own address", async () => {
    const paths = MARKET_TYPE_INFO.flatMap((type) => [landingPath(type), ...LOCATIONS.map((place) => landingPath(type, place))]);
    expect(paths).toHaveLength(351);
    const statuses = new Map<string, number>();
    for (let i = 0; i < paths.length; i += 8) {
      await Promise.all(paths.slice(i, i + 8).map(async (path) => statuses.set(path, (await fetchManual(path)).status)));
    }
    expect([...statuses].filter(([, status]) => status !== 200)).toEqual([]);
  });
});

describe("a landing page with markets", () => {
  let html: string;

  beforeAll(async () => {
    html = await (await fetch(url("/loppemarkeder-i-aarhus"))).text();
  });

  test("is a page about flea markets in Aarhus, with its markets", () => {
    expect(countH1(html)).toBe(1);
    expect(html).toMatch(/<h1[^>]*>Loppemarkeder i Aarhus<\/h1>/);
    expect(html).toContain('href="/markeder/');
    expect(metaContent(html, "name", "robots")).toBeNull();
  });

  test("counts exactly the published flea markets with an Aarhus postal code", () => {
    const aarhus = LOCATIONS.find((place) => place.key === "aarhus")!;
    const expected = publishedMarkets().filter((market) => market.type === "flea_market" && locationContains(aarhus, { postalCode: market.postal_code })).length;
    expect(expected).toBeGreaterThan(0);
    const list = structuredData(html).find((item) => item["@type"] === "ItemList")!;
    expect(list.numberOfItems).toBe(expected);
    expect((list.itemListElement as { url: string }[])[0]!.url).toMatch(new RegExp(`^${url("/markeder/")}`));
  });

  test("has an absolute canonical, Open Graph and a breadcrumb trail", () => {
    expect(canonicalOf(html)).toBe(url("/loppemarkeder-i-aarhus"));
    expect(metaContent(html, "property", "og:url")).toBe(url("/loppemarkeder-i-aarhus"));
    expect(metaContent(html, "property", "og:title")).toContain("Loppemarkeder i Aarhus");
    expect(metaContent(html, "property", "og:locale")).toBe("da_DK");
    const trail = structuredData(html).find((item) => item["@type"] === "BreadcrumbList")!;
    expect((trail.itemListElement as { item: string }[]).map((crumb) => crumb.item)).toEqual([
      url("/"),
      url("/loppemarkeder"),
      url("/loppemarkeder-i-aarhus"),
    ]);
  });

  test("has an introduction of its own of at least 100 words", async () => {
    const other = await (await fetch(url("/loppemarkeder-i-odense"))).text();
    const main = (page: string) => page.match(/<main[^>]*>([\s\S]*)<\/main>/)?.[1] ?? "";
    const words = (page: string) =>
      main(page).replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ").split(/\s+/).filter(Boolean);
    expect(words(html).length).toBeGreaterThanOrEqual(100);
    // The introduction's paragraphs: long runs of text, none of which the other page shares.
    const paragraphs = (page: string) => [...main(page).matchAll(/<p[^>]*>([^<]{80,})<\/p>/g)].map((match) => match[1]);
    expect(paragraphs(html).length).toBeGreaterThanOrEqual(3);
    const shared = paragraphs(html).filter((paragraph) => paragraphs(other).includes(paragraph));
    expect(shared).toEqual([]);
  });

  test("links to the same type nearby and to other types in the same place", () => {
    expect(html).toMatch(/href="\/loppemarkeder-i-(randers|silkeborg|horsens|midtjylland)"/);
    expect(html).toMatch(/href="\/(kraemmermarkeder|genbrugsbutikker|antikmarkeder)-i-aarhus"/);
  });

  test("filters keep the canonical on the unfiltered page", async () => {
    const filtered = await (await fetch(url("/loppemarkeder-i-aarhus?miljoe=inde&side=1"))).text();
    expect(canonicalOf(filtered)).toBe(url("/loppemarkeder-i-aarhus"));
  });
});

describe("a market page", () => {
  test("carries a breadcrumb trail through its type's landing page for its area", async () => {
    const landing = await (await fetch(url("/loppemarkeder-i-aarhus"))).text();
    const path = landing.match(/href="(\/markeder\/[a-z0-9-]+)"/)![1]!;
    const html = await (await fetch(url(path))).text();
    const trail = structuredData(html).find((item) => item["@type"] === "BreadcrumbList")!;
    expect((trail.itemListElement as { item: string }[]).map((crumb) => crumb.item)).toEqual([
      url("/"),
      url("/loppemarkeder"),
      url("/loppemarkeder-i-aarhus"),
      url(path),
    ]);
    expect(canonicalOf(html)).toBe(url(path));
    expect(html).toContain('href="/loppemarkeder-i-aarhus"');
  });
});

describe("a landing page without markets", () => {
  test("says so, is noindex,follow and points to the nearest places that have some", async () => {
    const markets = publishedMarkets();
    const empty = MARKET_TYPE_INFO.flatMap((type) => LOCATIONS.map((place) => ({ type, place }))).find(
      ({ type, place }) => !markets.some((market) => market.type === type.key && locationContains(place, { postalCode: market.postal_code })),
    );
    expect(empty, "the demo data leaves at least one landing page empty").toBeDefined();
    const response = await fetchManual(landingPath(empty!.type, empty!.place));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(metaContent(html, "name", "robots")).toBe("noindex,follow");
    expect(html).toContain("Ingen markeder her lige nu");
    const suggestion = html.match(new RegExp(`href="(/${empty!.type.slug}-(?:i|paa)-[a-z-]+)"`))?.[1];
    expect(suggestion, "a link to a nearby page of the same type").toBeDefined();
    const target = await (await fetch(url(suggestion!))).text();
    expect(metaContent(target, "name", "robots")).toBeNull();
  });
});

describe("in the browser", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)("reads well on a %s: no sideways scrolling, no axe violations, no console errors", async (_name, device) => {
    const context: BrowserContext = await browser.newContext(device);
    try {
      await watchHydration(context);
      const page: Page = await context.newPage();
      const errors = collectPageErrors(page);
      for (const path of ["/loppemarkeder-i-aarhus", "/genbrugsbutikker", "/loppemarkeder-paa-groenland"]) {
        await gotoHydrated(page, path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `sideways scroll on ${path}`).toBeLessThanOrEqual(0);
        expect(await axeViolations(page), `axe on ${path}`).toEqual([]);
      }
      // The smallest phones still in use: 320 px.
      await page.setViewportSize({ width: 320, height: 640 });
      await gotoHydrated(page, "/design-secondhand-butikker-i-nykobing-falster");
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the filters work without JavaScript and stay on the landing page", async () => {
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(url("/loppemarkeder-i-aarhus"));
      // On a desktop the filters are a sidebar beside the list, open without JavaScript too.
      await page.getByLabel("Inde eller ude").selectOption("inde");
      await page.getByRole("button", { name: "Vis markeder" }).click();
      await page.waitForURL(/miljoe=inde/);
      expect(new URL(page.url()).pathname).toBe("/loppemarkeder-i-aarhus");
      expect(await page.locator("h1").textContent()).toBe("Loppemarkeder i Aarhus");
    } finally {
      await context.close();
    }
  });
});
