import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Response } from "playwright-core";
import { startBuiltServer } from "./built-server";

/**
 * The JavaScript a page makes the browser download, gzipped as it is sent.
 *
 *   tsx scripts/page-weight.ts                  every public page type on the built server with demo data
 *   tsx scripts/page-weight.ts URL [URL …]      these pages, file by file
 *
 * The budget (decision 0032): at most 60 KB on every public page, and 100 KB on the map
 * (/markeder), Leaflet included. tests/e2e/page-weight.test.ts holds every page type to it.
 */
export const BUDGET_KB = 60;
export const MAP_BUDGET_KB = 100;

export function budgetFor(path: string): number {
  return path.split("?")[0] === "/markeder" ? MAP_BUDGET_KB : BUDGET_KB;
}

export interface PageWeight {
  files: { url: string; gzipBytes: number }[];
  totalGzipBytes: number;
}

/** The scripts a page loads until the network is quiet, in a fresh context of `browser`. */
export async function measureJavaScript(browser: Browser, url: string): Promise<PageWeight> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending: Promise<{ url: string; gzipBytes: number }>[] = [];
    const measure = (response: Response) => {
      if (response.request().resourceType() !== "script") return;
      pending.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body, { level: 6 }).length })));
    };
    page.on("response", measure);
    await page.goto(url, { waitUntil: "networkidle" });
    // A script answered after the network went quiet would otherwise read its body from a
    // closed context, an unhandled rejection outside the test that measured it.
    page.off("response", measure);
    const files = await Promise.all(pending);
    return { files, totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
  } finally {
    await context.close();
  }
}

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

async function firstLink(baseUrl: string, listPath: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(baseUrl + listPath)).text();
  const found = html.match(pattern)?.[1];
  if (!found) throw new Error(`No link matching ${pattern} on ${listPath}`);
  return found;
}

/**
 * One page of every public type, as a visitor reaches it: the front page, a landing page, a
 * market, the three ways to find one, an information page, an article, a blog post, the account
 * pages, the contact form, the site map and a page that does not exist.
 */
export async function publicPages(baseUrl: string): Promise<string[]> {
  const [market, article, post] = await Promise.all([
    firstLink(baseUrl, "/register", /href="(\/markeder\/[a-z0-9-]+)"/),
    firstLink(baseUrl, "/artikler", /href="(\/artikler\/[a-z0-9-]+)"/),
    firstLink(baseUrl, "/blog", /href="(\/blog\/[a-z0-9-]+)"/),
  ]);
  return [
    "/",
    "/loppemarkeder-i-koebenhavn",
    market,
    "/register",
    "/kalender",
    "/markeder",
    "/faq",
    article,
    post,
    "/sign-in",
    "/sign-up",
    "/forgot-password",
    "/reset-password",
    "/sign-out",
    "/kontakt",
    "/sitemap",
    "/findes-ikke",
  ];
}

/** One line per page: its JavaScript and whether it keeps the budget. */
export async function budgetLines(baseUrl: string, pages: string[]): Promise<string[]> {
  const browser = await launch();
  try {
    const lines: string[] = [];
    for (const path of pages) {
      const weight = await measureJavaScript(browser, baseUrl + path);
      const [kb, budget] = [weight.totalGzipBytes / 1024, budgetFor(path)];
      lines.push(`${path}: ${kb.toFixed(1)} KB gzip in ${weight.files.length} files (${kb <= budget ? "within" : "OVER"} the budget of ${budget} KB)`);
    }
    return lines;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const urls = process.argv.slice(2);
  if (urls.length === 0) {
    const server = await startBuiltServer({ LOG_LEVEL: "warn" });
    try {
      for (const line of await budgetLines(server.url, await publicPages(server.url))) console.log(line);
    } finally {
      await server.stop();
    }
  }
  const browser = await launch();
  try {
    for (const url of urls) {
      const result = await measureJavaScript(browser, url);
      for (const file of result.files.sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(String(file.gzipBytes).padStart(7), file.url);
      console.log(`${url}: ${(result.totalGzipBytes / 1024).toFixed(1)} KB gzipped in ${result.files.length} files`);
    }
  } finally {
    await browser.close();
  }
}
