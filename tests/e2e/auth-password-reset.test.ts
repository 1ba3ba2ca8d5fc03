import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { DESKTOP, PHONE, launchBrowser } from "../support/browser";
import { REFUSED_PREFIX, linkIn, mailsTo } from "../support/mailbox";
import {
  PASSWORD,
  createConfirmedAccount,
  expectToast,
  fillSignIn,
  mailDir,
  openContext,
  submitButton,
  textOf,
  texts,
  uniqueEmail,
  waitForMailTo,
  withServerDatabase,
} from "./auth-helpers";
import { gotoHydrated, url } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Asks for a reset link; the server has tried to send the mail by the time the form is answered. */
async function requestReset(page: Page, email: string): Promise<void> {
  await gotoHydrated(page, "/forgot-password");
  await page.getByLabel(texts.fields.email, { exact: true }).fill(email);
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await submitButton(page, texts.forgotPassword.submit).click();
  await answered;
}

async function chooseNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel(texts.fields.newPassword, { exact: true }).fill(password);
  await page.getByLabel(texts.fields.repeatPassword, { exact: true }).fill(password);
  await submitButton(page, texts.resetPassword.submit).click();
}

/** Moves a reset link's expiry into the past, as an hour's wait would. */
function expireResetLink(link: string): void {
  const token = new URL(link).searchParams.get("token");
  const changed = withServerDatabase((db) =>
    db.prepare("update verification set expiresAt = ? where identifier = ?").run(new Date(Date.now() - 60_000).toISOString(), `reset-password:${token}`),
  );
  expect(changed.changes).toBe(1);
}

/** A confirmed account, signed out again, and its verification mail (reset mails come after it). */
async function signedOutAccount(context: BrowserContext, label: string) {
  const account = await createConfirmedAccount(context, label);
  await context.clearCookies();
  return account;
}

describe("forgotten password", () => {
  test("on a phone: the mail's link sets a new password once, which signs out everywhere", async () => {
    const context = await openContext(browser, PHONE);
    const otherDevice = await openContext(browser, DESKTOP);
    try {
      const { email, page, verificationMail } = await createConfirmedAccount(context, "nulstil");
      // Signed in on another device too: the new password must end that session.
      const other = await otherDevice.newPage();
      await other.goto(url("/sign-in"));
      await fillSignIn(other, email, PASSWORD);
      await submitButton(other, texts.signIn.submit).click();
      await other.waitForURL((address) => address.pathname === "/");
      await context.clearCookies();

      await requestReset(page, email);
      await page.waitForURL((address) => address.searchParams.has("sendt"));
      await expectToast(page, texts.toasts.resetSent);
      await page.getByRole("status").filter({ hasText: texts.forgotPassword.sent }).waitFor();

      const mail = await waitForMailTo(email, { after: verificationMail });
      expect(mail.subject).toBe(texts.mail.reset.subject);
      const link = linkIn(mail, "/reset-password");
      await page.goto(link);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(texts.resetPassword.heading);

      await chooseNewPassword(page, "ny-hemmelig-kode");
      await page.waitForURL((address) => address.pathname === "/sign-in");
      await expectToast(page, texts.toasts.passwordUpdated);

      // The other device is signed out.
      await other.goto(url("/dashboard"));
      expect(new URL(other.url()).pathname).toBe("/sign-in");

      // The old password no longer works, the new one does.
      await fillSignIn(page, email, PASSWORD);
      await submitButton(page, texts.signIn.submit).click();
      await page.getByRole("alert").filter({ hasText: texts.signIn.errors.wrongCredentials }).waitFor();
      await fillSignIn(page, email, "ny-hemmelig-kode");
      await submitButton(page, texts.signIn.submit).click();
      await expectToast(page, texts.toasts.welcomeBack);

      // The link has been used.
      await context.clearCookies();
      const again = await page.goto(link);
      expect(again?.status()).toBe(410);
      expect(await page.getByRole("alert").textContent()).toContain(texts.resetPassword.linkInvalidTitle);
      expect(await page.getByLabel(texts.fields.newPassword).count()).toBe(0);
    } finally {
      await context.close();
      await otherDevice.close();
    }
  });

  test("an unknown address gets the same answer and no mail", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      const email = uniqueEmail("ukendt");
      await requestReset(page, email);
      await page.waitForURL((address) => address.searchParams.has("sendt"));
      await expectToast(page, texts.toasts.resetSent);
      // A known address's mail is written before the page answers; none is coming for this one.
      expect(mailsTo(mailDir, email)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("an expired link says so, also when it runs out while the form is open", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const { email, page, verificationMail } = await signedOutAccount(context, "udloeb");
      await requestReset(page, email);
      const first = await waitForMailTo(email, { after: verificationMail });
      const firstLink = linkIn(first, "/reset-password");

      expireResetLink(firstLink);
      const expired = await page.goto(firstLink);
      expect(expired?.status()).toBe(410);
      expect(await page.getByRole("alert").textContent()).toContain(texts.resetPassword.linkExpiredTitle);
      await page.getByRole("link", { name: texts.resetPassword.newLink }).click();
      await page.waitForURL((address) => address.pathname === "/forgot-password");

      await requestReset(page, email);
      const second = await waitForMailTo(email, { after: first });
      const secondLink = linkIn(second, "/reset-password");
      await gotoHydrated(page, new URL(secondLink).pathname + new URL(secondLink).search);
      expireResetLink(secondLink);
      await chooseNewPassword(page, "endnu-en-kode");
      await expectToast(page, texts.toasts.passwordUpdateFailed);
      await page.getByRole("alert").filter({ hasText: texts.resetPassword.linkExpiredTitle }).waitFor();
    } finally {
      await context.close();
    }
  });

  test("a new password that is too short or typed differently twice is answered at its field", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const { email, page, verificationMail } = await signedOutAccount(context, "kort-kode");
      await requestReset(page, email);
      const link = linkIn(await waitForMailTo(email, { after: verificationMail }), "/reset-password");
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

  test("when the mail cannot be sent, the page says so", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      // An account whose mail server refuses mail: made in the database, as no form can make one.
      const email = uniqueEmail(REFUSED_PREFIX);
      const now = new Date().toISOString();
      withServerDatabase((db) =>
        db
          .prepare("insert into user (id, name, email, emailVerified, image, createdAt, updatedAt) values (?, ?, ?, 1, null, ?, ?)")
          .run(randomUUID(), "Afvist Modtager", email, now, now),
      );
      const page = await context.newPage();
      await requestReset(page, email);
      await expectToast(page, texts.toasts.resetSendFailed);
      expect(new URL(page.url()).searchParams.has("sendt")).toBe(false);
    } finally {
      await context.close();
    }
  });
});
