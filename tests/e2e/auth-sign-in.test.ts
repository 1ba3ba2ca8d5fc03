import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DESKTOP, PHONE, axeViolations, launchBrowser } from "../support/browser";
import { linkIn } from "../support/mailbox";
import {
  PASSWORD,
  createConfirmedAccount,
  expectToast,
  fillSignIn,
  fillSignUp,
  openContext,
  submitButton,
  texts,
  uniqueEmail,
  waitForMailTo,
} from "./auth-helpers";
import { countH1, gotoHydrated, url } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("sign-in", () => {
  test("a visitor sent from a guarded page signs in and comes back to it", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const { email, page } = await createConfirmedAccount(context, "tilbage");
      await context.clearCookies();

      const signInPage = await page.goto(url("/dashboard/indstillinger?fane=konto"));
      expect((await signInPage!.request().redirectedFrom()?.response())?.status()).toBe(302);
      expect(new URL(page.url()).pathname).toBe("/sign-in");
      expect(new URL(page.url()).searchParams.get("next")).toBe("/dashboard/indstillinger?fane=konto");
      await fillSignIn(page, email, PASSWORD);
      await submitButton(page, texts.signIn.submit).click();
      await page.waitForURL((address) => address.pathname === "/dashboard/indstillinger");
      expect(new URL(page.url()).search).toBe("?fane=konto");
      await expectToast(page, texts.toasts.welcomeBack);
    } finally {
      await context.close();
    }
  });

  test("a wrong password and an unknown address get the same answer, which reveals nothing", async () => {
    const context = await openContext(browser, PHONE);
    try {
      const { email, page } = await createConfirmedAccount(context, "forkert");
      await context.clearCookies();
      const answers: { status: number; message: string | null }[] = [];
      for (const [address, password] of [
        [email, "forkert-kode"],
        [uniqueEmail("findes-ikke"), "forkert-kode"],
      ] as const) {
        await gotoHydrated(page, "/sign-in");
        await fillSignIn(page, address, password);
        const answer = page.waitForResponse((response) => response.request().method() === "POST");
        await submitButton(page, texts.signIn.submit).click();
        const status = (await answer).status();
        const alert = page.getByRole("alert").filter({ hasText: texts.signIn.errors.wrongCredentials });
        await alert.waitFor();
        answers.push({ status, message: await alert.textContent() });
        // The typed address stays; the password does not.
        expect(await page.getByLabel(texts.fields.email, { exact: true }).inputValue()).toBe(address);
        expect(await page.getByLabel(texts.fields.password, { exact: true }).inputValue()).toBe("");
      }
      expect(answers).toEqual([
        { status: 401, message: texts.signIn.errors.wrongCredentials },
        { status: 401, message: texts.signIn.errors.wrongCredentials },
      ]);
    } finally {
      await context.close();
    }
  });

  test("an unconfirmed address is told so after the right password and can get the mail again", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      const email = uniqueEmail("ubekraeftet");
      await gotoHydrated(page, "/sign-up?next=/register");
      await fillSignUp(page, { name: "Venter", email, password: PASSWORD });
      await submitButton(page, texts.signUp.submit).click();
      await page.waitForURL((address) => address.searchParams.has("tjek-email"));
      const first = await waitForMailTo(email);

      await gotoHydrated(page, "/sign-in?next=/register");
      await fillSignIn(page, email, PASSWORD);
      await submitButton(page, texts.signIn.submit).click();
      const alert = page.getByRole("alert").filter({ hasText: texts.signIn.errors.unverifiedTitle });
      await alert.waitFor();
      await alert.getByRole("button", { name: texts.signIn.resend }).click();
      await expectToast(page, texts.resend.sentTitle);
      expect(new URL(page.url()).searchParams.get("next")).toBe("/register");

      const second = await waitForMailTo(email, { after: first });
      await page.goto(linkIn(second, "/auth/callback"));
      await page.waitForURL((address) => address.pathname === "/register");
      await expectToast(page, texts.callback.verifiedTitle);
    } finally {
      await context.close();
    }
  });

  test("next never leads off the site, and a signed-in visitor skips the form", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const { email, page } = await createConfirmedAccount(context, "udenfor");
      // Signed in: the sign-in page sends on at once.
      await page.goto(url("/sign-in"));
      expect(new URL(page.url()).pathname).toBe("/dashboard");

      await context.clearCookies();
      for (const next of ["//evil.example/fisk", "https://evil.example/", "/\\evil.example"]) {
        await gotoHydrated(page, `/sign-in?next=${encodeURIComponent(next)}`);
        await fillSignIn(page, email, PASSWORD);
        await submitButton(page, texts.signIn.submit).click();
        await page.waitForURL((address) => address.pathname === "/" && address.host === new URL(url("/")).host);
        await context.clearCookies();
      }
    } finally {
      await context.close();
    }
  });

  test("without JavaScript: sign-up, the mail's link, sign-out, a wrong password and sign-in, each with its message", async () => {
    const context = await openContext(browser, { ...PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const email = uniqueEmail("uden-js");
      await page.goto(url("/sign-up?next=/kalender"));
      await fillSignUp(page, { name: "Uden Skript", email, password: PASSWORD });
      await submitButton(page, texts.signUp.submit).click();
      await page.waitForURL((address) => address.searchParams.has("tjek-email"));
      await expectToast(page, texts.toasts.signedUpVerify);

      await page.goto(linkIn(await waitForMailTo(email), "/auth/callback"));
      await page.waitForURL((address) => address.pathname === "/kalender");
      await expectToast(page, texts.callback.verifiedTitle);

      await page.goto(url("/sign-out"));
      await submitButton(page, texts.signOut.thisDevice).click();
      await page.waitForURL((address) => address.pathname === "/");
      await expectToast(page, texts.toasts.signedOut);

      await page.goto(url("/sign-in?next=/register"));
      await fillSignIn(page, email, "forkert-kode");
      const refused = page.waitForResponse((response) => response.request().method() === "POST");
      await submitButton(page, texts.signIn.submit).click();
      expect((await refused).status()).toBe(401);
      await page.getByRole("alert").filter({ hasText: texts.signIn.errors.wrongCredentials }).waitFor();
      expect(await page.getByLabel(texts.fields.email, { exact: true }).inputValue()).toBe(email);

      await fillSignIn(page, email, PASSWORD);
      await submitButton(page, texts.signIn.submit).click();
      await page.waitForURL((address) => address.pathname === "/register");
      await expectToast(page, texts.toasts.welcomeBack);
    } finally {
      await context.close();
    }
  });

  test("the account pages have one heading, no axe violations and keep out of caches, light and dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await openContext(browser, { ...PHONE, colorScheme });
      try {
        const page = await context.newPage();
        for (const path of ["/sign-in", "/sign-up", "/sign-up?tjek-email=1", "/forgot-password", "/forgot-password?sendt=1", "/reset-password?token=ukendt", "/sign-out"]) {
          const response = await page.goto(url(path));
          const html = await response!.text();
          expect(countH1(html), path).toBe(1);
          expect(response!.headers()["cache-control"], path).toBe("private, no-store");
          expect(await page.locator('meta[name="robots"]').getAttribute("content"), path).toBe("noindex,follow");
          expect(await axeViolations(page), `${path} (${colorScheme})`).toEqual([]);
        }
      } finally {
        await context.close();
      }
    }
  });
});
