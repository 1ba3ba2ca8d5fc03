import Database from "better-sqlite3";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser, PHONE } from "../support/browser";
import { gotoHydrated, url, watchHydration } from "./helpers";

/**
 * A market page in a phone's browser. What the server sends (content, structured data, pictures,
 * redirects, a closed market, the front page's search): tests/integration/market-page.test.ts;
 * "Gem" for a visitor: saved-pages.test.ts; the first screen's layout: cards.test.ts.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A published flea market of the demo data with openings ahead. */
function fleaMarketSlug(): string {
  const db = new Database(inject("databaseFile"), { readonly: true });
  try {
    const row = db
      .prepare(
        `select m.slug from markets m
         where m.status = 'published' and m.type = 'flea_market'
           and exists (select 1 from market_occurrences o where o.market_id = m.id)
         order by m.slug limit 1`,
      )
      .get() as { slug: string };
    return row.slug;
  } finally {
    db.close();
  }
}

describe("a market page", () => {
  test("has no accessibility violations and no errors on a phone", async () => {
    const context = await browser.newContext(PHONE);
    try {
      await watchHydration(context);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await gotoHydrated(page, `/markeder/${fleaMarketSlug()}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("on a desktop the facts beside the text give each value the column's width: the address on at most two lines", async () => {
    const context = await browser.newContext(DESKTOP);
    try {
      const page = await context.newPage();
      await page.goto(url(`/markeder/${fleaMarketSlug()}`));
      const facts = await page.locator("aside dl > div").evaluateAll((rows) =>
        rows.map((row) => {
          const [label, value] = [row.querySelector("dt")!, row.querySelector("dd")!];
          const lineHeight = parseFloat(getComputedStyle(value).lineHeight);
          return {
            label: label.textContent,
            lines: Math.round(value.getBoundingClientRect().height / lineHeight),
            valueWidth: value.getBoundingClientRect().width,
            rowWidth: row.getBoundingClientRect().width,
          };
        }),
      );
      expect(facts.length).toBeGreaterThan(2);
      // Each value has the row's whole width, not what a label column beside it leaves.
      for (const fact of facts) expect(fact.valueWidth, fact.label ?? "").toBeGreaterThan(fact.rowWidth - 2);
      expect(facts[0]!.lines).toBeLessThanOrEqual(2);
    } finally {
      await context.close();
    }
  });
});
