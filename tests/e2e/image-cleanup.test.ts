import { randomBytes, randomUUID } from "node:crypto";
import { utimes } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { createDiskStorage } from "../../app/lib/storage/index.server";
import translation from "../../app/locales/da/translation.json";
import { createTestAccount, signInContext, type TestAccount } from "../support/factories";
import { collectPageErrors, launchBrowser } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { expectNoSidewaysScrolling, gotoHydrated, openContext } from "./helpers";

const texts = translation.imageCleanup;
const PAGE = "/dashboard/image-cleanup";

/**
 * The image cleanup in a browser: the list and the question before removing all pass axe in both
 * themes and fit a 320 px screen. Who may do what, what each post answers, and a file removed
 * without JavaScript: tests/integration/image-cleanup-page.test.ts.
 */
let browser: Browser;
let admin: TestAccount;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestAccount({ name: "Ida Oprydder", admin: true });
  // The suite server's uploads (STORAGE_DIR is DATA_DIR/uploads), beside its database.
  const root = path.join(path.dirname(inject("databaseFile")), "uploads");
  const store = createDiskStorage(root);
  const folder = `markets/${randomUUID()}`;
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  const files: [string, Uint8Array][] = [];
  for (const [at, colour] of [
    { r: 200, g: 80, b: 40 },
    { r: 30, g: 120, b: 90 },
  ].entries()) {
    const picture = await sharp({ create: { width: 160, height: 120, channels: 3, background: colour } })
      .webp()
      .toBuffer();
    files.push([`${folder}/${randomBytes(8).toString("hex")}-${at === 0 ? 400 : 1600}.webp`, picture]);
  }
  files.push([`${folder}/noter-${randomBytes(4).toString("hex")}.txt`, new TextEncoder().encode("en fil uden billede")]);
  for (const [key, bytes] of files) {
    await store.put(key, bytes, "application/octet-stream");
    await utimes(path.join(root, ...key.split("/")), twoDaysAgo, twoDaysAgo);
  }
});

afterAll(async () => {
  await browser?.close();
});

test("the list and the question before removing all fit a 320 px screen and pass axe in both themes", async () => {
  const context = await openContext(browser, { viewport: { width: 320, height: 720 } });
  try {
    await signInContext(context, admin);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    for (const path of [PAGE, `${PAGE}?slet-alle=ja`]) {
      await gotoHydrated(page, path);
      await page.getByRole("list", { name: texts.listLabel }).waitFor();
      if (path !== PAGE) await page.getByRole("heading", { name: texts.removeAll.heading }).waitFor();
      await expectNoSidewaysScrolling(page, path);
      await expectNoAxeViolationsInBothThemes(page, path);
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
