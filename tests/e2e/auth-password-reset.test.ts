import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { DESKTOP, launchBrowser } from "../support/browser";
import { browserSite, createUser, postForm } from "../support/factories";
import { linkIn } from "../support/mailbox";
import { gotoHydrated, openContext, submitButton, textOf, texts, waitForMailTo } from "./helpers";

/*
 * The new-password form's rules in the browser. The mail, its one-time link, links that have run
 * out, and each answer of the server: tests/integration/auth-password-reset.test.ts.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function chooseNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel(texts.fields.newPassword, { exact: true }).fill(password);
  await page.getByLabel(texts.fields.repeatPassword, { exact: true }).fill(password);
  await submitButton(page, texts.resetPassword.submit).click();
}

describe("forgotten password", () => {
  test("with JavaScript: a new password that is too short or typed differently twice is answered at its field", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const { email } = await createUser((await browserSite()).database);
      expect((await postForm("/forgot-password", { email })).status).toBe(303);
      const link = linkIn(await waitForMailTo(email), "/reset-password");
      const page = await context.newPage();
      await gotoHydrated(page, new URL(link).pathname + new URL(link).search);

      await chooseNewPassword(page, "123");
      await expect.poll(() => textOf(page.locator("#password-fejl"))).toBe(texts.fields.passwordTooShort);

      await page.getByLabel(texts.fields.newPassword, { exact: true }).fill("lang-nok-kode");
      await page.getByLabel(texts.fields.repeatPassword, { exact: true }).fill("en-anden-kode");
      await submitButton(page, texts.resetPassword.submit).click();
      await expect.poll(() => textOf(page.locator("#repeatPassword-fejl"))).toBe(translation.forms.password.differ);
    } finally {
      await context.close();
    }
  });
});
