import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { launchBrowser, PHONE } from "../support/browser";
import { baseUrl, consentCookies, expectNoSidewaysScrolling, url } from "./helpers";

/*
 * The front page's search in the browser: "Nær mig" asks for the position (a page without React:
 * app/progressive/filters.ts) and sends what, where and when with it. Without JavaScript the same
 * form sends an area and a date: tests/integration/market-page.test.ts; axe on the page in both
 * themes: the sweeps of every page (pages-light.test.ts, pages-dark.test.ts).
 */

const TEXTS = translation.pages.home;
const KOEBENHAVN = { latitude: 55.6761, longitude: 12.5683 };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("the front page's search", () => {
  test("on a phone, 'Nær mig' with this weekend lists the markets near the visitor, nearest and soonest first", async () => {
    const context = await browser.newContext({ ...PHONE, geolocation: KOEBENHAVN });
    try {
      await context.grantPermissions(["geolocation"], { origin: baseUrl });
      await context.addCookies(consentCookies());
      const page = await context.newPage();
      await page.goto(url("/"));
      await expectNoSidewaysScrolling(page, "/");
      const search = page.getByRole("search", { name: TEXTS.searchHeading });
      expect(await search.getByLabel(TEXTS.when).inputValue()).toBe("weekend");
      const nearMe = search.getByRole("button", { name: TEXTS.nearMe });
      await nearMe.waitFor({ state: "visible" });
      await nearMe.click();
      await page.waitForURL((address) => address.pathname === "/register" && address.searchParams.get("sorter") === "afstand");
      const address = new URL(page.url());
      expect(address.searchParams.get("dato")).toBe("weekend");
      expect(Number(address.searchParams.get("lat"))).toBeCloseTo(KOEBENHAVN.latitude, 3);
      // The first card says how far away it is: the list is near the visitor.
      await expect.poll(() => page.locator("main article").first().innerText()).toMatch(/km væk/);
    } finally {
      await context.close();
    }
  });

  test("on a desktop, the section 'Denne weekend' shows this weekend near the visitor once asked, in place on the page", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, geolocation: KOEBENHAVN });
    try {
      await context.grantPermissions(["geolocation"], { origin: baseUrl });
      await context.addCookies(consentCookies());
      const page = await context.newPage();
      await page.goto(url("/"));
      const place = page.getByRole("form", { name: TEXTS.weekendPlaceForm });
      const nearMe = place.getByRole("button", { name: TEXTS.nearMe });
      await nearMe.waitFor({ state: "visible" });
      await nearMe.click();
      await page.waitForURL((address) => address.pathname === "/" && address.searchParams.has("lat") && address.hash === "#weekend");
      await page.getByRole("heading", { level: 2, name: TEXTS.weekendHeadingNear }).waitFor();
      // The section is where the page stands, and its first card says how far away it is.
      expect(await page.getByRole("heading", { level: 2, name: TEXTS.weekendHeadingNear }).isVisible()).toBe(true);
      await expect.poll(() => page.locator("section[aria-labelledby=weekend] article").first().innerText()).toMatch(/km væk/);
    } finally {
      await context.close();
    }
  });
});
