import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startBuiltServer } from "./built-server";

/**
 * The JavaScript a page makes the browser download, gzipped as it is sent.
 *
 *   tsx scripts/page-weight.ts                  the budget's three pages on the built server with demo data
 *   tsx scripts/page-weight.ts URL [URL …]      these pages, file by file
 *
 * The budget: at most 60 KB on every public page, and 100 KB on the map (/markeder), Leaflet included.
 */
export const BUDGET_KB = 60;
export const MAP_BUDGET_KB = 100;

function budgetFor(path: string): number {
  return path.split("?")[0] === "/markeder" ? MAP_BUDGET_KB : BUDGET_KB;
}

export async function javaScriptWeight(url: string): Promise<{ files: { url: string; gzipBytes: number }[]; totalGzipBytes: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const page = await (await browser.newContext()).newPage();
    const pending: Promise<{ url: string; gzipBytes: number }>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      pending.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body, { level: 6 }).length })));
    });
    await page.goto(url, { waitUntil: "networkidle" });
    const files = await Promise.all(pending);
    return { files, totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
  } finally {
    await browser.close();
  }
}

/** The budget's pages on a site: the home page, the capital's flea markets and the first market on /register. */
export async function budgetPages(baseUrl: string): Promise<string[]> {
  const register = await (await fetch(`${baseUrl}/register`)).text();
  const market = register.match(/href="(\/markeder\/[a-z0-9-]+)"/)?.[1];
  if (!market) throw new Error("No market on /register");
  return ["/", "/loppemarkeder-i-koebenhavn", market];
}

/** One line per page: its JavaScript and whether it keeps the budget. */
export async function budgetLines(baseUrl: string, pages?: string[]): Promise<string[]> {
  const lines: string[] = [];
  for (const path of pages ?? (await budgetPages(baseUrl))) {
    const weight = await javaScriptWeight(baseUrl + path);
    const [kb, budget] = [weight.totalGzipBytes / 1024, budgetFor(path)];
    lines.push(`${path}: ${kb.toFixed(1)} KB gzip in ${weight.files.length} files (${kb <= budget ? "within" : "OVER"} the budget of ${budget} KB)`);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const urls = process.argv.slice(2);
  if (urls.length === 0) {
    const server = await startBuiltServer({ LOG_LEVEL: "warn" });
    try {
      for (const line of await budgetLines(server.url)) console.log(line);
    } finally {
      await server.stop();
    }
  }
  for (const url of urls) {
    const result = await javaScriptWeight(url);
    for (const file of result.files.sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(String(file.gzipBytes).padStart(7), file.url);
    console.log(`${url}: ${(result.totalGzipBytes / 1024).toFixed(1)} KB gzipped in ${result.files.length} files`);
  }
}
