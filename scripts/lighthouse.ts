import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { resolveLandingPath } from "../app/landing/paths";
import { startBuiltServer, type StartedServer } from "./built-server";
import type { Problem } from "./site-audit/checks";
import { readSitemap } from "./site-audit/crawler";

/**
 * `npm run lighthouse`: Lighthouse (its default mobile run with simulated throttling) on the
 * front page, /loppemarkeder-i-koebenhavn and, found in /sitemap.xml, one market page, against
 * the built server on demo data. Each page runs three times; prints the median of each category
 * score per page, the metrics behind a performance below 100, and every SEO audit that does not
 * pass; exits with 1 when a page's median SEO score is below 100.
 *
 *   npm run lighthouse -- --url https://loppeguiden.dk          a running site instead
 *   npm run lighthouse -- --pages /,/loppemarkeder-i-aarhus     these pages instead
 *   npm run lighthouse -- --runs 5                              five runs per page instead of three
 */
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

function isTypeAndLocationPage(path: string): boolean {
  if (!/^\/[^/]+$/.test(path)) return false;
  const resolution = resolveLandingPath(path.slice(1));
  return resolution.kind === "page" && resolution.page.location !== null;
}

/** The landing page the budget names (the capital's flea markets): always in the demo data. */
const LANDING_PAGE = "/loppemarkeder-i-koebenhavn";

/** The sitemap lists only landing pages that have markets, so its first type-plus-location page has some. */
async function pagesFromSitemap(baseUrl: string): Promise<string[]> {
  const origin = new URL(baseUrl).origin;
  const problems: Problem[] = [];
  const urls = await readSitemap(`${origin}/sitemap.xml`, { crawl: origin, site: origin }, problems);
  if (!urls) throw new Error(`The sitemap could not be read: ${problems.map((problem) => `${problem.url} ${problem.detail}`).join("; ")}`);
  const paths = urls.map((url) => new URL(url).pathname);
  const landing = paths.find(isTypeAndLocationPage);
  const market = paths.find((path) => /^\/markeder\/[^/]+$/.test(path));
  if (!landing || !market) {
    throw new Error(`The sitemap lists no ${landing ? "market page" : "type-plus-location page"}; name the pages with --pages`);
  }
  return ["/", paths.includes(LANDING_PAGE) ? LANDING_PAGE : landing, market];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The metrics that make up the performance score, with their own scores: what to look at below 100. */
const PERFORMANCE_METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

function performanceDetails(lhr: Result): string {
  return PERFORMANCE_METRICS.map((id) => lhr.audits[id])
    .filter((audit) => audit !== undefined)
    .map((audit) => `${audit.id} ${audit.displayValue ?? "–"} (${Math.round((audit.score ?? 0) * 100)})`)
    .join(", ");
}

/** A line or two about each thing an audit found wrong: its element, link or URL. */
function auditItems(audit: Result["audits"][string]): string[] {
  const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
  return (details?.items ?? []).slice(0, 3).map((item) => {
    const node = item.node as { snippet?: string } | undefined;
    const value = node?.snippet ?? item.href ?? item.url ?? item.source ?? item.text ?? JSON.stringify(item);
    return (typeof value === "string" ? value : JSON.stringify(value)).slice(0, 160);
  });
}

function failingSeoAudits(lhr: Result): string[] {
  const seo = lhr.categories.seo;
  if (!seo) return [];
  return seo.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < 1)
    .flatMap((audit) => [
      `${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}${audit.explanation ? `: ${audit.explanation}` : ""}`,
      ...auditItems(audit).map((item) => `    ${item}`),
    ]);
}

const url = option("url");
let server: StartedServer | null = null;
if (!url) server = await startBuiltServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
try {
  const baseUrl = url ?? server!.url;
  const pages = option("pages")?.split(",") ?? (await pagesFromSitemap(baseUrl));
  const rows: string[][] = [["Page", ...CATEGORIES]];
  const failures: string[] = [];
  let seoBelow100 = false;
  const runs = Number(option("runs") ?? 3);
  const slowRuns: string[] = [];
  for (const path of pages) {
    const run = async () => {
      const result = await lighthouse(new URL(path, baseUrl).href, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      return result.lhr;
    };
    const results: Result[] = [];
    for (let attempt = 0; attempt < runs; attempt++) {
      // Headless Chromium now and then loses the first trace of a page (NO_NAVSTART): one more try.
      let lhr = await run();
      if (lhr.runtimeError) lhr = await run();
      if (lhr.runtimeError) failures.push(`${path}: Lighthouse could not load the page: ${lhr.runtimeError.message}`);
      else results.push(lhr);
    }
    if (results.length === 0) continue;
    const scores = CATEGORIES.map((category) => {
      const found = results.flatMap((lhr) => lhr.categories[category]?.score ?? []);
      return found.length ? median(found) : null;
    });
    rows.push([path, ...scores.map((score) => (score === null ? "–" : String(Math.round(score * 100))))]);
    for (const lhr of results) {
      if ((lhr.categories.performance?.score ?? 0) < 1) slowRuns.push(`${path}: ${performanceDetails(lhr)}`);
    }
    const seo = scores[CATEGORIES.indexOf("seo")] ?? null;
    if (seo === null || seo < 1) seoBelow100 = true;
    const failing = failingSeoAudits(results[0]!);
    if (failing.length > 0) failures.push(`${path}:`, ...failing.map((line) => `  ${line}`));
  }

  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.log();
  for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  "));
  console.log(`\nMedian of ${runs} runs per page.`);
  if (slowRuns.length > 0) console.log(`Runs below 100 for performance:\n${slowRuns.join("\n")}`);
  console.log(failures.length > 0 ? `\nSEO audits that do not pass:\n${failures.join("\n")}` : "\nEvery SEO audit passes.");
  process.exitCode = seoBelow100 ? 1 : 0;
} finally {
  chrome.kill();
  await server?.stop();
}
