import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PHONE, launchBrowser } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { PASSWORD, createTestAccount } from "../support/factories";
import { expectToast, fillSignIn, gotoHydrated, openContext, submitButton, texts, url } from "./helpers";

/*
 * The sign-in page in the browser. What the server answers to each post (statuses, where it leads,
 * toasts, messages, the verification mail's link, headers): tests/integration/auth-sign-in.test.ts.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("sign-in", () => {
  test("with JavaScript: a refused password is said in place, and the right one leads back to the guarded page", async () => {
    const context = await openContext(browser, PHONE);
    try {
      const { email } = await createTestAccount();
      const page = await context.newPage();
      await gotoHydrated(page, `/sign-in?next=${encodeURIComponent("/dashboard/indstillinger?fane=konto")}`);
      await fillSignIn(page, email, "forkert-kode");
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await submitButton(page, texts.signIn.submit).click();
      expect((await answer).status()).toBe(401);
      await page.getByRole("alert").filter({ hasText: texts.signIn.errors.wrongCredentials }).waitFor();
      // The typed address stays; the password is emptied, to be typed again.
      expect(await page.getByLabel(texts.fields.email, { exact: true }).inputValue()).toBe(email);
      expect(await page.getByLabel(texts.fields.password, { exact: true }).inputValue()).toBe("");

      await fillSignIn(page, email, PASSWORD);
      await submitButton(page, texts.signIn.submit).click();
      await page.waitForURL((address) => address.pathname === "/dashboard/indstillinger");
      expect(new URL(page.url()).search).toBe("?fane=konto");
      await expectToast(page, texts.toasts.welcomeBack);
    } finally {
      await context.close();
    }
  });

  // Their headings, cache headers and robots tag: tests/integration/auth-sign-in.test.ts.
  test("the account pages have no axe violations, light and dark", async () => {
    const context = await openContext(browser, { ...PHONE, colorScheme: "light" });
    try {
      const page = await context.newPage();
      for (const path of ["/sign-in", "/sign-up", "/sign-up?tjek-email=1", "/forgot-password", "/forgot-password?sendt=1", "/reset-password?token=ukendt", "/sign-out"]) {
        await page.goto(url(path));
        // In the system theme, dark as on a device set to dark.
        await expectNoAxeViolationsInBothThemes(page, path, { dark: "device" });
      }
    } finally {
      await context.close();
    }
  });
});
