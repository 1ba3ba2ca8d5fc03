import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { claimSchema } from "../../app/markets/claims/claim-form";
import { marketForClaim, submitClaim } from "../../app/markets/claims/claims.server";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { browserSite, createTestAccount, createTestMarket, createUser, PASSWORD, signInContext, uniqueEmail, type TestAccount, type TestMarket } from "../support/factories";
import { linkIn } from "../support/mailbox";
import { expectToast, fillSignUp, gotoHydrated, openContext, submitButton, texts as authTexts, url, waitForMailTo } from "./helpers";

const texts = translation.claims;
const QUEUE = "/dashboard/market-claims";

/**
 * "Er det dit marked?" in a browser: a visitor presses the button on a market page, signs up,
 * confirms the address from the mail and lands on the claim form, sends it; an admin approves it
 * and the market is the claimant's to manage. The market page's prompt, the claim form and the
 * admin's list pass axe in both themes and fit a 320 px screen. Each answer and guard at the level of requests:
 * tests/integration/market-claims-pages.test.ts.
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
  await submitClaim(database.db, claimant.id, (await marketForClaim(database.db, waiting.slug))!, input);
});

afterAll(async () => {
  await browser?.close();
});

async function contextAs(account: TestAccount | null, options: Parameters<typeof openContext>[1], theme?: "dark"): Promise<BrowserContext> {
  const context = await openContext(browser, options);
  if (account) await signInContext(context, account);
  if (theme) await context.addCookies([{ name: "loppeguiden-theme", value: theme, url: url("/") }]);
  return context;
}

test("a visitor presses Er det dit marked?, signs up, confirms by mail, sends the claim; an admin approves; the market is theirs", async () => {
  const { database } = await browserSite();
  const market = await createTestMarket(database, { name: `Overtagelsen ${Date.now().toString(36)}` });
  const email = uniqueEmail("overtager");
  const visitor = await contextAs(null, DESKTOP);
  const adminContext = await contextAs(admin, DESKTOP);
  try {
    const page = await visitor.newPage();
    const errors = collectPageErrors(page);
    await page.goto(url(`/markeder/${market.slug}`));
    await page.getByRole("link", { name: texts.prompt.claim, exact: true }).click();
    await page.getByRole("link", { name: authTexts.signIn.signUpLink, exact: true }).click();
    await fillSignUp(page, { name: "Olga Overtager", email, password: PASSWORD });
    await submitButton(page, authTexts.signUp.submit).click();
    await page.waitForURL((address) => address.searchParams.has("tjek-email"));
    await page.goto(linkIn(await waitForMailTo(email), "/auth/callback"));
    await page.waitForURL(url(`/markeder/${market.slug}/ejerskab`));
    await page.getByRole("heading", { level: 1, name: texts.page.heading }).waitFor();

    await page.getByLabel(texts.relations.arrangoer, { exact: true }).check();
    expect(await page.getByLabel(texts.form.contactLabel, { exact: true }).inputValue()).toBe(email);
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

    const manage = await page.goto(url(`/manage-market/${market.id}`));
    expect(manage?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: market.name }).waitFor();
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([visitor.close(), adminContext.close()]);
  }
});

const NARROW = { viewport: { width: 320, height: 720 } };

describe.each([
  ["light", { ...DESKTOP, viewport: { width: 1280, height: 800 } }, undefined],
  ["dark", NARROW, "dark"],
] as const)("in the %s theme", (theme, viewport, cookie) => {
  test("the market page's prompt, the claim form and the admin's list pass axe and fit the screen", async () => {
    const context = await contextAs(admin, viewport, cookie);
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
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark")), path).toBe(theme === "dark");
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(viewport.viewport.width);
        const violations = await axeViolations(page);
        expect(violations, `${path} (${theme}):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
