import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { budgetFor, measureJavaScript, publicPages } from "../../scripts/page-weight";
import { launchBrowser } from "../support/browser";
import { baseUrl } from "./helpers";

/**
 * The JavaScript budget of decision 0032: every public page type loads at most 60 KB (gzip) until
 * the network is quiet, the map at most 100 KB with Leaflet; `npm run bench` prints the figures.
 */

let browser: Browser;
const pages = await publicPages(baseUrl);

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("the JavaScript a public page loads", () => {
  test.each(pages)("%s keeps its budget, without React", async (path) => {
    const weight = await measureJavaScript(browser, baseUrl + path);
    const kb = weight.totalGzipBytes / 1024;
    const files = weight.files.map((file) => `${new URL(file.url).pathname} ${(file.gzipBytes / 1024).toFixed(1)} KB`);
    expect(kb, files.join("\n")).toBeLessThanOrEqual(budgetFor(path));
    expect(files.filter((file) => /react|entry\.client/i.test(file))).toEqual([]);
  });
});
