import { afterAll, beforeAll, expect, test } from "vitest";
import { flashCookie } from "../../app/http/flash.server";
import { createTestMarket, type TestMarket } from "../support/factories";
import { startSite, type Site } from "../support/site";

/**
 * Pages that do not hydrate (decision 0022) as the server sends them: the home page, the landing
 * pages, the market pages and the map carry one small script of their own instead of React, and
 * no inline script, so their policy needs no hash. That they load only that script (and what it
 * imports on demand, such as the map) and keep working: tests/e2e/static-pages.test.ts,
 * tests/e2e/every-page.ts and tests/e2e/map.test.ts.
 */

let site: Site;
let market: TestMarket;

beforeAll(async () => {
  site = await startSite();
  market = await createTestMarket(site.database, { name: "Loppemarked på Torvet" });
});

afterAll(async () => {
  await site?.close();
});

test.each(["/", "/loppemarkeder-i-koebenhavn", "a market page", "/markeder"])("%s is sent with one script of its own and no React", async (name) => {
  const page = await site.get(name === "a market page" ? `/markeder/${market.slug}` : name);
  expect(page.status).toBe(200);
  // Structured data is a script element too, but nothing a browser runs.
  const scripts = page.html.all("script").filter((script) => script.getAttribute("type") !== "application/ld+json");
  expect(scripts.map((script) => script.getAttribute("src"))).toEqual([expect.stringMatching(/^\/assets\/progressive-[\w-]+\.js$/)]);
  expect(page.text).not.toContain("modulepreload");
  expect(page.text).not.toContain("__reactRouterContext");
  // No inline script at all, so the policy needs no hash.
  expect(page.headers.get("content-security-policy")).not.toContain("sha256-");
});

test("a flash message is in the server's HTML of a page without React", async () => {
  const flash = flashCookie({ title: "Gemt", variant: "success" }, false).split(";")[0]!;
  const page = await site.get(`/markeder/${market.slug}`, { cookies: flash });
  expect(page.html.toasts()).toEqual([{ title: "Gemt", description: null }]);
});
