import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { axeViolations, DESKTOP, launchBrowser } from "../support/browser";
import { gotoHydrated, watchHydration } from "./helpers";

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
  const text = await target
    .getByRole("status")
    .filter({ hasText: /marked/ })
    .first()
    .innerText();
  return Number(text.replace(/\D/g, ""));
}

const cards = (target: Page) => target.locator("main article");

/*
 * /register in the browser: the filter form with JavaScript, and axe. What the server renders for
 * each address (the count and the pages, the region filter, Danish search, a bad date, an empty
 * result's links): tests/integration/register-page.test.ts.
 */
describe("/register, the market list", () => {
  test("the list has no accessibility violations, and a type filter changes the URL and the results", async () => {
    await gotoHydrated(page, "/register");
    expect(await axeViolations(page), "/register").toEqual([]);
    const all = await resultCount(page);
    await page.getByRole("checkbox", { name: "Antikmarked" }).check();
    await page.getByRole("button", { name: translation.markets.searchButton }).click();
    await page.waitForURL(/type=antikmarkeder/);
    await expect.poll(() => resultCount(page)).toBeLessThan(all);
    const labels = await cards(page).locator("p").first().allInnerTexts();
    expect(new Set(labels)).toEqual(new Set(["Antikmarked"]));
  });

  test("has no accessibility violations filtered, or with nothing found", async () => {
    for (const path of ["/register?omraade=aarhus&dato=weekend&sorter=dato", "/register?q=xyzzyqwertyzz"]) {
      await gotoHydrated(page, path);
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
});
