import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { axeViolations, DESKTOP, launchBrowser } from "../support/browser";
import { gotoHydrated, url, watchHydration } from "./helpers";

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext(DESKTOP);
  await watchHydration(context);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

/** The number in "2.345 markeder". */
async function resultCount(target: Page): Promise<number> {
  const text = await target.getByRole("status").filter({ hasText: /marked/ }).first().innerText();
  return Number(text.replace(/\D/g, ""));
}

const cards = (target: Page) => target.locator("main article");

describe("/register, the market list", () => {
  test("lists the demo markets with a count and pages that work without JavaScript", async () => {
    const noJs = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    try {
      const plain = await noJs.newPage();
      const response = await plain.goto(url("/register"));
      expect(response?.status()).toBe(200);
      expect(await resultCount(plain)).toBeGreaterThanOrEqual(2100);
      expect(await cards(plain).count()).toBe(24);
      const firstOnPageOne = await cards(plain).first().getByRole("link").innerText();
      await plain.getByRole("link", { name: new RegExp(translation.markets.nextPage) }).click();
      expect(new URL(plain.url()).searchParams.get("side")).toBe("2");
      expect(await cards(plain).first().getByRole("link").innerText()).not.toBe(firstOnPageOne);
    } finally {
      await noJs.close();
    }
  });

  test("a type filter changes the URL and the results", async () => {
    await gotoHydrated(page, "/register");
    const all = await resultCount(page);
    await page.getByRole("checkbox", { name: "Antikmarked" }).check();
    await page.getByRole("button", { name: translation.markets.searchButton }).click();
    await page.waitForURL(/type=antikmarkeder/);
    await expect.poll(() => resultCount(page)).toBeLessThan(all);
    const labels = await cards(page).locator("p").first().allInnerTexts();
    expect(new Set(labels)).toEqual(new Set(["Antikmarked"]));
  });

  test("a region filter returns only markets inside its postal ranges", async () => {
    for (const [region, from, to] of [["fyn", 5000, 5999], ["bornholm", 3700, 3799], ["groenland", 3900, 3999]] as const) {
      await page.goto(url(`/register?omraade=${region}`));
      expect(await resultCount(page), region).toBeGreaterThan(0);
      const places = await cards(page).locator("p:nth-of-type(2)").allInnerTexts();
      for (const place of places) {
        const postalCode = Number(place.slice(0, 4));
        expect(postalCode, `${region}: ${place}`).toBeGreaterThanOrEqual(from);
        expect(postalCode, `${region}: ${place}`).toBeLessThanOrEqual(to);
      }
    }
  });

  test("search is Danish-aware: kobenhavn and københavn find the same markets", async () => {
    await page.goto(url("/register?q=kobenhavn"));
    const plain = await resultCount(page);
    await page.goto(url(`/register?q=${encodeURIComponent("københavn")}`));
    expect(plain).toBeGreaterThan(0);
    expect(await resultCount(page)).toBe(plain);
  });

  test("a bad date is explained at its field, and the page still answers 200", async () => {
    const response = await page.goto(url("/register?dato=periode&fra=31-12-2027"));
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator("#fejl-fra").innerText()).toMatch(/Ugyldig dato/);
    expect(await page.locator("#fra").getAttribute("aria-describedby")).toBe("fejl-fra");
  });

  test("an empty result suggests removing a filter, and the link does it", async () => {
    await gotoHydrated(page, "/register?q=xyzzyqwertyzz&type=antikmarkeder");
    await page.getByRole("heading", { name: translation.markets.noResultsHeading }).waitFor();
    await page.getByRole("link", { name: /Fjern “xyzzyqwertyzz”/ }).click();
    await page.waitForURL((target) => !target.searchParams.has("q"));
    expect(new URL(page.url()).searchParams.getAll("type")).toEqual(["antikmarkeder"]);
    // The URL changes as the navigation commits; the new count renders just after.
    await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
  });

  test("has no accessibility violations, filtered or not", async () => {
    for (const path of ["/register", "/register?omraade=aarhus&dato=weekend&sorter=dato", "/register?q=xyzzyqwertyzz"]) {
      await gotoHydrated(page, path);
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
});
