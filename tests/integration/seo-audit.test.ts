import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { auditSite } from "../../scripts/site-audit/crawler";
import { formatReport } from "../../scripts/site-audit/report";
import { forumPaths, informationPagePaths, landingPagePaths, publishedMarketPaths, sampleMarketPaths } from "../../scripts/site-audit/seeds";
import { startSite, type Site } from "../support/site";

const MARKET_SAMPLE = 200;
/** Pages with forms that are in neither list, yet are shared and found like any other. */
const ACCOUNT_PAGES = ["/sign-in", "/sign-up"];

let site: Site;

beforeAll(async () => {
  site = await startSite({ demoData: true });
});

afterAll(async () => {
  await site?.close();
});

/**
 * The SEO audit over plain HTTP against the site with the demo data: every landing page, every
 * information page, the account pages and a fixed sample of market pages get every check (status
 * 200, title, description, one H1, canonical, link preview, unique titles and descriptions, …); the
 * pages they link to are fetched for their status (a published market's page is known to answer),
 * and each of these that /sitemap.xml lists must answer 200 and may be indexed. `npm run audit`
 * crawls the whole site the same way. This is the one place the page metadata is checked;
 * tests/e2e/every-page.ts checks what needs a browser.
 */
// About 580 pages rendered and read in this one process, where the site runs too: 85 to 105 s
// when other test runs share the machine's two cores, so more room than the suite's 30 s.
test("landing pages, information pages and sampled market pages pass the SEO audit", { timeout: 300_000 }, async () => {
  const databaseFile = fileURLToPath(site.database.url);
  const markets = sampleMarketPaths(databaseFile, MARKET_SAMPLE);
  expect(markets, "published markets in the demo data").toHaveLength(MARKET_SAMPLE);
  // Every market type on its own and in every location.
  expect(landingPagePaths(), "landing pages").toHaveLength(351);
  const forum = forumPaths(databaseFile);
  expect(forum.length, "the demo forum's categories and topics").toBeGreaterThan(30);
  const pages = [...landingPagePaths(), ...informationPagePaths(), ...ACCOUNT_PAGES, ...markets, ...forum];
  // The lists are read from the route table: a renamed route module must not drop a page unseen.
  expect(pages).toEqual(expect.arrayContaining(["/", "/markeder", "/kalender", "/register", "/community", "/faq", "/kontakt", "/cookies", "/sitemap"]));
  expect(pages).toEqual(expect.arrayContaining(["/artikler", "/artikler/baeredygtigt-genbrug", "/loppemarkeder-i-aarhus", "/antikmarkeder-paa-fyn"]));

  // The other market pages the audited pages link to are published markets of the database, whose
  // pages answer 200 (the sample above shows that they do): fetching 1,500 of them only for their
  // status took half the audit's time.
  const published = new Set(publishedMarketPaths(databaseFile).map((path) => new URL(path, site.url).href));
  const knownAnswer = (url: string) => (published.has(url) ? { status: 200, location: null } : null);
  const summary = await auditSite({ baseUrl: site.url, pages, knownAnswer });
  const report = formatReport(summary);
  console.log(report);

  expect(summary.pagesChecked, "pages fetched and checked").toBe(pages.length);
  // One expectation per page, so that a failure names the page and its problems (a page that does
  // not answer 200 among them).
  const problemsOf = (path: string) => summary.problems.filter((problem) => new URL(problem.url).pathname === path).map((problem) => problem.detail);
  for (const path of pages) expect(problemsOf(decodeURI(path)), path).toEqual([]);
  expect(summary.problems.length, `SEO problems:\n${report}`).toBe(0);
});
