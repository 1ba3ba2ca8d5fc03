import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addDays, todayInDenmark } from "../../app/lib/dates";
import translation from "../../app/locales/da/translation.json";
import { setMarketStatus } from "../../app/markets/market-writes.server";
import { collectPageErrors, DESKTOP, launchBrowser, PHONE } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import {
  browserSite,
  cookieHeader,
  createTestAccount,
  createTestMarket,
  PASSWORD,
  postForm,
  signInContext,
  withServerDatabase,
  type TestAccount,
  type TestMarket,
} from "../support/factories";
import {
  consentCookies,
  expectNoSidewaysScrolling,
  expectToast,
  fillSignIn,
  gotoHydrated,
  isSameDocument,
  markDocument,
  openContext,
  submitButton,
  texts as authTexts,
  url,
} from "./helpers";

/*
 * "Gem" in a browser: an instant toggle on a page without React (the market page) and on a React
 * page (the register), rolled back when the server refuses; a visitor's press kept through
 * sign-in; the saved list's order, "Fjern" and a new feed address in place; and the list and the
 * buttons through axe in both themes on a 320 px screen. The answers of the server, request by
 * request (the post without JavaScript, the way through sign-up, the feed and its contents):
 * tests/integration/saved-pages.test.ts and saved-markets.test.ts.
 */

const texts = translation.saved;
const LIST = "/dashboard/gemte-markeder";
const NARROW: BrowserContextOptions = { viewport: { width: 320, height: 720 }, isMobile: true, hasTouch: true };
const TAG = Date.now().toString(36);

let browser: Browser;
/** Saves and unsaves on the market page and the register. */
let member: TestAccount;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await createTestAccount({ name: "Gemme Gerda" });
});

afterAll(async () => {
  await browser?.close();
});

async function contextAs(account: TestAccount | null, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await openContext(browser, options);
  if (account) await signInContext(context, account);
  return context;
}

async function savedIds(userId: string): Promise<string[]> {
  const { database } = await browserSite();
  return (await database.db.selectFrom("saved_markets").select("market_id").where("user_id", "=", userId).execute()).map((row) => row.market_id);
}

/** The market's button as a screen reader names it: "Gem …" or "Gemt …", with aria-pressed to match. */
function saveButton(page: Page, market: TestMarket, saved: boolean) {
  return page.getByRole("button", { name: `${saved ? texts.button.saved : texts.button.save} ${market.name}`, exact: true, pressed: saved });
}

/** Holds the market's save request until released: what the button shows before the server has answered. */
async function holdSaves(page: Page, market: TestMarket) {
  const address = url(`/gem/${market.id}`);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const passed: Promise<void>[] = [];
  await page.route(address, (route) => {
    passed.push(gate.then(() => route.continue()));
  });
  return {
    sent: () => passed.length,
    release: async () => {
      open();
      await Promise.all(passed);
      await page.unroute(address);
    },
  };
}

/** A schedule of single dates, each so many days from today. */
function onDays(...days: number[]) {
  return days.map((day) => ({ kind: "dates", startDate: addDays(todayInDenmark(), day), startTime: "10:00", endTime: "14:00" }));
}

describe("with JavaScript, signed in", () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await contextAs(member, DESKTOP);
    page = await context.newPage();
    errors = collectPageErrors(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  /** Gem turns the button before the server has answered, Gemt turns it back; no reload, a toast each time, the row written and gone. */
  async function toggleInPlace(market: TestMarket) {
    await markDocument(page);
    const held = await holdSaves(page, market);
    await saveButton(page, market, false).click();
    await saveButton(page, market, true).waitFor();
    // The button turned before its request reached the route that holds it, which it still does.
    await expect.poll(() => held.sent(), { message: "the request is still waiting for the server" }).toBe(1);
    await held.release();
    await expectToast(page, texts.toasts.saved);
    expect(await savedIds(member.id)).toContain(market.id);

    await saveButton(page, market, true).click();
    await saveButton(page, market, false).waitFor();
    await expectToast(page, texts.toasts.removed);
    await expect.poll(() => savedIds(member.id)).not.toContain(market.id);
    expect(await isSameDocument(page), "the page was not reloaded").toBe(true);
  }

  test("on the market page (no React) the button turns at once, without reloading the page", async () => {
    const market = await createTestMarket((await browserSite()).database, { name: `Straks Gemt ${TAG}` });
    await gotoHydrated(page, `/markeder/${market.slug}`);
    await toggleInPlace(market);
    expect(errors).toEqual([]);
  });

  test("on a card in the register (React) the button turns at once, without reloading the page", async () => {
    const market = await createTestMarket((await browserSite()).database, { name: `Kortet Gemmes ${TAG}` });
    await gotoHydrated(page, `/register?q=${encodeURIComponent(market.name)}`);
    await toggleInPlace(market);
    expect(errors).toEqual([]);
  });

  test("a market closed behind the page's back: the button turns back to Gem with the server's reason", async () => {
    const { database } = await browserSite();
    const market = await createTestMarket(database, { name: `Lukket Imens ${TAG}` });
    await gotoHydrated(page, `/markeder/${market.slug}`);
    await setMarketStatus(database.db, market.id, "archived");
    const held = await holdSaves(page, market);
    await saveButton(page, market, false).click();
    await saveButton(page, market, true).waitFor();
    await held.release();
    await expectToast(page, texts.toasts.closed);
    await saveButton(page, market, false).waitFor();
    expect(await savedIds(member.id)).not.toContain(market.id);
    // The browser reports the refused request (409) on its console; nothing else went wrong.
    expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
  });
});

describe("a visitor's Gem", () => {
  test("goes through sign-in and comes back to the market, saved", async () => {
    const { database } = await browserSite();
    const market = await createTestMarket(database, { name: `Efter Login ${TAG}` });
    const account = await createTestAccount({ name: "Login Lone" });
    const context = await contextAs(null, PHONE);
    try {
      const page = await context.newPage();
      await gotoHydrated(page, `/markeder/${market.slug}`);
      await saveButton(page, market, false).click();
      await page.waitForURL((address) => address.pathname === "/sign-in");
      await fillSignIn(page, account.email, PASSWORD);
      await submitButton(page, authTexts.signIn.submit).click();
      await page.waitForURL((address) => address.pathname === `/markeder/${market.slug}` && address.hash === `#gem-${market.id}`);
      await saveButton(page, market, true).waitFor();
      await expectToast(page, `${authTexts.toasts.welcomeBack} ${texts.toasts.saved}`);
      expect(await savedIds(account.id)).toEqual([market.id]);
    } finally {
      await context.close();
    }
  });
});

describe("the saved list", () => {
  let lister: TestAccount;
  let nobody: TestAccount;
  /** Named against the order of their dates (10, 25 and 40 days from today). */
  let soon: TestMarket;
  let middle: TestMarket;
  let late: TestMarket;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const { database } = await browserSite();
    [lister, nobody] = await Promise.all([createTestAccount({ name: "Liste Lars" }), createTestAccount({ name: "Tomme Tove" })]);
    soon = await createTestMarket(database, { name: `Zulu Gemmeliste ${TAG}`, schedules: onDays(10) });
    middle = await createTestMarket(database, { name: `Mellem Gemmeliste ${TAG}`, schedules: onDays(25, 32) });
    late = await createTestMarket(database, { name: `Alfa Gemmeliste ${TAG}`, schedules: onDays(40) });
    context = await contextAs(lister, DESKTOP);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  const headings = () => page.locator('[data-testid="saved-markets"] h2').allInnerTexts();

  test("lists the next date first whatever order they were saved in, and Fjern takes one off in place", async () => {
    // Saved middle, late, soon (the buttons' post, as the tests above press it): neither the order
    // of saving nor the names give the order of the dates.
    for (const market of [middle, late, soon]) {
      expect((await postForm(`/gem/${market.id}`, { gem: "1", tilbage: LIST }, cookieHeader(lister))).status).toBe(303);
    }
    await gotoHydrated(page, LIST);
    expect(await page.locator("h1").allInnerTexts()).toEqual([texts.heading]);
    expect(await headings()).toEqual([soon.name, middle.name, late.name]);

    await markDocument(page);
    await page.getByRole("button", { name: `${texts.list.remove} ${late.name}`, exact: true }).click();
    await expectToast(page, texts.toasts.removed);
    await expect.poll(headings).toEqual([soon.name, middle.name]);
    expect(await isSameDocument(page)).toBe(true);
    expect(await savedIds(lister.id)).not.toContain(late.id);
  });

  test("a new address for the private feed is shown in place with a toast", async () => {
    const field = page.getByLabel(texts.feed.label, { exact: true });
    const address = await field.inputValue();
    await markDocument(page);
    await page.getByRole("button", { name: texts.feed.renew, exact: true }).click();
    await expectToast(page, texts.feed.renewed);
    await expect.poll(() => field.inputValue()).not.toBe(address);
    expect(await isSameDocument(page)).toBe(true);
  });

  // After the tests above: two markets left on the list. The organiser calls off the first date of
  // one of them, so that the list shows a date called off too.
  test("the list, the empty list and the cards' Gem and Gemt pass axe in both themes, with no sideways scrolling at 320 px", async () => {
    withServerDatabase((db) =>
      db.prepare("update market_occurrences set status = 'cancelled', note = 'Regnvejr' where market_id = ? and local_date = ?").run(middle.id, addDays(todayInDenmark(), 25)),
    );
    const contexts = await Promise.all([contextAs(lister, NARROW), contextAs(nobody, NARROW)]);
    try {
      // A returning visitor's choice of cookies: the banner would cover the first card's button,
      // and axe cannot tell the contrast of what is covered.
      await Promise.all(contexts.map((each) => each.addCookies(consentCookies())));
      const [full, empty] = await Promise.all(contexts.map((each) => each.newPage()));
      const errors = [...collectPageErrors(full!), ...collectPageErrors(empty!)];
      const check = async (screen: Page, what: string, within?: string) => {
        await expectNoSidewaysScrolling(screen, what);
        await expectNoAxeViolationsInBothThemes(screen, what, { within });
      };

      await gotoHydrated(full!, LIST);
      expect(await full!.locator('[data-testid="saved-markets"] h2').count()).toBe(2);
      await full!.getByText(/Regnvejr/).waitFor();
      await check(full!, "the list");

      await gotoHydrated(empty!, LIST);
      await empty!.getByRole("heading", { level: 2, name: texts.empty.heading }).waitFor();
      await check(empty!, "the empty list");

      // The cards of the three markets: two say Gemt, the one taken off says Gem.
      await gotoHydrated(full!, `/register?q=${encodeURIComponent(`Gemmeliste ${TAG}`)}`);
      await Promise.all([saveButton(full!, soon, true).waitFor(), saveButton(full!, middle, true).waitFor(), saveButton(full!, late, false).waitFor()]);
      await check(full!, "the cards' buttons", "[data-save-market]");
      expect(errors).toEqual([]);
    } finally {
      await Promise.all(contexts.map((each) => each.close()));
    }
  });
});
