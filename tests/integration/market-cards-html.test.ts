import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { HTMLElement } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { createTestMarket, type TestMarket } from "../support/factories";
import type { Html } from "../support/html";
import { startSite, type Site } from "../support/site";

/**
 * The market cards as the server sends them: the type's drawing or the market's own picture, and
 * the badges that hold ("Åbent nu", "Gratis", "Indendørs"). Their 2:1 shape on a phone and a
 * desktop, the picture shown, and "Åbent nu" going at closing time: tests/e2e/cards.test.ts.
 * Which cover and which badges a market gets, per database: market-cards.test.ts.
 */

/** A 1×1 PNG, standing in for an uploaded picture. */
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const COVER_ALT = "Boder med lamper";

let site: Site;
let shop: TestMarket;
let market: TestMarket;

beforeAll(async () => {
  site = await startSite();
  const always: [string, string][] = [["00:00", "24:00"]];
  // Open every hour of every day, free and indoors: all three badges, whenever the test runs.
  shop = await createTestMarket(site.database, {
    name: "Genbrug Kortet",
    type: "thrift_store",
    entryFeeDkk: "0",
    setting: "indoor",
    schedules: [{ kind: "opening_hours", startDate: "2025-01-01", openingHours: { mon: always, tue: always, wed: always, thu: always, fri: always, sat: always, sun: always } }],
  });
  // A weekly Sunday market in København with an entry fee, outdoors, and a picture of its own.
  market = await createTestMarket(site.database, {
    name: "Loppemarked Kortet",
    entryFeeDkk: "20",
    setting: "outdoor",
    postalCode: "2200",
    city: "København N",
    latitude: "55,69",
    longitude: "12,55",
  });
  mkdirSync(path.join(site.storageDir, "test"), { recursive: true });
  writeFileSync(path.join(site.storageDir, "test", "kort.png"), PIXEL);
  await site.database.db
    .insertInto("market_images")
    .values({ id: randomUUID(), market_id: market.id, storage_key: "test/kort.png", width: 1200, height: 800, alt: COVER_ALT, position: 0, created_at: new Date().toISOString() })
    .execute();
  // A second market in København, with no picture.
  await createTestMarket(site.database, { name: "Loppemarked uden billede", postalCode: "2300", city: "København S", latitude: "55,66", longitude: "12,6" });
});

afterAll(async () => {
  await site?.close();
});

/** The card of a market in a list, found by its heading's link. */
function cardOf(html: Html, name: string): HTMLElement {
  const card = html.all("main article").find((article) => article.querySelectorAll("a").some((link) => link.text.trim() === name));
  if (!card) throw new Error(`No card for ${name}`);
  return card;
}

/** The drawings of a card, not counting the icons of its "Gem" form. */
const drawingsOf = (card: HTMLElement) => card.querySelectorAll('svg[aria-hidden="true"]').filter((svg) => !svg.closest("form"));
const badgesOf = (card: HTMLElement) => card.querySelectorAll("li").map((badge) => badge.text.trim());

describe("market cards", () => {
  test("show the type's drawing or the market's own picture, and the badges that hold", async () => {
    const page = await site.get("/register?q=kortet");
    expect(page.status).toBe(200);
    const shopCard = cardOf(page.html, shop.name);
    expect(drawingsOf(shopCard)).toHaveLength(1);
    expect(badgesOf(shopCard)).toEqual([translation.markets.openNow, translation.markets.free, translation.markets.indoor]);

    const marketCard = cardOf(page.html, market.name);
    const cover = marketCard.querySelectorAll("img").filter((image) => image.getAttribute("alt") === COVER_ALT);
    expect(cover).toHaveLength(1);
    expect(cover[0]!.getAttribute("loading")).toBe("lazy");
    expect(drawingsOf(marketCard)).toHaveLength(0);
    // Closed on a weekday, with a fee, outdoors: no badge at all. (On a Sunday it may be open.)
    expect(badgesOf(marketCard).filter((badge) => badge !== translation.markets.openNow)).toEqual([]);
    const file = await site.get(cover[0]!.getAttribute("src")!);
    expect(file.status).toBe(200);
    expect(file.body.equals(PIXEL)).toBe(true);
  });

  test("on a landing page every card has its picture box, drawn or photographed", async () => {
    const page = await site.get("/loppemarkeder-i-koebenhavn");
    expect(page.status).toBe(200);
    const cards = page.html.all("main article");
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      const pictures = card.querySelectorAll('img, svg[aria-hidden="true"]').filter((element) => !element.closest("form"));
      expect(pictures).toHaveLength(1);
    }
  });
});
