import { DEFAULT_RATE_LIMITS } from "../../app/lib/config.server";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { claimSchema } from "../../app/claims/claim-form";
import { marketForClaim, submitClaim } from "../../app/claims/claims.server";
import { collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { browserSite, createTestAccount, createTestMarket, createUser, signInContext, type TestAccount, type TestMarket } from "../support/factories";
import { expectNoSidewaysScrolling, expectToast, gotoHydrated, openContext, submitButton, url, waitForHydration } from "./helpers";

const texts = translation.claims;
const QUEUE = "/dashboard/market-claims";

/**
 * "Er det dit marked?" in a browser: someone signed in presses the button on a market page, sends
 * the claim with JavaScript and is told in place; an admin approves it in place. The market page's
 * prompt, the claim form and the admin's list pass axe in both themes and fit a 320 px screen.
 * Each answer and guard at the level of requests (the way through sign-up and the mail's link, the
 * market the claimant may then manage): tests/integration/market-claims-pages.test.ts.
 */
let browser: Browser;
let admin: TestAccount;
/** A market with an open claim on it, so that the admin's list has a card to check. */
let waiting: TestMarket;
/** A market nobody has claimed: the form to check (an admin may ask for a market too). */
let formMarket: TestMarket;

beforeAll(async () => {
  browser = await launchBrowser();
  const { database } = await browserSite();
  admin = await createTestAccount({ name: "Anne Admin", admin: true });
  waiting = await createTestMarket(database, { name: `Ventemarkedet ${Date.now().toString(36)}` });
  formMarket = await createTestMarket(database, { name: `Formularmarkedet ${Date.now().toString(36)}` });
  // A claim with a long message and an address without breaks: the card with the most on it.
  const claimant = await createUser(database, { name: "Karen Krav" });
  const input = claimSchema.parse({ relation: "forening", contact: "loppemarkedsforeningens.kasserer@eksempel-forening.dk", message: "Formand for foreningen. ".repeat(20) });
  await submitClaim(database.db, claimant.id, (await marketForClaim(database.db, waiting.slug))!, input, { rule: DEFAULT_RATE_LIMITS.claims });
});

afterAll(async () => {
  await browser?.close();
});

async function contextAs(account: TestAccount, options: Parameters<typeof openContext>[1]): Promise<BrowserContext> {
  const context = await openContext(browser, options);
  await signInContext(context, account);
  return context;
}

test("someone signed in presses Er det dit marked? and sends the claim in place; an admin approves it in place", async () => {
  const { database } = await browserSite();
  const market = await createTestMarket(database, { name: `Overtagelsen ${Date.now().toString(36)}` });
  const claimant = await createTestAccount({ name: "Olga Overtager" });
  const [claimantContext, adminContext] = await Promise.all([contextAs(claimant, DESKTOP), contextAs(admin, DESKTOP)]);
  try {
    const page = await claimantContext.newPage();
    const errors = collectPageErrors(page);
    await page.goto(url(`/markeder/${market.slug}`));
    await page.getByRole("link", { name: texts.prompt.claim, exact: true }).click();
    await page.waitForURL(url(`/markeder/${market.slug}/ejerskab`));
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: texts.page.heading }).waitFor();

    await page.getByLabel(texts.relations.arrangoer, { exact: true }).check();
    await page.getByLabel(texts.form.messageLabel, { exact: true }).fill("Jeg har holdt markedet siden 2010.");
    await submitButton(page, texts.form.submit).click();
    await expectToast(page, texts.sent.title);
    await page.getByRole("heading", { name: texts.open.heading }).waitFor();

    const adminPage = await adminContext.newPage();
    await gotoHydrated(adminPage, QUEUE);
    const card = adminPage.locator("article", { has: adminPage.getByRole("link", { name: market.name, exact: true }) });
    await card.getByText("Jeg har holdt markedet siden 2010.").waitFor();
    await card.getByRole("button", { name: texts.admin.approve.submit, exact: true }).click();
    await expectToast(adminPage, texts.admin.toast.approved.replace("{{name}}", market.name));
    await expect.poll(() => card.count()).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([claimantContext.close(), adminContext.close()]);
  }
});

const NARROW = { viewport: { width: 320, height: 720 } };

test("the market page's prompt, the claim form and the admin's list fit a 320 px screen and pass axe in both themes", async () => {
  const context = await contextAs(admin, NARROW);
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // The market page with its "Er det dit marked?" (read without React), the claim form, the list.
    for (const path of [`/markeder/${formMarket.slug}`, `/markeder/${formMarket.slug}/ejerskab`, QUEUE]) {
      if (path === QUEUE) {
        await gotoHydrated(page, path);
        await page.getByRole("link", { name: waiting.name, exact: true }).waitFor();
      } else if (path.endsWith("/ejerskab")) {
        await gotoHydrated(page, path);
        await page.getByRole("button", { name: texts.form.submit, exact: true }).waitFor();
      } else {
        await page.goto(url(path));
        await page.getByRole("link", { name: texts.prompt.claim, exact: true }).waitFor();
      }
      await expectNoSidewaysScrolling(page, path);
      await expectNoAxeViolationsInBothThemes(page, path);
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
