import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { launchBrowser, PHONE } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { baseUrl, consentCookies, gotoHydrated, url, watchHydration } from "./helpers";

/**
 * The lists put their results first (issue 14): on a phone and on a desktop, for a visitor who has
 * made the cookie choice, the first market card (the month on /kalender, the map on /markeder)
 * starts in the upper three quarters of the first screen. The filters fold on a phone and sit beside
 * the results on a desktop, and with JavaScript a new sort order shows at once. What the server sends (the button's count, the chips' links, the forms without
 * JavaScript) is checked at request level: tests/integration/market-list-filters.test.ts.
 */

const texts = translation.markets;
const SCREENS: [string, BrowserContextOptions][] = [
  ["phone", { ...PHONE, viewport: { width: 390, height: 844 } }],
  ["desktop", { viewport: { width: 1280, height: 900 } }],
];

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

async function newPage(options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  await context.addCookies(consentCookies());
  if (options.javaScriptEnabled !== false) await watchHydration(context);
  return context.newPage();
}

/** How far down the first screen an element starts, in pixels from the top of the window. */
async function topOf(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not shown on ${page.url()}`);
  return box.y;
}

const filterButton = (page: Page) => page.locator("details[data-filter-panel] > summary");
const chips = (page: Page) => page.getByRole("list", { name: texts.chips.label });

describe.each(SCREENS)("on a %s", (_name, screen) => {
  const height = screen.viewport!.height;

  test("the first result starts in the upper three quarters of the screen on the register, landing pages, the calendar and the map", async () => {
    const page = await newPage(screen);
    for (const [path, first] of [
      ["/register", "main article"],
      ["/register?type=loppemarkeder&type=antikmarkeder&omraade=aarhus&dato=7-dage&gratis=1", "main article"],
      ["/loppemarkeder-i-koebenhavn", "main article"],
      ["/loppemarkeder", "main article"],
      ["/kalender", "main table"],
      ["/markeder", '[data-testid="market-map"]'],
    ] as const) {
      await gotoHydrated(page, path);
      expect(await page.locator("[data-cookie-banner]").count(), "the cookie banner is not shown").toBe(0);
      const top = await topOf(page, first);
      expect(top, `${path}: the first result starts ${Math.round(top)} px down a ${height} px screen`).toBeLessThan(height * 0.75);
    }
  });

  // What the button counts and the panel holds is in the server's HTML: tests/integration/market-list-filters.test.ts.
  test("the filters sit behind a Filtrér button, folded on a phone and beside the results on a desktop", async () => {
    const page = await newPage(screen);
    await gotoHydrated(page, "/register?q=marked&type=loppemarkeder&omraade=aarhus&sorter=navn");
    const region = page.getByLabel(texts.regionLabel, { exact: true });
    if (screen.isMobile) {
      expect(await region.isVisible()).toBe(false);
      await filterButton(page).click();
    }
    expect(await region.isVisible()).toBe(true);
    if (!screen.isMobile) {
      // Beside the results: the sidebar's right edge lies left of the first card.
      const sidebar = (await page.locator("details[data-filter-panel]").boundingBox())!;
      expect(sidebar.x + sidebar.width).toBeLessThanOrEqual((await page.locator("main article").first().boundingBox())!.x);
    }
  });
});

// The register runs React; a landing page runs without it (decision 0022).
test.each([
  ["/register?type=antikmarkeder", "type", "antikmarkeder"],
  ["/loppemarkeder-i-koebenhavn?gratis=1", "gratis", "1"],
])("with JavaScript a new sort order shows at once, and keeps the filters: %s", async (path, kept, value) => {
  const page = await newPage(SCREENS[0]![1]);
  await gotoHydrated(page, path);
  await page.getByLabel(texts.sortLabel).selectOption("navn");
  await page.waitForURL((address) => address.searchParams.get("sorter") === "navn");
  expect(new URL(page.url()).searchParams.getAll(kept)).toEqual([value]);
});

test("a phone's open filter panel has no axe violations in either theme", async () => {
  const page = await newPage(SCREENS[0]![1]);
  for (const path of ["/register?type=loppemarkeder&dato=periode&fra=2027-06-01", "/kalender?omraade=fyn", "/loppemarkeder-i-koebenhavn?gratis=1"]) {
    await gotoHydrated(page, path);
    await filterButton(page).click();
    expect(await page.locator("details[data-filter-panel]").getAttribute("open"), path).not.toBeNull();
    // The page around the panel is checked in both themes by every-page.ts.
    await expectNoAxeViolationsInBothThemes(page, path, { within: "details[data-filter-panel]", dark: "device" });
  }
});

// What the forms send without JavaScript, and the chips' links: tests/integration/market-list-filters.test.ts.
describe("without JavaScript", () => {
  test("the sidebar is open on a desktop, and the panel opens on a phone", async () => {
    const desktop = await newPage({ ...SCREENS[1]![1], javaScriptEnabled: false });
    await desktop.goto(url("/register"));
    expect(await desktop.getByLabel(texts.regionLabel, { exact: true }).isVisible()).toBe(true);
    expect(await topOf(desktop, "main article")).toBeLessThan(900 * 0.75);

    const phone = await newPage({ ...SCREENS[0]![1], javaScriptEnabled: false });
    await phone.goto(url("/register"));
    const region = phone.getByLabel(texts.regionLabel, { exact: true });
    expect(await region.isVisible()).toBe(false);
    await filterButton(phone).click();
    expect(await region.isVisible()).toBe(true);
    expect(await phone.getByRole("button", { name: texts.applyFilters }).isVisible()).toBe(true);
  });
});

// The chips of the active filters are plain links on every page: tests/integration/market-list-filters.test.ts.

describe("Brug min placering", () => {
  // The phone's folded panel on the register, the desktop's sidebar on a landing page.
  test.each([
    ["phone", "/register", SCREENS[0]![1]],
    ["desktop", "/loppemarkeder-i-koebenhavn", SCREENS[1]![1]],
  ] as const)("sorts by distance from the visitor on a %s, on %s", async (_name, path, screen) => {
    const page = await newPage({ ...screen, geolocation: { latitude: 55.6761, longitude: 12.5683 } });
    await page.context().grantPermissions(["geolocation"], { origin: baseUrl });
    await gotoHydrated(page, path);
    if (screen.isMobile) await filterButton(page).click();
    await page.getByRole("button", { name: texts.useLocation }).click();
    await page.waitForURL((address) => address.searchParams.get("sorter") === "afstand" && address.searchParams.has("lat"));
    await chips(page)
      .getByRole("link", { name: texts.removeFilter.replace("{{filter}}", texts.chips.position) })
      .waitFor();
    expect(await page.locator("main article").first().innerText()).toMatch(/km væk/);
  });

  test("says so when the visitor refuses", async () => {
    const page = await newPage(SCREENS[1]![1]);
    await gotoHydrated(page, "/loppemarkeder-i-koebenhavn");
    await page.getByRole("button", { name: texts.useLocation }).click();
    await page.getByRole("alert").filter({ hasText: texts.locationDenied }).waitFor();
    expect(new URL(page.url()).searchParams.has("lat")).toBe(false);
  });
});
