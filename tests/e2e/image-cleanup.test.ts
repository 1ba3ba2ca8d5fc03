import { randomBytes, randomUUID } from "node:crypto";
import { utimes } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createDiskStorage } from "../../app/lib/storage/index.server";
import translation from "../../app/locales/da/translation.json";
import { createTestAccount, signInContext, type TestAccount } from "../support/factories";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { expectToast, gotoHydrated, openContext, url } from "./helpers";

const texts = translation.imageCleanup;
const PAGE = "/dashboard/image-cleanup";

/**
 * The image cleanup in a browser: the list and the question before removing all pass axe in both
 * themes and fit a 320 px screen, and one file is removed without JavaScript. Who may do what and
 * what each post answers: tests/integration/image-cleanup-page.test.ts.
 */
let browser: Browser;
let admin: TestAccount;
let victim: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestAccount({ name: "Ida Oprydder", admin: true });
  // The suite server's uploads (STORAGE_DIR is DATA_DIR/uploads), beside its database.
  const root = path.join(path.dirname(inject("databaseFile")), "uploads");
  const store = createDiskStorage(root);
  const folder = `markets/${randomUUID()}`;
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  const files: [string, Uint8Array][] = [];
  for (const [at, colour] of [{ r: 200, g: 80, b: 40 }, { r: 30, g: 120, b: 90 }].entries()) {
    const picture = await sharp({ create: { width: 160, height: 120, channels: 3, background: colour } }).webp().toBuffer();
    files.push([`${folder}/${randomBytes(8).toString("hex")}-${at === 0 ? 400 : 1600}.webp`, picture]);
  }
  files.push([`${folder}/noter-${randomBytes(4).toString("hex")}.txt`, new TextEncoder().encode("en fil uden billede")]);
  for (const [key, bytes] of files) {
    await store.put(key, bytes, "application/octet-stream");
    await utimes(path.join(root, ...key.split("/")), twoDaysAgo, twoDaysAgo);
  }
  victim = files[0]![0];
});

afterAll(async () => {
  await browser?.close();
});

async function adminContext(options: Parameters<typeof openContext>[1], theme?: "dark", javaScriptEnabled = true): Promise<BrowserContext> {
  const context = javaScriptEnabled ? await openContext(browser, options) : await browser.newContext({ ...options, javaScriptEnabled: false });
  await signInContext(context, admin);
  if (theme) await context.addCookies([{ name: "loppeguiden-theme", value: theme, url: url("/") }]);
  return context;
}

describe.each([
  ["light", { ...DESKTOP, viewport: { width: 1280, height: 900 } }, undefined],
  ["dark", { viewport: { width: 320, height: 720 } }, "dark"],
] as const)("in the %s theme", (theme, options, cookie) => {
  test("the list and the question before removing all pass axe and fit the screen", async () => {
    const context = await adminContext(options, cookie);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      for (const path of [PAGE, `${PAGE}?slet-alle=ja`]) {
        await gotoHydrated(page, path);
        await page.getByRole("list", { name: texts.listLabel }).waitFor();
        if (path !== PAGE) await page.getByRole("heading", { name: texts.removeAll.heading }).waitFor();
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark")), path).toBe(theme === "dark");
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(options.viewport.width);
        const violations = await axeViolations(page);
        expect(violations, `${path} (${theme}):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

test("without JavaScript, an admin removes one file and is told so", async () => {
  const context = await adminContext(DESKTOP, undefined, false);
  try {
    const page = await context.newPage();
    await page.goto(url(PAGE));
    const item = page.getByRole("listitem").filter({ hasText: victim });
    await item.getByRole("button", { name: `${texts.remove.submit} filen ${victim}` }).click();
    await page.waitForURL(url(PAGE));
    await expectToast(page, texts.toast.removed);
    expect(await page.getByRole("listitem").filter({ hasText: victim }).count()).toBe(0);
    expect((await fetch(url(`/billeder/${victim}`))).status).toBe(404);
  } finally {
    await context.close();
  }
});
