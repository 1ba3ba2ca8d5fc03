import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { DESKTOP, launchBrowser } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { browserSite, cookieHeader, createTestAccount, createTestMarket, signInContext, type TestAccount, type TestMarket } from "../support/factories";
import { baseUrl, expectNoSidewaysScrolling, expectToast, gotoHydrated, url, watchHydration } from "./helpers";

/*
 * A market's pictures in the browser: with JavaScript a picture dragged to the front; the
 * "Billeder" section passes axe in both themes and fits a 320 px phone. What each post writes and
 * who may send it: tests/integration/market-images.test.ts; the page without JavaScript (the file
 * field, a file over 15 MB, a photo's position taken out, the cover on the card and in the link
 * preview): tests/integration/market-images-page.test.ts.
 */

const texts = translation.marketImages;
const NARROW = { viewport: { width: 320, height: 720 }, isMobile: true, hasTouch: true };
const WORD = "Billedprøvemarkedet";

let browser: Browser;
let owner: TestAccount;
let market: TestMarket;

/** Uploads a photo through the picture form's post, as the owner's browser without JavaScript sends it. */
async function upload(alt: string, colour: { r: number; g: number; b: number }): Promise<void> {
  const body = new FormData();
  body.set("intent", "image-upload");
  body.set("alt", alt);
  const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  body.set("image", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "foto.jpg");
  const answer = await fetch(url(`/manage-market/${market.id}`), {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Cookie: cookieHeader(owner), Origin: new URL(baseUrl).origin },
  });
  if (answer.status !== 303) throw new Error(`The upload of ${alt} answered ${answer.status}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createTestAccount({ name: "Bente Billede", role: "organizer" });
  market = await createTestMarket(
    (await browserSite()).database,
    {
      name: `${WORD} i Valby`,
      schedules: [{ kind: "rule", startDate: "2025-01-05", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" }],
    },
    { owner: owner.id },
  );
  // An organiser's pictures are live at once.
  await upload("Boder med porcelæn", { r: 200, g: 80, b: 40 });
  await upload("Pladsen set fra oven", { r: 30, g: 90, b: 200 });
});

afterAll(async () => {
  await browser?.close();
});

test("the section fits a 320 px phone, and axe finds nothing in it in either theme", async () => {
  const context = await browser.newContext(NARROW);
  await watchHydration(context);
  await signInContext(context, owner);
  const page = await context.newPage();
  try {
    await gotoHydrated(page, `/manage-market/${market.id}#billeder`);
    await expectNoSidewaysScrolling(page, "Billeder");
    await expectNoAxeViolationsInBothThemes(page, "Billeder", { within: "#billeder" });
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
    await expectToast(page, texts.toasts.changed);
    expect(await alts()).toEqual(["Pladsen set fra oven", "Boder med porcelæn"]);
    await page.reload();
    expect(await alts()).toEqual(["Pladsen set fra oven", "Boder med porcelæn"]);
    expect(await list.getByRole("button", { name: `${texts.actions.moveDown} – Pladsen set fra oven` }).isVisible()).toBe(true);
  } finally {
    await context.close();
  }
});
