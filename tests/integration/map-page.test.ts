import TOWNS from "../../app/markets/towns.json";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { t } from "../../app/lib/i18n";
import { createTestMarket } from "../support/factories";
import { formTarget, plainForm } from "../support/plain-forms";
import { startSite, type Site } from "../support/site";

/**
 * The map page as the server sends it: /markeder without JavaScript (the list, its filters and
 * pages, no empty map), GET /api/markers that the map asks, and the geolocation test page's
 * headers. The map itself (Leaflet's markers, clusters, the list beside it, "Find markeder nær
 * mig"): tests/e2e/map.test.ts. How markers are grouped, per database: map-markers.test.ts.
 */

const DENMARK = "s=54.5&w=7.5&n=57.9&e=15.5";
/** The list's page (PAGE_SIZE in app/routes/markeder/index.tsx). */
const PAGE_SIZE = 24;
/** More than a page of the list, so that it has a next page; two on Bornholm. */
const IN_AARHUS = PAGE_SIZE + 1;

let site: Site;

beforeAll(async () => {
  site = await startSite();
  for (let number = 1; number <= IN_AARHUS; number++) {
    // Every other one is free, as "gratis=1" asks.
    await createTestMarket(site.database, { name: `Loppemarked nr. ${number}`, entryFeeDkk: number % 2 ? "0" : "20" });
  }
  for (const [name, type] of [
    ["Rønne Loppemarked", "flea_market"],
    ["Nexø Antik", "antique_market"],
  ] as const) {
    await createTestMarket(site.database, { name, type, postalCode: "3700", city: "Rønne", latitude: "55,1", longitude: "14,7" });
  }
});

afterAll(async () => {
  await site?.close();
});

const MARKETS = IN_AARHUS + 2;

describe("/markeder without JavaScript", () => {
  test("lists the markets a page at a time, and shows no empty map: the map's frame is sent hidden, for its script to show", async () => {
    const page = await site.get("/markeder");
    expect(page.status).toBe(200);
    expect(page.html.h1s()).toEqual([t("map.heading")]);
    const cards = page.html.all('[data-testid="market-list"] > li');
    expect(cards).toHaveLength(PAGE_SIZE);
    expect(cards[0]!.querySelector("a")?.getAttribute("href")).toMatch(/^\/markeder\/[a-z0-9-]+$/);
    expect(
      page.html
        .all("a")
        .find((link) => /Næste side/.test(link.text))
        ?.getAttribute("href"),
    ).toBe("/markeder?side=2");
    const frame = page.html.one("[data-market-map]");
    expect(frame?.hasAttribute("hidden")).toBe(true);
    expect(frame?.querySelector('[data-testid="market-map"]')).not.toBeNull();
    // "Find markeder nær mig" needs the script too: hidden until it works.
    expect(frame?.querySelector("button[hidden]")?.text.trim()).toBe(t("map.nearMe"));
  });

  test("has one way to ask for the visitor's position, the map's: the filters carry the position without a second button", async () => {
    const page = (await site.get("/markeder")).html;
    expect(page.source).not.toContain(`>${t("markets.useLocation")}<`);
    expect(page.all('#markedsfiltre input[name="lat"], input[form="markedsfiltre"][name="lat"]')).toHaveLength(1);
    // The register keeps its own, having no map.
    expect((await site.get("/register")).html.source).toContain(`>${t("markets.useLocation")}<`);
  });

  test("filters by a GET form to /markeder, whose own button sits beside the choices, folded before and after", async () => {
    const page = await site.get("/markeder");
    const filters = () => page.html.all("details").find((details) => details.querySelector("summary")?.text.trim() === t("markets.filtersHeading"));
    expect(filters()?.hasAttribute("open")).toBe(false);
    const target = formTarget(plainForm(page.html, "#markedsfiltre"), t("markets.applyFilters"), { omraade: "bornholm" });
    expect(new URL(target, site.url).pathname).toBe("/markeder");

    const chosen = await site.get(target);
    expect(chosen.status).toBe(200);
    // With a filter chosen the filters fold again, so the map stays near the top; the summary counts them and a chip names each.
    const folded = chosen.html.all("details").find((details) => details.querySelector("summary")?.text.trim() === t("markets.filtersHeadingCount", { count: 1 }));
    expect(folded?.hasAttribute("open")).toBe(false);
    expect(chosen.html.all(`ul[aria-label="${t("markets.chips.label")}"] a`).map((chip) => chip.text.replace(/×/, "").trim())).toContain("Bornholm");
    // Each card's place line: its postal code and town.
    const cities = chosen.html
      .all('[data-testid="market-list"] article p')
      .map((line) => line.text.trim())
      .filter((text) => /^\d{4} /.test(text));
    expect(cities).toHaveLength(2);
    for (const city of cities) expect(Number(city.slice(0, 4))).toBeGreaterThanOrEqual(3700);
  });
});

describe("GET /api/markers", () => {
  interface Answer {
    total: number;
    clusters: [lat: number, lng: number, count: number, place: string, bounds: number[]][];
    markers: unknown[];
  }

  test("answers the whole country at the start view's zoom small and cacheable", async () => {
    const answer = await site.get(`/api/markers?${DENMARK}&z=7`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=60");
    expect(answer.body.length).toBeLessThan(60_000);
    const json = answer.json<Answer>();
    expect(json.total).toBe(MARKETS);
    expect(json.clusters.reduce((sum, [, , count]) => sum + count, 0) + json.markers.length).toBe(json.total);
  });

  test("names each cluster after the town it is around, so the list beside the map can say where", async () => {
    const json = (await site.get(`/api/markers?${DENMARK}&z=7`)).json<Answer>();
    expect(json.clusters.length).toBeGreaterThan(0);
    const towns = new Set(TOWNS.map((town) => town.name));
    for (const [, , , place] of json.clusters) expect(towns.has(place), place).toBe(true);
  });

  test("applies the filters of /register", async () => {
    const all = (await site.get(`/api/markers?${DENMARK}&z=7`)).json<Answer>();
    const free = (await site.get(`/api/markers?${DENMARK}&z=7&gratis=1&type=loppemarkeder`)).json<Answer>();
    expect(free.total).toBeGreaterThan(0);
    expect(free.total).toBeLessThan(all.total);
  });

  test.each([
    ["no view", "", t("map.api.badBounds")],
    ["south above north", "s=57&w=8&n=55&e=15&z=7", t("map.api.badBounds")],
    ["text for a number", "s=abc&w=8&n=57&e=15&z=7", t("map.api.badBounds")],
    ["latitude off the earth", "s=54&w=8&n=95&e=15&z=7", t("map.api.badBounds")],
    ["zoom 25", `${DENMARK}&z=25`, t("map.api.badZoom")],
    ["zoom 7.5", `${DENMARK}&z=7.5`, t("map.api.badZoom")],
    ["the country at street level", `${DENMARK}&z=16`, t("map.api.tooLarge")],
    ["an unknown type", `${DENMARK}&z=7&type=cirkus`, "Ukendt markedstype – vælg en fra listen."],
  ])("refuses %s with 400 and a Danish message", async (_name, query, message) => {
    const answer = await site.get(`/api/markers?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.json()).toEqual({ error: message });
  });
});

test("/test/geolocation is a page for people, kept out of search engines", async () => {
  const page = await site.get("/test/geolocation");
  expect(page.status).toBe(200);
  expect(page.html.meta("robots")).toBe("noindex,nofollow");
});
