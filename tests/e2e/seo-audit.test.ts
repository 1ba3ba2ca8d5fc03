import { expect, inject, test } from "vitest";
import { auditSite } from "../../scripts/site-audit/crawler";
import { formatReport } from "../../scripts/site-audit/report";
import { informationPagePaths, landingPagePaths, sampleMarketPaths } from "../../scripts/site-audit/seeds";

const MARKET_SAMPLE = 200;

/**
 * The SEO audit over plain HTTP (no browser, so it stays fast): every landing page, every
 * information page and a fixed sample of market pages get every check; the pages they link to
 * are fetched for their status. `npm run audit` crawls the whole site the same way.
 */
test("landing pages, information pages and sampled market pages pass the SEO audit", { timeout: 120_000 }, async () => {
  const markets = sampleMarketPaths(inject("databaseFile"), MARKET_SAMPLE);
  expect(markets, "published markets in the demo data").toHaveLength(MARKET_SAMPLE);
  const pages = [...landingPagePaths(), ...informationPagePaths(), ...markets];

  const summary = await auditSite({ baseUrl: inject("baseUrl"), pages });
  const report = formatReport(summary);
  console.log(report);

  expect(summary.pagesChecked, "pages fetched and checked").toBe(pages.length);
  expect(summary.problems.length, `SEO problems:\n${report}`).toBe(0);
});
