import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

/**
 * The JavaScript a page makes the browser download, gzipped as it is sent: `tsx scripts/page-weight.ts URL`.
 * Used by the benchmark for the budget of a market page.
 */
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await javaScriptWeight(process.argv[2] ?? "http://localhost:3000/");
  for (const file of result.files.sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(String(file.gzipBytes).padStart(7), file.url);
  console.log(`${(result.totalGzipBytes / 1024).toFixed(1)} KB gzipped in ${result.files.length} files`);
}
