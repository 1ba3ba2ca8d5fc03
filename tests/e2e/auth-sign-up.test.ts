import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { DESKTOP, launchBrowser } from "../support/browser";
import { PASSWORD, browserSite, createUser, uniqueEmail } from "../support/factories";
import { fillSignUp, gotoHydrated, openContext, submitButton, textOf, texts } from "./helpers";

/*
 * The sign-up page in the browser: its rules before anything is sent, and the server's answers
 * shown in place. Each post as the server answers it, the mail and its link:
 * tests/integration/auth-sign-up.test.ts.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("sign-up", () => {
  test("with JavaScript: an address with an account is answered in place; a short password and a missing name before anything is sent", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      const { email } = await createUser((await browserSite()).database, { email: uniqueEmail("dobbelt") });
      await gotoHydrated(page, "/sign-up");
      await fillSignUp(page, { name: "Anden", email: email.toUpperCase(), password: PASSWORD });
      const taken = page.waitForResponse((response) => response.request().method() === "POST");
      await submitButton(page, texts.signUp.submit).click();
      expect((await taken).status()).toBe(400);
      await expect.poll(() => textOf(page.locator("#email-fejl"))).toBe(texts.signUp.errors.exists);
      expect(await page.getByLabel(texts.fields.email, { exact: true }).getAttribute("aria-invalid")).toBe("true");

      await fillSignUp(page, { name: " ", email: uniqueEmail("kort"), password: "12345" });
      await submitButton(page, texts.signUp.submit).click();
      await expect.poll(() => textOf(page.locator("#password-fejl"))).toBe(texts.fields.passwordTooShort);
      expect(await page.locator("#name-fejl").textContent()).toBe(translation.forms.personName.required);
      // The name field, the first that is wrong, has the focus.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("name");
    } finally {
      await context.close();
    }
  });
});
