import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { t } from "../../app/lib/i18n";
import { DESKTOP, launchBrowser, PHONE } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { createTestAccount, signInContext } from "../support/factories";
import { baseUrl, consentCookies, gotoHydrated, isSameDocument, markDocument, url, waitForHydration, watchHydration } from "./helpers";

/** Copenhagen's town hall square. */
const KOEBENHAVN = { latitude: 55.6761, longitude: 12.5683 };

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
});

async function newPage(options: BrowserContextOptions = {}): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ ...DESKTOP, ...options });
  contexts.push(context);
  if (options.javaScriptEnabled !== false) await watchHydration(context);
  return { page: await context.newPage(), context };
}

/** Console errors and uncaught errors; the suite's server serves its own map tiles, so none are expected. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

/** The zoom levels of the marker requests the page makes, in order. */
function watchMarkerRequests(page: Page): number[] {
  const zooms: number[] = [];
  page.on("request", (request) => {
    const requested = new URL(request.url());
    if (requested.pathname === "/api/markers") zooms.push(Number(requested.searchParams.get("z")));
  });
  return zooms;
}

/**
 * Marks the first icon that lies well inside the visible map (the answer covers whole grid cells,
 * so some lie just outside it) with data-test-visible; false when there is none.
 */
async function markVisible(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluateAll((icons) => {
    for (const marked of document.querySelectorAll("[data-test-visible]")) marked.removeAttribute("data-test-visible");
    const frame = document.querySelector('[data-testid="market-map"]')!.getBoundingClientRect();
    const inside = icons.find((icon) => {
      const box = icon.getBoundingClientRect();
      // Clear of the zoom buttons in the top left corner.
      return box.left >= frame.left + 60 && box.right <= frame.right - 10 && box.top >= frame.top + 10 && box.bottom <= frame.bottom - 30;
    });
    inside?.setAttribute("data-test-visible", "");
    return inside !== undefined;
  });
}

/** Waits until the list beside the map shows the latest answer (and the map has drawn it). */
async function mapSettled(page: Page): Promise<void> {
  await page.locator('[aria-labelledby="kortliste-overskrift"][aria-busy="false"]').waitFor({ timeout: 10_000 });
}

async function waitForMarkers(page: Page): Promise<void> {
  await page.locator(".lg-map-cluster, .lg-map-pin").first().waitFor({ timeout: 15_000 });
}

// The page without JavaScript (the list, its filters and pages) and GET /api/markers are checked at
// request level: tests/integration/map-page.test.ts.
describe("/markeder with JavaScript", () => {
  test("on a phone a chosen area applies with the button beside it, and the folded filters leave the map in the first screen", async () => {
    const { page } = await newPage(PHONE);
    await page.context().addCookies(consentCookies());
    await gotoHydrated(page, "/markeder");
    await page.locator("details summary", { hasText: t("markets.filtersHeading") }).click();
    await page.getByLabel(t("markets.regionLabel")).selectOption("bornholm");
    const apply = page.getByRole("button", { name: t("markets.applyFilters"), exact: true });
    // The button is in sight where the choice was made, not only at the top of the form.
    expect(await apply.isVisible()).toBe(true);
    await apply.click();
    await page.waitForURL((address) => address.searchParams.get("omraade") === "bornholm");
    await waitForMarkers(page);
    expect(
      await page
        .locator("details")
        .filter({ has: page.locator("summary", { hasText: t("markets.filtersHeadingCount", { count: 1 }) }) })
        .evaluate((details) => (details as HTMLDetailsElement).open),
    ).toBe(false);
    const mapTop = await page.getByTestId("market-map").evaluate((map) => map.getBoundingClientRect().top);
    expect(mapTop).toBeLessThan(844);
  });

  test("on a phone the cookie banner lies above the map's markers, not under them", async () => {
    const { page } = await newPage(PHONE);
    await gotoHydrated(page, "/markeder");
    await waitForMarkers(page);
    const banner = page.locator('section[aria-labelledby="cookie-banner-overskrift"]');
    // Every point of the banner shows the banner itself: nothing of the map is painted over it.
    const covered = await banner.evaluate((section) => {
      const box = section.getBoundingClientRect();
      const hidden: string[] = [];
      for (let x = box.left + 4; x < box.right; x += 12) {
        for (let y = Math.max(0, box.top) + 4; y < Math.min(box.bottom, window.innerHeight); y += 12) {
          const top = document.elementFromPoint(x, y);
          if (top && !section.contains(top)) hidden.push(`${Math.round(x)},${Math.round(y)}: ${top.className}`);
        }
      }
      return hidden;
    });
    expect(covered).toEqual([]);
  });

  test("zooms in when a cluster is clicked, and a marker's popup links to the market", async () => {
    const { page } = await newPage();
    const errors = collectErrors(page);
    const zooms = watchMarkerRequests(page);
    await gotoHydrated(page, "/markeder?omraade=koebenhavn");
    await waitForMarkers(page);
    await mapSettled(page);
    // A cluster zooms in by clicking it; then on until a single market shows.
    for (let i = 0; i === 0 || (i < 5 && !(await markVisible(page, ".lg-map-pin"))); i++) {
      expect(await markVisible(page, ".lg-map-cluster")).toBe(true);
      const before = zooms.length;
      const zoom = zooms.at(-1)!;
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/markers");
      await page.locator("[data-test-visible]").click();
      await answered;
      await mapSettled(page);
      expect(zooms.length).toBeGreaterThan(before);
      expect(zooms.at(-1)).toBeGreaterThan(zoom);
    }
    expect(await markVisible(page, ".lg-map-pin")).toBe(true);
    const pin = page.locator("[data-test-visible]");
    const name = await pin.getAttribute("title");
    await pin.click();
    const popup = page.locator(".leaflet-popup-content");
    await expect(popup.locator("div > div").first().textContent()).resolves.toBe(name);
    const link = popup.getByRole("link", { name: t("map.seeMarket") });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/markeder\/[a-z0-9-]+$/);
    await expect(page.locator(".leaflet-popup-close-button").getAttribute("aria-label")).resolves.toBe(t("map.closePopup"));
    // The map moving under an open popup (as it does to make room for one) and the new answer leave it open.
    const moved = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/markers");
    await page.getByTestId("market-map").focus();
    await page.keyboard.press("ArrowDown");
    await moved;
    await mapSettled(page);
    // The same pin, not one drawn anew, and its popup not fading out as a closed one does.
    expect(await pin.count()).toBe(1);
    expect(await page.locator(".leaflet-popup").evaluate((open) => getComputedStyle(open).opacity)).toBe("1");
    await link.click();
    await page.waitForURL(url(href!));
    await page.locator("h1", { hasText: name! }).waitFor();
    expect(errors).toEqual([]);
  });

  test("shows only the markets the filters of the page choose", async () => {
    const { page } = await newPage();
    const requested: URL[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/markers") requested.push(new URL(request.url()));
    });
    await gotoHydrated(page, "/markeder?type=antikmarkeder&omraade=midtjylland&sorter=navn");
    await waitForMarkers(page);
    await mapSettled(page);
    expect(requested[0]?.searchParams.getAll("type")).toEqual(["antikmarkeder"]);
    expect(requested[0]?.searchParams.get("omraade")).toBe("midtjylland");
    expect(requested[0]?.searchParams.has("sorter")).toBe(false);
    // The map counts the same markets as the list below it.
    const listed = Number((await page.locator("#alle-markeder + p").textContent())!.replace(/\D/g, ""));
    const status = page.getByRole("region", { name: t("map.listHeading") }).getByRole("status");
    const onMap = Number((await status.textContent())!.replace(/\D/g, ""));
    expect(onMap).toBeGreaterThan(0);
    expect(onMap).toBeLessThanOrEqual(listed);
    expect(onMap).toBeGreaterThan(listed * 0.8);
  });

  test("finds markets near the visitor: the filters are sent with the position, and the page opens on them, marked, nearest first", async () => {
    const { page, context } = await newPage({ geolocation: KOEBENHAVN });
    await context.grantPermissions(["geolocation"], { origin: baseUrl });
    await gotoHydrated(page, "/markeder?type=loppemarkeder");
    await waitForMarkers(page);
    // The markers the page opened with the position asks for.
    const near: URL[] = [];
    page.on("request", (request) => {
      const requested = new URL(request.url());
      if (requested.pathname === "/api/markers" && new URL(request.frame().url()).searchParams.has("lat")) near.push(requested);
    });
    await page.getByRole("button", { name: t("map.nearMe") }).click();
    await page.waitForURL((address) => address.searchParams.has("lat") && address.searchParams.get("sorter") === "afstand");
    // The filters go with it.
    expect(new URL(page.url()).searchParams.getAll("type")).toEqual(["loppemarkeder"]);
    await waitForHydration(page);
    await waitForMarkers(page);
    await mapSettled(page);
    // The view is centred on the visitor, close in, with the visitor marked.
    const requested = near[0]!;
    expect(Number(requested.searchParams.get("z"))).toBeGreaterThanOrEqual(12);
    const [south, west, north, east] = ["s", "w", "n", "e"].map((key) => Number(requested.searchParams.get(key)));
    expect((south! + north!) / 2).toBeCloseTo(KOEBENHAVN.latitude, 1);
    expect((west! + east!) / 2).toBeCloseTo(KOEBENHAVN.longitude, 1);
    expect(await page.locator(".lg-map-position").count()).toBe(1);
    const items = page.locator('[data-testid="map-list-markets"] > li');
    await items.first().waitFor();
    const distances = (await items.locator("p").allTextContents())
      .map((text) => /([\d,]+) km væk/.exec(text)?.[1])
      .filter((km): km is string => km !== undefined)
      .map((km) => Number(km.replace(",", ".")));
    expect(distances.length).toBeGreaterThan(0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(5);
  });

  test("a signed-in visitor's Gem in the list beside the map turns at once, and says Gemt when the page opens again", async () => {
    const member = await createTestAccount({ name: "Kort Karen" });
    const { page, context } = await newPage();
    await signInContext(context, member);
    await gotoHydrated(page, `/markeder?lat=${KOEBENHAVN.latitude}&lng=${KOEBENHAVN.longitude}&sorter=afstand`);
    await mapSettled(page);
    const list = page.getByTestId("map-list-markets");
    const first = list.locator("li").first();
    const name = (await first.locator("a").first().textContent())!;
    const marketId = (await first.locator("form").getAttribute("data-save-market"))!;
    const button = (saved: boolean) => list.getByRole("button", { name: `${saved ? t("saved.button.saved") : t("saved.button.save")} ${name}`, exact: true, pressed: saved });
    await markDocument(page);
    const stored = page.waitForResponse((response) => new URL(response.url()).pathname === `/gem/${marketId}`);
    await button(false).click();
    await button(true).waitFor();
    expect((await stored).ok()).toBe(true);
    expect(await isSameDocument(page), "the page was not reloaded").toBe(true);
    await page.reload();
    await waitForHydration(page);
    await mapSettled(page);
    await button(true).waitFor();
  });
});

/**
 * The map as a visitor first sees it on a desktop, one page for the checks that only look or that
 * leave the view as it was; the keyboard's zoom comes last, as it moves the map.
 */
describe("/markeder on a desktop, as first opened", () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await browser.newContext(DESKTOP);
    await watchHydration(context);
    page = await context.newPage();
    errors = collectErrors(page);
    await gotoHydrated(page, "/markeder");
    await waitForMarkers(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  test("has no axe violations with the map shown, in the light theme and then the dark", async () => {
    await expectNoAxeViolationsInBothThemes(page, "/markeder with the map", { dark: "device" });
  });

  test("gives loaded map tiles the alt text Kort-tile", async () => {
    await page.locator("img.leaflet-tile-loaded").first().waitFor();
    const alts = await page.locator("img.leaflet-tile").evaluateAll((images) => images.map((i) => i.getAttribute("alt")));
    expect(new Set(alts)).toEqual(new Set([t("map.tileAlt")]));
  });

  test("says in Danish when the visitor refuses to share the location", async () => {
    await page.getByRole("button", { name: t("map.nearMe") }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: t("markets.locationDenied") })
      .waitFor();
  });

  test("shows clusters for the whole country, named, none covering a pin, and lists them beside the map, one reachable by keyboard, without errors", async () => {
    expect(await page.locator(".lg-map-cluster").count()).toBeGreaterThan(3);

    const list = page.getByRole("region", { name: t("map.listHeading") });
    await expect(list.getByRole("status").textContent()).resolves.toMatch(/^[\d.]+ markeder i udsnittet$/);
    const shown = Number((await list.getByRole("status").textContent())!.replace(/\D/g, ""));
    expect(shown).toBeGreaterThan(1000);
    const clusterButtons = list.locator('[data-testid="map-list-clusters"] button');
    expect(await clusterButtons.count()).toBeGreaterThan(3);
    // Each names where it is, and one link skips them all to the list of every market.
    await expect(clusterButtons.first().textContent()).resolves.toMatch(/^[\d.]+ markeder omkring \p{Lu}[\p{L} .-]* – zoom ind$/u);
    expect(await list.getByRole("link", { name: t("map.skipClusters") }).getAttribute("href")).toBe("#alle-markeder");

    // No single market's pin lies under a cluster, where it could not be clicked.
    const covered = await page.evaluate(() => {
      const boxes = (selector: string) => [...document.querySelectorAll(selector)].map((element) => element.getBoundingClientRect());
      const clusters = boxes(".lg-map-cluster");
      return boxes(".lg-map-pin").filter((pin) => clusters.some((c) => pin.left < c.right && pin.right > c.left && pin.top < c.bottom && pin.bottom > c.top)).length;
    });
    expect(covered).toBe(0);

    // Keyboard: the first cluster in the list is reachable and zooms the map.
    const zooms = watchMarkerRequests(page);
    await clusterButtons.first().focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => zooms.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});

describe("/test/geolocation", () => {
  test("shows the position, its accuracy and the five nearest markets", async () => {
    const { page, context } = await newPage({ geolocation: { ...KOEBENHAVN, accuracy: 35 } });
    await context.grantPermissions(["geolocation"], { origin: baseUrl });
    // Its status and robots meta: tests/integration/map-page.test.ts.
    await gotoHydrated(page, "/test/geolocation");
    const reading = page.getByTestId("geolocation-reading");
    await reading.getByText("55.67610, 12.56830").waitFor();
    await reading.getByText("± 35 m").waitFor();
    const nearest = page.locator('[data-testid="nearest-markets"] > li');
    await nearest.first().waitFor();
    expect(await nearest.count()).toBe(5);
    const distances = (await nearest.allTextContents()).map((text) => Number(/([\d,]+) km væk/.exec(text)![1]!.replace(",", ".")));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  test("shows the browser's refusal as a Danish error", async () => {
    const { page } = await newPage();
    await gotoHydrated(page, "/test/geolocation");
    await page
      .getByRole("alert")
      .filter({ hasText: t("map.geolocation.denied") })
      .waitFor();
  });
});
