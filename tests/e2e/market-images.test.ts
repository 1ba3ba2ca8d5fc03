import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { axeViolations, DESKTOP, launchBrowser } from "../support/browser";
import { browserSite, createTestAccount, createTestMarket, signInContext, type TestAccount, type TestMarket } from "../support/factories";
import { baseUrl, gotoHydrated, url, watchHydration } from "./helpers";

/*
 * A market's pictures in the browser: the file field's accepted types and a file over 15 MB
 * refused at it, a real photo with a GPS position uploaded, reordered and made the cover without
 * JavaScript, served without its metadata, and the cover on the card and in the link preview; with
 * JavaScript a picture dragged to the front; the "Billeder" section passes axe in both themes and
 * fits a 320 px phone. What each
 * post writes and who may send it: tests/integration/market-images.test.ts.
 */

const texts = translation.marketImages;
const NARROW = { viewport: { width: 320, height: 720 }, isMobile: true, hasTouch: true };
const WORD = "Billedprøvemarkedet";

let browser: Browser;
let owner: TestAccount;
let market: TestMarket;
let folder: string;

async function photoFile(name: string, colour: { r: number; g: number; b: number }, gps: boolean): Promise<string> {
  let picture = sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } }).jpeg();
  if (gps) picture = picture.withExif({ IFD0: { Make: "Telefon" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "55/1 40/1 36/1", GPSLongitudeRef: "E", GPSLongitude: "12/1 34/1 12/1" } });
  const file = path.join(folder, name);
  writeFileSync(file, await picture.toBuffer());
  return file;
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "loppeguiden-billeder-"));
  browser = await launchBrowser();
  owner = await createTestAccount({ name: "Bente Billede", role: "organizer" });
  market = await createTestMarket((await browserSite()).database, {
    name: `${WORD} i Valby`,
    schedules: [{ kind: "rule", startDate: "2025-01-05", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" }],
  }, { owner: owner.id });
});

afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

test("a photo with a GPS position is uploaded and reordered without JavaScript; served without metadata; the cover is on the card and the link preview", async () => {
  const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  await signInContext(context, owner);
  const page = await context.newPage();
  try {
    await page.goto(url(`/manage-market/${market.id}`));
    const section = page.getByRole("region", { name: texts.heading });
    // The browser offers only what the server reads.
    expect(await section.getByLabel(texts.upload.fileLabel, { exact: true }).getAttribute("accept")).toMatch(/^image\/jpeg,image\/png,image\/webp/);
    // A file over 15 MB is refused at the field before anything is stored.
    const large = path.join(folder, "stor.jpg");
    writeFileSync(large, Buffer.alloc(15 * 1024 * 1024 + 1024, 1));
    await section.getByLabel(texts.upload.fileLabel, { exact: true }).setInputFiles(large);
    await section.getByLabel(texts.upload.altLabel).fill("For stort");
    await section.getByRole("button", { name: texts.upload.submit }).click();
    await expect.poll(() => page.locator("#billede-fil-fejl").innerText()).toBe(translation.images.errors.tooLargeLimit.replace("{{size}}", "15 MB"));
    expect(await page.getByRole("region", { name: texts.heading }).getByRole("list", { name: texts.actions.listLabel }).count()).toBe(0);
    for (const [name, alt, colour, gps] of [
      ["gps.jpg", "Boder med porcelæn", { r: 200, g: 80, b: 40 }, true],
      ["plads.jpg", "Pladsen set fra oven", { r: 30, g: 90, b: 200 }, false],
    ] as const) {
      await section.getByLabel(texts.upload.fileLabel, { exact: true }).setInputFiles(await photoFile(name, colour, gps));
      await section.getByLabel(texts.upload.altLabel).fill(alt);
      await section.getByRole("button", { name: texts.upload.submit }).click();
      await expect.poll(() => page.getByRole("region", { name: /Beskeder/ }).innerText()).toContain(texts.toasts.added);
    }
    const list = section.getByRole("list", { name: texts.actions.listLabel });
    expect(await list.locator("li img").evaluateAll((images) => images.map((image) => image.getAttribute("alt")))).toEqual(["Boder med porcelæn", "Pladsen set fra oven"]);

    // The photo's files carry no EXIF (no GPS position).
    const src = await list.locator("li img").first().getAttribute("src");
    const served = await fetch(`${baseUrl}${src}`);
    expect(served.headers.get("cache-control")).toContain("immutable");
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([metadata.format, metadata.exif]).toEqual(["webp", undefined]);

    await list.getByRole("button", { name: `${texts.actions.moveUp} – Pladsen set fra oven` }).click();
    await expect.poll(() => list.locator("li img").first().getAttribute("alt")).toBe("Pladsen set fra oven");

    await page.goto(url(`/register?q=${WORD}`));
    const card = page.locator("article", { hasText: market.name });
    expect(await card.locator("img").getAttribute("alt")).toBe("Pladsen set fra oven");
    expect(await card.locator("img").getAttribute("srcset")).toMatch(/-400\.webp 400w, .*-800\.webp 800w/);

    // "Gør til forsidebillede" without JavaScript: the card shows the new cover.
    await page.goto(url(`/manage-market/${market.id}`));
    await list.getByRole("button", { name: `${texts.actions.cover} – Boder med porcelæn` }).click();
    await expect.poll(() => list.locator("li img").first().getAttribute("alt")).toBe("Boder med porcelæn");
    expect(await list.locator("li").first().innerText()).toContain(texts.coverBadge);
    await page.goto(url(`/register?q=${WORD}`));
    expect(await card.locator("img").getAttribute("alt")).toBe("Boder med porcelæn");

    await page.goto(url(`/markeder/${market.slug}`));
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/^https?:\/\/.+\/billeder\/markets\/.+-800\.webp$/);
  } finally {
    await context.close();
  }
});

test.each(["light", "dark"] as const)("the section in the %s theme: axe finds nothing, and nothing is wider than a 320 px phone", async (theme) => {
  const context = await browser.newContext(NARROW);
  await signInContext(context, owner);
  if (theme === "dark") await context.addCookies([{ name: "loppeguiden-theme", value: "dark", url: baseUrl }]);
  const page = await context.newPage();
  try {
    expect((await page.goto(url(`/manage-market/${market.id}#billeder`)))?.status()).toBe(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const violations = await axeViolations(page, "#billeder");
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
  } finally {
    await context.close();
  }
});

test("with JavaScript a picture is dragged to the front: the order is posted and kept, and the buttons stay", async () => {
  const context = await browser.newContext(DESKTOP);
  await watchHydration(context);
  await signInContext(context, owner);
  const page = await context.newPage();
  try {
    await gotoHydrated(page, `/manage-market/${market.id}`);
    const list = page.getByRole("region", { name: texts.heading }).getByRole("list", { name: texts.actions.listLabel });
    const alts = () => list.locator("li img").evaluateAll((images) => images.map((image) => image.getAttribute("alt")));
    expect(await alts()).toEqual(["Boder med porcelæn", "Pladsen set fra oven"]);
    expect(await page.getByText(texts.actions.dragHint).isVisible()).toBe(true);
    await list.locator("li").nth(1).dragTo(list.locator("li").first());
    await expect.poll(() => page.getByRole("region", { name: /Beskeder/ }).innerText()).toContain(texts.toasts.changed);
    expect(await alts()).toEqual(["Pladsen set fra oven", "Boder med porcelæn"]);
    await page.reload();
    expect(await alts()).toEqual(["Pladsen set fra oven", "Boder med porcelæn"]);
    expect(await list.getByRole("button", { name: `${texts.actions.moveDown} – Pladsen set fra oven` }).isVisible()).toBe(true);
  } finally {
    await context.close();
  }
});
