import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { browserSite, createTestAccount, createTestMarket, signInContext, withServerDatabase, type TestAccount } from "../support/factories";
import { consentCookies, expectNoSidewaysScrolling, expectToast, gotoHydrated, isSameDocument, markDocument, watchHydration } from "./helpers";

/*
 * The market form with JavaScript (app/organiser/form/): the steps change without a reload,
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

const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

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
      const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 180, g: 120, b: 60 } } })
        .jpeg()
        .toBuffer();
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
      const market = withServerDatabase(
        (db) => db.prepare("select status, city, latitude from markets where id = ?").get(page.url().split("/").at(-1)) as { status: string; city: string; latitude: number },
      );
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

interface LatLng {
  lat: number;
  lng: number;
}

/**
 * Where a point of the screen is on the map as it shows it: from the tile under the point (its
 * z/x/y address and its place on the screen) by the web Mercator projection, the map's own
 * container point → latitude and longitude, worked out without asking the map. Read once the map
 * has come to rest (no zoom under way, its pane where it was a frame before) with a tile loaded there.
 */
async function mapPointAt(page: Page, x: number, y: number): Promise<LatLng> {
  const answer = await page.waitForFunction(
    ({ x, y }) => {
      const map = document.querySelector<HTMLElement>('[data-testid="position-map"]')!;
      const pane = map.querySelector<HTMLElement>(".leaflet-map-pane")?.style.transform ?? "";
      const state = window as unknown as { __lgMapPane?: string };
      const resting = state.__lgMapPane === pane && !map.classList.contains("leaflet-zoom-anim");
      state.__lgMapPane = pane;
      if (!resting) return null;
      for (const tile of map.querySelectorAll<HTMLImageElement>("img.leaflet-tile-loaded")) {
        const box = tile.getBoundingClientRect();
        if (x < box.left || x >= box.right || y < box.top || y >= box.bottom) continue;
        const [z, tileX, tileY] = new URL(tile.src).pathname.split("/").slice(-3).map(Number) as [number, number, number];
        const world = 256 * 2 ** z;
        const pixelX = tileX * 256 + ((x - box.left) * 256) / box.width;
        const pixelY = tileY * 256 + ((y - box.top) * 256) / box.height;
        return { lat: (Math.atan(Math.sinh(Math.PI * (1 - (2 * pixelY) / world))) * 180) / Math.PI, lng: (pixelX / world) * 360 - 180 };
      }
      return null;
    },
    { x, y },
  );
  return (await answer.jsonValue()) as LatLng;
}

/** The position the step will send: its hidden fields. */
async function sentPosition(page: Page): Promise<LatLng & { pinned: boolean }> {
  return {
    lat: Number(await page.locator('input[name="latitude"]').inputValue()),
    lng: Number(await page.locator('input[name="longitude"]').inputValue()),
    pinned: (await page.locator('input[name="pinned"]').inputValue()) === "1",
  };
}

/** The middle of the pin, on the screen. */
async function pinCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId("position-map").locator(".leaflet-marker-icon").boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Within half a pixel at the zoom of a town (13): about 10 m. */
function expectSamePlace(actual: LatLng, expected: LatLng) {
  expect(Math.abs(actual.lat - expected.lat)).toBeLessThan(0.0001);
  expect(Math.abs(actual.lng - expected.lng)).toBeLessThan(0.0001);
}

describe("correcting a market with JavaScript", () => {
  test("the pin follows the postal code until it is moved, lands where the map is clicked, and follows a code far from it", async () => {
    const id = insertDraft({ type: "flea_market", name: "Risskov Loppemarked" }, "sted");
    for (const viewport of [PHONE_390, DESKTOP]) {
      const context = await signedInContext(viewport);
      try {
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        await gotoHydrated(page, `/opret-marked/${id}/sted`);
        const map = page.getByTestId("position-map");
        await map.locator("img.leaflet-tile-loaded").first().waitFor();
        const status = page.getByRole("status").filter({ hasText: "Nålen" });
        const postalCode = page.getByLabel(form.fields.postalCode);
        const retype = async (code: string) => {
          await postalCode.fill("");
          await postalCode.pressSequentially(code);
        };

        // A click on the map of all Denmark before the address is known: the pin is where the click was …
        await map.scrollIntoViewIfNeeded();
        const whole = (await map.boundingBox())!;
        await page.mouse.click(whole.x + whole.width / 2, whole.y + whole.height / 2);
        await expect.poll(async () => (await sentPosition(page)).pinned).toBe(true);
        // … and a postal code far from it moves it to the town, as if it had not been put.
        await retype("8000");
        await expect.poll(() => status.innerText()).toBe(form.position.townCentre.replace("{{town}}", "Aarhus C"));
        const aarhus = await sentPosition(page);
        expect(aarhus.pinned).toBe(false);
        expect(aarhus.lat).toBeGreaterThan(56);
        expectSamePlace(await mapPointAt(page, (await pinCentre(page)).x, (await pinCentre(page)).y), aarhus);

        // Not moved, the pin follows every new code.
        await retype("5000");
        await expect.poll(() => status.innerText()).toBe(form.position.townCentre.replace("{{town}}", "Odense C"));
        const odense = await sentPosition(page);
        expect(odense.lat).toBeLessThan(55.6);
        await retype("8000");
        await expect.poll(async () => (await sentPosition(page)).lat).toBe(aarhus.lat);

        // A click lands exactly where it was made: the fields say what the map shows at that point.
        await map.scrollIntoViewIfNeeded();
        const box = (await map.boundingBox())!;
        // Whole pixels: a mouse event tells the page whole pixels.
        const click = { x: Math.round(box.x + box.width * 0.3), y: Math.round(box.y + box.height * 0.35) };
        const clicked = await mapPointAt(page, click.x, click.y);
        await page.mouse.click(click.x, click.y);
        await expect.poll(async () => (await sentPosition(page)).pinned).toBe(true);
        const pinned = await sentPosition(page);
        expectSamePlace(pinned, clicked);
        const pin = await pinCentre(page);
        expect(Math.abs(pin.x - click.x)).toBeLessThanOrEqual(1);
        expect(Math.abs(pin.y - click.y)).toBeLessThanOrEqual(1);
        expect(await status.innerText()).toContain(form.position.pinned.split(" (")[0]);

        // Moved, it stays for a code of the same area (Viby J, a few kilometres off) …
        await retype("8260");
        await expect.poll(() => page.getByLabel(form.fields.city, { exact: true }).inputValue()).toBe("Viby J");
        expect(await sentPosition(page)).toEqual(pinned);
        // … and dragged, it is where it was let go.
        const centre = await pinCentre(page);
        const from = { x: Math.round(centre.x), y: Math.round(centre.y) };
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move(from.x + 40, from.y + 30, { steps: 5 });
        await page.mouse.up();
        await expect.poll(async () => (await sentPosition(page)).lng).not.toBe(pinned.lng);
        expectSamePlace(await sentPosition(page), await mapPointAt(page, from.x + 40, from.y + 30));
        // A town far away takes it along.
        await retype("5000");
        await expect.poll(() => status.innerText()).toBe(form.position.townCentre.replace("{{town}}", "Odense C"));
        expect(await sentPosition(page)).toEqual({ ...odense, pinned: false });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  test("a part opened from Se og send, or from the control panel, is saved and returns there", async () => {
    const id = insertDraft(COMPLETE);
    const market = await createTestMarket((await browserSite()).database, { name: "Risskov Kræmmermarked" }, { owner: account.id });
    const context = await signedInContext();
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const review = `/opret-marked/${id}/se-og-send`;
      await gotoHydrated(page, review);
      await markDocument(page);
      await page.getByRole("navigation", { name: form.review.sectionsHeading }).getByRole("link", { name: form.steps.contact.title }).click();
      await page.waitForURL(/\/kontakt\?tilbage=/);
      await expect.poll(() => heading(page)).toBe(stepHeading(form.steps.contact.title));
      await page.getByLabel(form.fields.website).fill("risskovloppe.dk");
      await page.getByRole("button", { name: form.saveAndReturn }).click();
      await page.waitForURL((url) => url.pathname === review && url.search === "");
      const preview = page.getByRole("region", { name: form.review.previewHeading });
      await expect.poll(() => preview.locator('a[href="https://risskovloppe.dk"]').count()).toBeGreaterThan(0);
      expect(await isSameDocument(page)).toBe(true);

      // The progress bar's steps already filled are links: back to Sted, and on from there.
      await page
        .getByRole("list", { name: form.progressLabel })
        .getByRole("link", { name: `2. ${form.steps.place.title}` })
        .click();
      await page.waitForURL(`**/opret-marked/${id}/sted`);
      await expect.poll(() => heading(page)).toBe(stepHeading(form.steps.place.title));

      // From the control panel, the part is sent as it is saved, and the panel says so.
      const panel = `/manage-market/${market.id}`;
      await gotoHydrated(page, panel);
      await page.getByRole("region", { name: translation.organiser.manage.sections.heading }).getByRole("link", { name: form.steps.contact.title }).click();
      await page.waitForURL(/trin=kontakt&tilbage=/);
      await page.getByLabel(form.fields.phone).fill("86 17 00 00");
      await page.getByRole("button", { name: form.review.sendEdit }).click();
      await page.waitForURL((url) => url.pathname === panel);
      await expectToast(page, form.edited.pendingHeading);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the form's pages for everyone", () => {
  const PHONE_320: BrowserContextOptions = { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true };

  test("every step fits a 320 px screen; the steps with a map, a schedule and choices, Se og send with a namesake and something missing, and a step opened on its own from there, pass axe in both themes", async () => {
    // A namesake and a wrong address: Se og send with the most on it.
    const twin = withServerDatabase(
      (db) =>
        db.prepare("select name, postal_code, city from markets where status = 'published' order by slug limit 1").get() as { name: string; postal_code: number; city: string },
    );
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
      expect(
        await page
          .getByRole("listitem")
          .filter({ hasText: `7. ${form.steps.review.title}` })
          .getAttribute("aria-current"),
      ).toBe("step");
      // A step opened on its own: "Gem og gå tilbage" and "Annuller".
      const onItsOwn = `/opret-marked/${id}/kontakt?tilbage=${encodeURIComponent(`/opret-marked/${id}/se-og-send`)}`;
      await gotoHydrated(page, onItsOwn);
      await expectNoSidewaysScrolling(page, onItsOwn);
      await expectNoAxeViolationsInBothThemes(page, onItsOwn);
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
