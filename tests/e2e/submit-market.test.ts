import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { browserSite, createTestAccount, createTestMarket, signInContext, withServerDatabase, type TestAccount } from "../support/factories";
import { consentCookies, expectNoSidewaysScrolling, gotoHydrated, isSameDocument, markDocument, watchHydration } from "./helpers";

/*
 * The market form with JavaScript (app/markets/submissions/): the steps change without a reload,
 * the town fills itself in, the pin moves, a picture is added on "Billeder" and sent with the
 * market, a step the browser finds wrong is saved all the same, and the pages pass axe in both
 * themes and fit a 320 px screen. What the server answers each post (a namesake pointed out, what
 * is missing named, a draft resumed at its step), and the whole walk without JavaScript, is tested
 * at the level of requests: tests/integration/market-form.test.ts.
 */

const form = translation.organiser.form;
const STEPS = ["om-markedet", "sted", "datoer-og-tider", "praktisk", "kontakt", "billeder", "se-og-send"] as const;

let browser: Browser;
let account: TestAccount;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createTestAccount({ name: "Hanne Jensen" });
});

afterAll(async () => {
  await browser?.close();
});

async function signedInContext(options: BrowserContextOptions = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await watchHydration(context);
  await context.addCookies(consentCookies());
  await signInContext(context, account);
  return context;
}

const next = (page: Page) => page.getByRole("button", { name: form.next, exact: true }).click();
/** The page's heading as a screen reader reads it: "Opret et marked: Sted". */
const heading = async (page: Page) => ((await page.locator("h1").textContent()) ?? "").replace(/\s+/g, " ").trim();
const stepHeading = (title: string) => `${form.createEyebrow}: ${title}`;

interface DraftRow {
  id: string;
  step: string;
  fields: string;
}

const draftRow = (id: string) => withServerDatabase((db) => db.prepare("select id, step, fields from market_drafts where id = ?").get(id) as DraftRow | undefined);

/** A draft written straight into the server's database, for the tests that start at a given step. */
function insertDraft(fields: Record<string, string | string[]>, step = "se-og-send"): string {
  const id = randomUUID();
  const now = new Date().toISOString();
  withServerDatabase((db) =>
    db
      .prepare("insert into market_drafts (id, owner_id, step, fields, created_at, updated_at) values (?, ?, ?, ?, ?, ?)")
      .run(id, account.id, step, JSON.stringify(fields), now, now),
  );
  return id;
}

/** Every step filled in. */
const COMPLETE = {
  type: "flea_market",
  name: "Loppemarked i Gården",
  description: "Et lille marked i baggården.\n\nKaffe og kage.",
  street: "Jægergårdsgade 1",
  postalCode: "8000",
  city: "Aarhus C",
  latitude: "56.15",
  longitude: "10.2",
  tidsplan: "dato",
  "enkelt.dato": "2027-06-06",
  "enkelt.aabner": "10:00",
  "enkelt.lukker": "14:00",
  entry: "gratis",
  facilities: ["food", "toilets"],
};

describe("sending a market with JavaScript", () => {
  test("goes through every step without reloading the page, fills in the town, takes the pin where it is put, and sends", async () => {
    const context = await signedInContext();
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await gotoHydrated(page, "/opret-marked");
      await markDocument(page);
      expect(await heading(page)).toBe(stepHeading(form.steps.about.title));
      expect(await page.locator('li[aria-current="step"]').innerText()).toBe(`1. ${form.steps.about.title}`);

      await page.getByLabel("Loppemarked", { exact: true }).check();
      await page.getByLabel(form.fields.name).fill("Loppemarked i Baggården");
      await page.getByLabel(form.fields.description).fill("Et lille marked.\n\nKaffe og kage.");
      await next(page);
      await page.waitForURL(/\/opret-marked\/[0-9a-f-]{36}\/sted$/);
      const id = /opret-marked\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
      await expect.poll(() => heading(page)).toBe(stepHeading(form.steps.place.title));

      // The town fills itself in as the fourth digit is typed, and the pin goes to its centre.
      await page.getByLabel(form.fields.street).fill("Jægergårdsgade 1");
      await page.getByLabel(form.fields.postalCode).pressSequentially("8000");
      await expect.poll(() => page.getByLabel(form.fields.city, { exact: true }).inputValue()).toBe("Aarhus C");
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Nålen" }).innerText()).toBe(form.position.townCentre.replace("{{town}}", "Aarhus C"));
      const centre = await page.locator('input[name="latitude"]').inputValue();
      // With the keyboard: the pin takes the focus and moves with the arrow keys.
      const pin = page.getByTestId("position-map").getByRole("button", { name: form.position.markerTitle });
      await pin.focus();
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowUp");
      await expect.poll(() => page.locator('input[name="pinned"]').inputValue()).toBe("1");
      const pinned = await page.locator('input[name="latitude"]').inputValue();
      expect(Number(pinned)).toBeGreaterThan(Number(centre));
      await next(page);

      await page.waitForURL(/datoer-og-tider$/);
      await page.locator("#tidsplan-dato").check();
      await page.locator('[id="enkelt.dato"]').fill("2027-06-06");
      await page.locator('[id="enkelt.aabner"]').fill("10:00");
      await page.locator('[id="enkelt.lukker"]').fill("14:00");
      await next(page);

      await page.waitForURL(/praktisk$/);
      // The amount shows with its choice.
      await expect.poll(() => page.getByLabel(form.fields.entryFeeDkk).isVisible()).toBe(false);
      await page.getByLabel(form.entry.amount).check();
      await page.getByLabel(form.fields.entryFeeDkk).fill("20");
      await page.getByLabel(translation.facilities.food).check();
      await next(page);

      await page.waitForURL(/kontakt$/);
      await page.getByLabel(form.fields.email).fill("hanne@eksempel.dk");
      await next(page);

      // A picture, kept in the draft; the step stays the same document.
      await page.waitForURL(/billeder$/);
      await expect.poll(() => heading(page)).toBe(stepHeading(form.steps.images.title));
      const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 180, g: 120, b: 60 } } }).jpeg().toBuffer();
      await page.getByLabel(translation.marketImages.upload.fileLabel, { exact: true }).setInputFiles({ name: "bod.jpg", mimeType: "image/jpeg", buffer: photo });
      await page.getByLabel(translation.marketImages.upload.altLabel).fill("Bod med kaffe");
      await page.getByRole("button", { name: translation.marketImages.upload.submit }).click();
      await expect.poll(() => page.getByRole("list", { name: translation.marketImages.actions.listLabel }).locator("img").getAttribute("alt")).toBe("Bod med kaffe");
      await next(page);

      await page.waitForURL(/se-og-send$/);
      await expect.poll(() => heading(page)).toBe(stepHeading(form.steps.review.title));
      const preview = page.getByRole("region", { name: form.review.previewHeading });
      await expect.poll(() => preview.locator("article h2").innerText()).toBe("Loppemarked i Baggården");
      expect(await preview.innerText()).toContain("Entré 20 kr.");
      expect(await preview.locator('img[alt="Bod med kaffe"]').count()).toBeGreaterThan(0);
      expect(await isSameDocument(page)).toBe(true);
      expect(draftRow(id)).toMatchObject({ step: "se-og-send" });

      await page.getByRole("button", { name: form.review.send }).click();
      await page.waitForURL(/\/opret-marked\/sendt\/[0-9a-f-]{36}$/);
      await expect.poll(() => heading(page)).toBe(form.sent.pendingHeading);
      expect(await isSameDocument(page)).toBe(true);
      const market = withServerDatabase((db) => db.prepare("select status, city, latitude from markets where id = ?").get(page.url().split("/").at(-1)) as { status: string; city: string; latitude: number });
      expect(market).toEqual({ status: "pending", city: "Aarhus C", latitude: Number(pinned) });
      const pictures = withServerDatabase((db) => db.prepare("select alt from market_images where market_id = ?").all(page.url().split("/").at(-1)));
      expect(pictures).toEqual([{ alt: "Bod med kaffe" }]);
      expect(draftRow(id)).toBeUndefined();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a step the browser finds wrong is saved all the same, and the page posts to its draft from then on", async () => {
    const context = await signedInContext();
    try {
      const page = await context.newPage();
      await gotoHydrated(page, "/opret-marked");
      await page.getByLabel("Byttemarked", { exact: true }).check();
      await page.getByLabel(form.fields.name).fill("By");
      await page.locator("form#marked-om-markedet[data-checks=browser]").waitFor();
      await next(page);
      // Checked in the browser: the message at the field, no new page …
      const name = page.getByLabel(form.fields.name);
      await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator("#name-fejl").innerText()).toBe(translation.markets.input.nameTooShort.replace("{{min}}", "3"));
      // … and saved in the background: the draft is there, and the page posts to it from now on.
      await expect.poll(() => page.locator("form#marked-om-markedet").getAttribute("action")).toMatch(/^\/opret-marked\/[0-9a-f-]{36}\/om-markedet$/);
      const id = /opret-marked\/([0-9a-f-]{36})\//.exec((await page.locator("form#marked-om-markedet").getAttribute("action"))!)![1]!;
      expect(JSON.parse(draftRow(id)!.fields)).toMatchObject({ type: "swap_market", name: "By" });

      // Put right, the step leads on in the same draft. (Its address resuming at the step reached,
      // in a browser opened later, is the server's: tests/integration/market-form.test.ts.)
      await name.fill("Byttemarked i Hasle");
      await next(page);
      await page.waitForURL(`**/opret-marked/${id}/sted`);
    } finally {
      await context.close();
    }
  });
});

describe("the form's pages for everyone", () => {
  const PHONE_320: BrowserContextOptions = { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true };

  test("every step fits a 320 px screen; the steps with a map, a schedule and choices, and Se og send with a namesake and something missing, pass axe in both themes", async () => {
    // A namesake and a wrong address: Se og send with the most on it.
    const twin = withServerDatabase((db) => db.prepare("select name, postal_code, city from markets where status = 'published' order by slug limit 1").get() as { name: string; postal_code: number; city: string });
    const id = insertDraft({ ...COMPLETE, name: twin.name, postalCode: String(twin.postal_code), city: twin.city, website: "ikke en adresse" }, "om-markedet");
    const context = await signedInContext(PHONE_320);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      for (const step of STEPS) {
        await gotoHydrated(page, `/opret-marked/${id}/${step}`);
        await expectNoSidewaysScrolling(page, step);
        if (step === "om-markedet" || step === "kontakt") continue;
        if (step === "sted") await page.getByTestId("position-map").locator(".leaflet-marker-icon").waitFor();
        await expectNoAxeViolationsInBothThemes(page, step);
      }
      // On a phone the steps are bars; their names are still read out.
      expect((await page.locator("ol li span").nth(1).boundingBox())?.width).toBeLessThanOrEqual(1);
      expect(await page.getByRole("listitem").filter({ hasText: `7. ${form.steps.review.title}` }).getAttribute("aria-current")).toBe("step");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the sent page, the edit form and its result fit a 320 px screen and pass axe in both themes", async () => {
    const market = await createTestMarket((await browserSite()).database, { name: "Hannes Marked" }, { owner: account.id });
    const edit = `/dashboard/mine-markeder/edit/${market.id}`;
    const context = await signedInContext(PHONE_320);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      for (const path of [`/opret-marked/sendt/${market.id}`, edit, `${edit}?trin=sendt&resultat=pending`]) {
        await gotoHydrated(page, path);
        await expectNoSidewaysScrolling(page, path);
        await expectNoAxeViolationsInBothThemes(page, path);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
