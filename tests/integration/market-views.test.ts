import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { todayInDenmark } from "../../app/lib/dates";
import { marketViews } from "../../app/markets/views/market-views.server";
import { createTestMarket, type TestMarket } from "../support/factories";
import { startSite, type Site } from "../support/site";

const { kind } = inject("testDatabase");

/**
 * A market page's views, counted by the server (app/markets/views/, decision 0024): the views a
 * person gets, also from the page cache, and none for crawlers, prefetches, other methods or
 * pages that do not answer 200. Nothing is set on the visitor.
 */
describe(`market page views on ${kind}`, () => {
  let site: Site;
  let market: TestMarket;
  let other: TestMarket;

  beforeAll(async () => {
    // The page cache on, as in production, so that the second view is answered from memory.
    site = await startSite({ env: { PAGE_CACHE_MB: "8" } });
    market = await createTestMarket(site.database, { name: "Visningsmarked" });
    other = await createTestMarket(site.database, { name: "Andet visningsmarked" });
  });

  afterAll(async () => {
    await site?.close();
  });

  /** A phone's browser: the harness's own client calls itself "node", which counts as a crawler. */
  const person = {
    headers: { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1" },
  };
  const views = async () => marketViews(site.database.db, [market.id, other.id], todayInDenmark(), todayInDenmark());

  test("counts each page a person is shown, also from the page cache, and sets no cookie", async () => {
    await site.flushMarketViews();
    const first = await site.get(`/markeder/${market.slug}`, person);
    const second = await site.get(`/markeder/${market.slug}?fra=forsiden`, person);
    const third = await site.get(`/markeder/${market.slug}`, person);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(third.headers.get("x-page-cache")).toBe("hit");
    expect(first.setCookies).toEqual([]);
    await site.get(`/markeder/${other.slug}`, person);

    expect(await site.flushMarketViews()).toBe(4);
    expect(await views()).toEqual(
      new Map([
        [market.id, 3],
        [other.id, 1],
      ]),
    );
    // Written once: the next flush has nothing new, and the counts stay.
    expect(await site.flushMarketViews()).toBe(0);
    expect((await views()).get(market.id)).toBe(3);
  });

  test("leaves out crawlers, prefetches, HEAD, the calendar file and pages that are not found", async () => {
    await site.flushMarketViews();
    await site.get(`/markeder/${market.slug}`, { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } });
    await site.get(`/markeder/${market.slug}`, { headers: { ...person.headers, "Sec-Purpose": "prefetch" } });
    await site.request("HEAD", `/markeder/${market.slug}`, person);
    await site.get(`/markeder/${market.slug}.ics`, person);
    expect((await site.get("/markeder/findes-ikke-123", person)).status).toBe(404);
    expect(await site.flushMarketViews()).toBe(0);
  });
});
