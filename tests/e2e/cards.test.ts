import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { launchBrowser, PHONE } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { browserSite, createTestMarket, withServerDatabase, type TestMarket } from "../support/factories";
import { consentCookies, gotoHydrated, watchHydration } from "./helpers";

const SCREENS: [name: string, options: BrowserContextOptions][] = [
  ["phone", PHONE],
  ["desktop", { viewport: { width: 1280, height: 900 } }],
];

let browser: Browser;
/** Letters only, so the search finds both markets by this one word. */
const word = `kort${Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;
const coverAlt = `Boder med lamper ${word}`;
let shop: TestMarket;
let market: TestMarket;

beforeAll(async () => {
  browser = await launchBrowser();
  const site = await browserSite();
  const always: [string, string][] = [["00:00", "24:00"]];
  // Open every hour of every day, free and indoors: all three badges, whenever the test runs.
  shop = await createTestMarket(site.database, {
    name: `Genbrug ${word}`,
    type: "thrift_store",
    entryFeeDkk: "0",
    setting: "indoor",
    schedules: [
      {
        kind: "opening_hours",
        startDate: "2025-01-01",
        openingHours: { mon: always, tue: always, wed: always, thu: always, fri: always, sat: always, sun: always },
      },
    ],
  });
  // A weekly Sunday market with an entry fee, outdoors, and a picture of its own.
  market = await createTestMarket(site.database, { name: `Loppemarked ${word}`, entryFeeDkk: "20", setting: "outdoor", street: "Torvet 1" });
  const folder = path.join(path.dirname(inject("databaseFile")), "uploads", "test");
  mkdirSync(folder, { recursive: true });
  // A 1×1 PNG stands in for an uploaded picture; no page has shown either market yet, so nothing is cached.
  writeFileSync(path.join(folder, `${word}.png`), Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"));
  withServerDatabase((db) =>
    db
      .prepare("insert into market_images (id, market_id, storage_key, width, height, alt, position, created_at) values (?, ?, ?, 1200, 800, ?, 0, ?)")
      .run(randomUUID(), market.id, `test/${word}.png`, coverAlt, new Date().toISOString()),
  );
});

afterAll(async () => {
  await browser?.close();
});

async function openPage(options: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  await context.addCookies(consentCookies());
  await watchHydration(context);
  return { context, page: await context.newPage() };
}

/** The card of a market in a list, found by its heading's link. */
const cardOf = (page: Page, name: string) => page.locator("main article", { has: page.getByRole("link", { name, exact: true }) });

/** A photo on top of a card keeps its 2:1 shape. */
async function expectTwoToOne(box: Locator) {
  const size = (await box.boundingBox())!;
  expect(Math.abs(size.width / size.height - 2)).toBeLessThan(0.05);
}

/** A card without a photo shows its type's drawing as a small square beside the text, not a photo-sized placeholder. */
async function expectSmallSquare(box: Locator) {
  const size = (await box.boundingBox())!;
  expect(Math.abs(size.width - size.height)).toBeLessThan(1);
  expect(size.width).toBeLessThanOrEqual(64);
}

const drawingOf = (card: Locator) => card.locator('svg[aria-hidden="true"]:not(form svg)').locator("visible=true").locator("..");

describe.each(SCREENS)("market cards on a %s", (_, options) => {
  // Which drawing, picture and badges a card holds is in the server's HTML: tests/integration/market-cards-html.test.ts.
  test("show the market's own picture 2:1 on top, and a card without one compact, with its drawing small beside the text", async () => {
    const { context, page } = await openPage(options);
    try {
      await gotoHydrated(page, `/register?q=${word}`);
      await expectSmallSquare(drawingOf(cardOf(page, shop.name)));
      const cover = cardOf(page, market.name).getByRole("img", { name: coverAlt });
      await expectTwoToOne(cover);
      await cover.scrollIntoViewIfNeeded();
      await expect.poll(() => cover.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1);
    } finally {
      await context.close();
    }
  });

  test("four results fit one screen of a phone", async () => {
    const { context, page } = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await gotoHydrated(page, "/register?q=aarhus");
      const cards = await page.locator("main article").evaluateAll((articles) => articles.slice(0, 4).map((article) => article.getBoundingClientRect()));
      expect(cards).toHaveLength(4);
      expect(cards[3]!.bottom - cards[0]!.top).toBeLessThanOrEqual(844);
    } finally {
      await context.close();
    }
  });

  test("on a landing page the cards without a photo are compact", async () => {
    const { context, page } = await openPage(options);
    try {
      await gotoHydrated(page, "/loppemarkeder-i-koebenhavn");
      await expectSmallSquare(drawingOf(page.locator("main article").first()));
    } finally {
      await context.close();
    }
  });

  // The next date's text and the cover after them: tests/integration/market-page.test.ts.
  test("a market page's first screen holds its name, when it is next, where, and the four actions", async () => {
    const { context, page } = await openPage(options);
    try {
      await gotoHydrated(page, `/markeder/${market.slug}`);
      const height = options.viewport!.height;
      const main = page.getByRole("main");
      const firstScreen = [
        main.getByRole("heading", { level: 1, name: market.name }),
        main.getByText(`${translation.markets.nextDate}:`, { exact: false }).first(),
        main.getByText("Torvet 1, 8000 Aarhus C").first(),
        main.getByRole("button", { name: `${translation.saved.button.save} ${market.name}`, exact: true }),
        main.getByRole("link", { name: translation.market.directions }),
        main.getByRole("link", { name: translation.market.addToCalendar }),
        main.getByRole("link", { name: translation.market.share, exact: true }),
      ];
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      for (const element of firstScreen) {
        const box = await element.boundingBox();
        expect(box, await element.evaluate((node) => node.outerHTML.slice(0, 80))).not.toBeNull();
        expect(box!.y + box!.height, await element.innerText()).toBeLessThanOrEqual(height);
      }
    } finally {
      await context.close();
    }
  });
});

// The register runs React; the thrift stores' landing page runs without (decision 0022).
test.each([
  ["/register", "with React"],
  ["/genbrugsbutikker", "without React"],
])('a page kept since the market was open loses its "Åbent nu" once the market closes: %s, %s', async (path) => {
  const { context, page } = await openPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.clock.install();
    await gotoHydrated(page, `${path}?q=${word}`);
    const badge = cardOf(page, shop.name).getByRole("listitem").filter({ hasText: translation.markets.openNow });
    expect(await badge.count()).toBe(1);
    // The shop is open until midnight (then open again, but this page cannot know that).
    await page.clock.fastForward("24:00:00");
    await expect.poll(() => badge.count()).toBe(0);
    expect(await cardOf(page, shop.name).getByRole("listitem").allInnerTexts()).toEqual([translation.markets.free, translation.markets.indoor]);
  } finally {
    await context.close();
  }
});

test("the badges and drawings pass axe, contrast included, in the light theme and then the dark", async () => {
  const { context, page } = await openPage({ viewport: { width: 1280, height: 900 } });
  try {
    await gotoHydrated(page, `/register?q=${word}`);
    expect(await cardOf(page, shop.name).getByRole("listitem").count()).toBe(3);
    // The cards and their badges; the rest of the page is checked in both themes by every-page.ts.
    await expectNoAxeViolationsInBothThemes(page, "the cards", { within: "main ul:has(article)", dark: "device" });
  } finally {
    await context.close();
  }
});

// The hours' text: tests/integration/market-page.test.ts.
test("a shop's page says today's hours within a phone's first screen", async () => {
  const { context, page } = await openPage(PHONE);
  try {
    await gotoHydrated(page, `/markeder/${shop.slug}`);
    const today = page.getByRole("main").getByText(`${translation.market.today}:`).locator("..");
    const box = (await today.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
  } finally {
    await context.close();
  }
});
