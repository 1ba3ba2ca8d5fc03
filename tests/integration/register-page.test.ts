import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { createTestMarket } from "../support/factories";
import type { SiteResponse } from "../support/site";
import { startSite, type Site } from "../support/site";

/**
 * /register, the list of markets, as the server renders it (and as a browser without JavaScript
 * uses it): the count and the pages, the region filter's postal ranges, search that reads Danish
 * either way, a bad date told at its field, and an empty result's links that take a filter away.
 * The filters' rules on the database: market-list.test.ts and market-search.test.ts. The filter
 * form with JavaScript, and axe: tests/e2e/register.test.ts.
 */

const PAGE_SIZE = 24;

/** Where the markets are: [postal code, town, how many]. */
const PLACES: [string, string, number][] = [
  ["5000", "Odense C", 8],
  ["3700", "Rønne", 4],
  ["3900", "Nuuk", 2],
  ["1050", "København K", 6],
  ["8000", "Aarhus C", 7],
];
const TOTAL = PLACES.reduce((sum, [, , count]) => sum + count, 0);

let site: Site;

beforeAll(async () => {
  site = await startSite();
  // One date each: a weekly schedule would make a year of dates for every market, which this file never reads.
  const once = [{ kind: "dates", startDate: "2027-06-06", startTime: "10:00", endTime: "15:00" }];
  await Promise.all(
    PLACES.flatMap(([postalCode, city, count]) =>
      Array.from({ length: count }, (_, at) => createTestMarket(site.database, { name: `Marked i ${city} nr. ${at + 1}`, postalCode, city, schedules: once })),
    ),
  );
});

afterAll(async () => {
  await site?.close();
});

/** The number in "29 markeder". */
const resultCount = (page: SiteResponse) =>
  Number(
    page.html
      .all('[role="status"]')
      .find((status) => /marked/.test(status.text))!
      .text.replace(/\D/g, ""),
  );
const cards = (page: SiteResponse) => page.html.all("main article");
const cardNames = (page: SiteResponse) => cards(page).map((card) => card.querySelector("h2")!.text.trim());
/** "5000 Odense C" under each card's name. */
const cardPlaces = (page: SiteResponse) => cards(page).map((card) => card.querySelector("h2 + p")!.text.replace(/\s+/g, " ").trim());

describe("/register, the market list", () => {
  test("lists the markets with a count, in pages of 24 that a link leads through", async () => {
    const first = await site.get("/register");
    expect(first.status).toBe(200);
    expect(resultCount(first)).toBe(TOTAL);
    expect(cards(first)).toHaveLength(PAGE_SIZE);
    const next = first.html
      .all("a")
      .find((link) => link.text.includes(translation.markets.nextPage))
      ?.getAttribute("href");
    expect(new URL(next!, site.url).searchParams.get("side")).toBe("2");
    const second = await site.get(next!);
    expect(cards(second)).toHaveLength(TOTAL - PAGE_SIZE);
    expect(cardNames(second)).not.toContain(cardNames(first)[0]);
  });

  test("a region filter returns only markets inside its postal ranges", async () => {
    for (const [region, from, to, count] of [
      ["fyn", 5000, 5999, 8],
      ["bornholm", 3700, 3799, 4],
      ["groenland", 3900, 3999, 2],
    ] as const) {
      const page = await site.get(`/register?omraade=${region}`);
      expect(resultCount(page), region).toBe(count);
      for (const place of cardPlaces(page)) {
        const postalCode = Number(place.slice(0, 4));
        expect(postalCode, `${region}: ${place}`).toBeGreaterThanOrEqual(from);
        expect(postalCode, `${region}: ${place}`).toBeLessThanOrEqual(to);
      }
    }
  });

  test("search is Danish-aware: kobenhavn and københavn find the same markets", async () => {
    const plain = await site.get("/register?q=kobenhavn");
    const danish = await site.get(`/register?q=${encodeURIComponent("københavn")}`);
    expect(resultCount(plain)).toBe(6);
    expect(cardNames(danish)).toEqual(cardNames(plain));
  });

  test("a bad date is explained at its field, and the page still answers 200", async () => {
    const page = await site.get("/register?dato=periode&fra=31-12-2027");
    expect(page.status).toBe(200);
    expect(page.html.text("#fejl-fra")).toMatch(/Ugyldig dato/);
    expect(page.html.byId("fra")?.getAttribute("aria-describedby")).toBe("fejl-fra");
  });

  test("an empty result says so and offers to remove a filter, keeping the others", async () => {
    const page = await site.get("/register?q=xyzzyqwertyzz&type=antikmarkeder");
    expect(page.status).toBe(200);
    expect(page.html.all("h2").map((heading) => heading.text.trim())).toContain(translation.markets.noResultsHeading);
    const removal = page.html.all("a").find((link) => (link.getAttribute("aria-label") ?? link.text).startsWith("Fjern “xyzzyqwertyzz”"));
    const target = new URL(removal!.getAttribute("href")!, site.url);
    expect(target.searchParams.has("q")).toBe(false);
    expect(target.searchParams.getAll("type")).toEqual(["antikmarkeder"]);
  });
});
