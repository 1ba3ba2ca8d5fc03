import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { marketCountHeadline } from "../../app/register/home.server";
import { MARKET_TYPE_INFO } from "../../app/markets/market-types";
import { setMarketStatus } from "../../app/markets/market-writes.server";
import { createTestMarket, type TestMarket } from "../support/factories";
import { formTarget, plainForm } from "../support/plain-forms";
import { startSite, type Site } from "../support/site";

/**
 * A market's page and the front page as the server sends them: what a visitor needs and the
 * structured data, pictures, a former or unknown address, a closed market, the section the header
 * marks, and the front page's count and search. What needs the browser (the first screen's layout,
 * axe): tests/e2e/market.test.ts and cards.test.ts.
 */

/** A 1×1 PNG, standing in for an uploaded picture. */
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

let site: Site;
let market: TestMarket;
let shop: TestMarket;

beforeAll(async () => {
  site = await startSite();
  market = await createTestMarket(site.database, { name: "Loppemarked på Torvet", street: "Torvet 1", entryFeeDkk: "20", setting: "outdoor" });
  const always: [string, string][] = [["00:00", "24:00"]];
  shop = await createTestMarket(site.database, {
    name: "Genbrug Døgnet Rundt",
    type: "thrift_store",
    schedules: [{ kind: "opening_hours", startDate: "2025-01-01", openingHours: { mon: always, tue: always, wed: always, thu: always, fri: always, sat: always, sun: always } }],
  });
  // The demo data's notice is in the footer while a demo market is published.
  await site.database.db.updateTable("markets").set({ source: "demo" }).where("id", "=", shop.id).execute();
});

afterAll(async () => {
  await site?.close();
});

/** The header's links marked as the current section; the phone's folded menu and the desktop's row hold the same. */
const currentSections = (html: { all(selector: string): { text: string }[] }) => new Set(html.all('header nav a[aria-current="page"]').map((link) => link.text.trim()));

describe("a market page", () => {
  test("shows everything a visitor needs, with structured data", async () => {
    const page = await site.get(`/markeder/${market.slug}`);
    expect(page.status).toBe(200);
    expect(page.html.h1s()).toEqual([market.name]);
    expect(page.html.all("h2").map((heading) => heading.text.trim())).toContain(translation.market.schedule);
    expect(page.html.link(translation.market.directions)).toMatch(/^https:\/\/www\.openstreetmap\.org\/directions\?to=/);
    expect(page.html.link(translation.market.addToCalendar)).toBe(`/markeder/${market.slug}.ics`);

    const events = page.html.structuredData().filter((item) => item["@type"] === "Event") as { location: { address: { postalCode: string } } }[];
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]!.location.address.postalCode).toMatch(/^\d{4}$/);
    expect(page.html.canonical).toBe(`${site.url}/markeder/${market.slug}`);
  });

  test("says when the market is next, and a shop's page says today's hours", async () => {
    const page = await site.get(`/markeder/${market.slug}`);
    const next = page.html.all("main p").find((element) => element.text.trim().startsWith(`${translation.markets.nextDate}:`));
    // A Sunday, with the market's hours.
    expect(next?.text.replace(/\s+/g, " ").trim()).toMatch(/^Næste gang: søn\. \d+\. .+ \d{4} kl\. 10–15$/);

    const shopPage = await site.get(`/markeder/${shop.slug}`);
    const today = shopPage.html.all("main p").find((element) => element.text.trim().startsWith(`${translation.market.today}:`));
    expect(today?.text.replace(/\s+/g, " ").trim()).toBe(`${translation.market.today}: 0–24`);
  });

  test("shows the market's pictures from the image store, with their alt text", async () => {
    const picture = await createTestMarket(site.database, { name: "Loppemarked med billede" });
    mkdirSync(path.join(site.storageDir, "test"), { recursive: true });
    writeFileSync(path.join(site.storageDir, "test", "bod.png"), PIXEL);
    await site.database.db
      .insertInto("market_images")
      .values({
        id: randomUUID(),
        market_id: picture.id,
        storage_key: "test/bod.png",
        width: 1,
        height: 1,
        alt: "Boder med gamle lamper",
        position: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    const page = await site.get(`/markeder/${picture.slug}`);
    // Once: the cover, after the name, the date and the address (their place on a screen: cards.test.ts).
    const images = page.html.all('img[alt="Boder med gamle lamper"]');
    expect(images).toHaveLength(1);
    const file = await site.get(images[0]!.getAttribute("src")!);
    expect(file.status).toBe(200);
    expect(file.body.equals(PIXEL)).toBe(true);
  });

  test("an unknown slug is a 404", async () => {
    expect((await site.get("/markeder/findes-slet-ikke-123")).status).toBe(404);
  });

  test("a former slug of a renamed market answers 301 to the current one", async () => {
    await site.database.db
      .insertInto("market_slug_history")
      .values({ slug: `gammelt-navn-${market.slug}`, market_id: market.id, created_at: new Date().toISOString() })
      .execute();
    const answer = await site.get(`/markeder/gammelt-navn-${market.slug}?fra=nyhedsbrev`);
    expect(answer.status).toBe(301);
    expect(answer.location).toBe(`/markeder/${market.slug}`);
  });

  test("a closed market stays reachable, says so, and is noindex with a canonical to its area", async () => {
    const closed = await createTestMarket(site.database, { name: "Loppemarked der lukkede" });
    await setMarketStatus(site.database.db, closed.id, "archived");
    const page = await site.get(`/markeder/${closed.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(translation.market.closedNote);
    expect(page.html.meta("robots")).toBe("noindex,follow");
    // Its type's landing page for the area it lay in, e.g. /loppemarkeder-i-aarhus.
    const typeSlug = MARKET_TYPE_INFO.find((type) => type.key === "flea_market")!.slug;
    expect(page.html.canonical).toMatch(new RegExp(`^${site.url}/${typeSlug}(-(i|paa)-[a-z-]+)?$`));
  });

  test("marks Markeder as its section in the header, where the map page marks Kort", async () => {
    const register = await site.get("/register");
    const link = register.html.one("main article a")?.getAttribute("href");
    expect(link).toMatch(/^\/markeder\/[a-z0-9-]+$/);
    expect(currentSections((await site.get(link!)).html)).toEqual(new Set([translation.nav.markets]));
    expect(currentSections((await site.get("/markeder")).html)).toEqual(new Set([translation.nav.map]));
  });
});

describe("the front page", () => {
  test("states the live count, offers search and this weekend's markets, and says the data is a demo", async () => {
    const published = await site.database.db.selectFrom("markets").select("id").where("status", "=", "published").execute();
    const page = await site.get("/");
    expect(page.status).toBe(200);
    expect(page.html.text("main")).toContain(marketCountHeadline(published.length));
    expect(page.html.all("h2").map((heading) => heading.text.trim())).toContain(translation.pages.home.weekendHeading);
    expect(page.html.text("footer")).toContain(translation.shell.demoData);

    // What, where and when in one step: the weekend is chosen already, an area is the visitor's choice.
    const form = plainForm(page.html, 'main form[role="search"]');
    const search = formTarget(form, translation.pages.home.find, { q: "loppemarked", omraade: "fyn" });
    const address = new URL(search, site.url);
    expect(address.pathname).toBe("/register");
    expect(Object.fromEntries([...address.searchParams].filter(([, value]) => value !== ""))).toEqual({ q: "loppemarked", omraade: "fyn", dato: "weekend" });
    const results = await site.get(search);
    expect(results.status).toBe(200);
    // Every result is on Funen (postal codes 5xxx) and open this weekend.
    const places = results.html
      .all("main article p")
      .map((line) => line.text.trim())
      .filter((text) => /^\d{4} /.test(text));
    for (const place of places) expect(place).toMatch(/^5\d{3} /);
    // The position's button is in the HTML for the script that can use it, hidden without one.
    expect(page.html.all('main form[role="search"] button[data-locate][hidden]')).toHaveLength(1);
  });
});
