import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { MARKET_TYPE_INFO } from "../../app/markets/market-types";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser, PHONE } from "../support/browser";
import { gotoHydrated, url, watchHydration } from "./helpers";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

interface MarketRow {
  id: string;
  slug: string;
  name: string;
  type: string;
}

/** The running server's database, to find markets and arrange what no page can create yet. */
function withDatabase<T>(use: (db: Database.Database) => T): T {
  const db = new Database(inject("databaseFile"));
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** Tells the server that public data changed, as every write does, so its page cache empties. */
function bumpCacheGeneration(db: Database.Database) {
  db.prepare(
    `insert into site_state (key, value, updated_at) values ('page-cache-generation', '1', ?)
     on conflict (key) do update set value = cast(cast(value as integer) + 1 as text), updated_at = excluded.updated_at`,
  ).run(new Date().toISOString());
}

const flea = () =>
  withDatabase((db) =>
    db
      .prepare(
        `select m.id, m.slug, m.name, m.type from markets m
         where m.status = 'published' and m.type = 'flea_market'
           and exists (select 1 from market_occurrences o where o.market_id = m.id)
         order by m.slug limit 1`,
      )
      .get() as MarketRow,
  );

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext(PHONE);
  await watchHydration(context);
  page = await context.newPage();
  errors = collectPageErrors(page);
});

afterAll(async () => {
  await browser?.close();
});

describe("a market page", () => {
  test("shows everything a visitor needs, with structured data and no errors", async () => {
    const market = flea();
    const response = await gotoHydrated(page, `/markeder/${market.slug}`);
    expect(response.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(market.name);
    await page.getByRole("heading", { name: translation.market.schedule }).waitFor();
    expect(await page.getByRole("link", { name: translation.market.directions }).getAttribute("href")).toMatch(/^https:\/\/www\.openstreetmap\.org\/directions\?to=/);
    expect(await page.getByRole("link", { name: translation.market.addToCalendar }).getAttribute("href")).toBe(`/markeder/${market.slug}.ics`);

    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    const events = JSON.parse(jsonLd!) as { "@type": string; location: { address: { postalCode: string } }; eventStatus: string }[];
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]!["@type"]).toBe("Event");
    expect(events[0]!.location.address.postalCode).toMatch(/^\d{4}$/);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(url(`/markeder/${market.slug}`));
    expect(errors).toEqual([]);
  });

  test("the save button asks a visitor to sign in, with the save waiting in next", async () => {
    const market = flea();
    await gotoHydrated(page, `/markeder/${market.slug}`);
    await page.getByRole("button", { name: `${translation.saved.button.save} ${market.name}`, exact: true }).click();
    await page.waitForURL(/\/sign-in\?next=/);
    const next = new URL(new URL(page.url()).searchParams.get("next")!, "http://x");
    expect(next.pathname).toMatch(/^\/gem\/[0-9a-f-]{36}$/);
    expect(next.searchParams.get("tilbage")).toMatch(new RegExp(`^/markeder/${market.slug}#gem-`));
  });

  test("shows the market's images from the image store, with their alt text", async () => {
    const market = flea();
    const storage = path.join(path.dirname(inject("databaseFile")), "uploads", "test");
    mkdirSync(storage, { recursive: true });
    // A 1×1 PNG stands in for an uploaded picture.
    writeFileSync(path.join(storage, "bod.png"), Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"));
    withDatabase((db) => {
      db.prepare("insert into market_images (id, market_id, storage_key, width, height, alt, position, created_at) values (?, ?, ?, 1, 1, ?, 0, ?)").run(
        randomUUID(),
        market.id,
        "test/bod.png",
        "Boder med gamle lamper",
        new Date().toISOString(),
      );
      bumpCacheGeneration(db);
    });
    await expect.poll(async () => (await context.request.get(url(`/markeder/${market.slug}`))).text(), { timeout: 5000 }).toContain("Boder med gamle lamper");
    await gotoHydrated(page, `/markeder/${market.slug}`);
    const image = page.getByRole("img", { name: "Boder med gamle lamper" });
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);
  });

  test("has no accessibility violations", async () => {
    await gotoHydrated(page, `/markeder/${flea().slug}`);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("an unknown slug is a 404", async () => {
    const response = await page.goto(url("/markeder/findes-slet-ikke-123"));
    expect(response?.status()).toBe(404);
  });

  test("a former slug of a renamed market answers 301 to the current one", async () => {
    const market = flea();
    withDatabase((db) =>
      db.prepare("insert into market_slug_history (slug, market_id, created_at) values (?, ?, ?)").run(`gammelt-navn-${market.slug}`, market.id, new Date().toISOString()),
    );
    const response = await context.request.get(url(`/markeder/gammelt-navn-${market.slug}?fra=nyhedsbrev`), { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`/markeder/${market.slug}`);
  });

  test("a closed market stays reachable, says so, and is noindex with a canonical to its area", async () => {
    const market = withDatabase(
      (db) => db.prepare("select id, slug, name, type from markets where status = 'published' order by slug desc limit 1").get() as MarketRow,
    );
    withDatabase((db) => {
      db.prepare("update markets set status = 'archived' where id = ?").run(market.id);
      bumpCacheGeneration(db);
    });
    try {
      await expect
        .poll(async () => (await context.request.get(url(`/markeder/${market.slug}`))).text(), { timeout: 5000 })
        .toContain(translation.market.closedNote);
      const response = await page.goto(url(`/markeder/${market.slug}`));
      expect(response?.status()).toBe(200);
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex,follow");
      // Its type's landing page for the area it lay in, e.g. /loppemarkeder-i-aarhus.
      const typeSlug = MARKET_TYPE_INFO.find((type) => type.key === market.type)!.slug;
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(new RegExp(`^${url("/")}${typeSlug}(-(i|paa)-[a-z-]+)?$`));
    } finally {
      withDatabase((db) => {
        db.prepare("update markets set status = 'published' where id = ?").run(market.id);
        bumpCacheGeneration(db);
      });
    }
  });
});

describe("the front page", () => {
  test("states the live count, offers search and this weekend's markets", async () => {
    const count = withDatabase((db) => (db.prepare("select count(*) as n from markets where status = 'published'").get() as { n: number }).n);
    const desktop = await browser.newContext(DESKTOP);
    try {
      const front = await desktop.newPage();
      await front.goto(url("/"));
      const body = await front.locator("main").innerText();
      if (count > 2000) expect(body).toContain("Over 2.000 markeder");
      await front.getByRole("heading", { name: translation.pages.home.weekendHeading }).waitFor();
      await front.getByRole("searchbox").first().fill("loppemarked");
      await front.getByRole("searchbox").first().press("Enter");
      await front.waitForURL(/\/register\?q=loppemarked/);
      expect(await front.locator("main article").count()).toBeGreaterThan(0);
      expect(await front.locator("footer").innerText()).toContain(translation.shell.demoData);
    } finally {
      await desktop.close();
    }
  });
});
