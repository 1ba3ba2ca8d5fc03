import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { DESKTOP, PHONE, launchBrowser } from "../support/browser";
import { REFUSED_PREFIX, linkIn } from "../support/mailbox";
import { PASSWORD, expectToast, fillSignUp, openContext, submitButton, textOf, texts, uniqueEmail, waitForMailTo, withServerDatabase } from "./auth-helpers";
import { gotoHydrated, url } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A verification token as the server would sign it, with an expiry of our choosing. */
function verificationToken(email: string, expiresAt: Date): string {
  const secret = readFileSync(path.join(path.dirname(inject("databaseFile")), "session-secret"), "utf8").trim();
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const issuedAt = Math.floor(expiresAt.getTime() / 1000) - 24 * 60 * 60;
  const input = `${part({ alg: "HS256" })}.${part({ email, iat: issuedAt, exp: Math.floor(expiresAt.getTime() / 1000) })}`;
  return `${input}.${createHmac("sha256", secret).update(input).digest("base64url")}`;
}

describe("sign-up", () => {
  test("on a phone: from a guarded page to sign-up, the mail's link signs in and returns to that page", async () => {
    const context = await openContext(browser, PHONE);
    try {
      const page = await context.newPage();
      const email = uniqueEmail("ny");
      // A name with markup must arrive in the mail as text.
      const name = "Ole <b>Loppe</b> & Co";

      await page.goto(url("/dashboard/indstillinger"));
      expect(new URL(page.url()).pathname).toBe("/sign-in");
      expect(new URL(page.url()).searchParams.get("next")).toBe("/dashboard/indstillinger");

      await page.getByRole("link", { name: texts.signIn.signUpLink }).click();
      await page.waitForURL((address) => address.pathname === "/sign-up");
      expect(new URL(page.url()).searchParams.get("next")).toBe("/dashboard/indstillinger");
      await fillSignUp(page, { name, email, password: PASSWORD });
      await submitButton(page, texts.signUp.submit).click();

      await page.waitForURL((address) => address.searchParams.has("tjek-email"));
      await expectToast(page, texts.toasts.signedUpVerify);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(texts.signUp.checkMail.heading);
      // Not signed in until the address is confirmed.
      expect((await context.cookies()).some((cookie) => cookie.name.includes("session_token"))).toBe(false);

      const mail = await waitForMailTo(email);
      expect(mail.subject).toBe(texts.mail.verify.subject);
      expect(mail.text).toContain(`Hej ${name}`);
      expect(mail.html).toContain('<html lang="da">');
      expect(mail.html).toContain("Hej Ole &lt;b&gt;Loppe&lt;/b&gt; &amp; Co");
      expect(mail.html).not.toContain("<b>Loppe</b>");
      const link = new URL(linkIn(mail, "/auth/callback"));
      expect(link.searchParams.get("mode")).toBe("verify");
      expect(link.searchParams.get("next")).toBe("/dashboard/indstillinger");

      await page.goto(link.href);
      await page.waitForURL((address) => address.pathname === "/dashboard/indstillinger");
      await expectToast(page, texts.callback.verifiedTitle);

      const session = (await context.cookies()).find((cookie) => cookie.name.endsWith("session_token"));
      expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false });
    } finally {
      await context.close();
    }
  });

  test("an address with an account, a short password and a missing name are answered at their fields", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      const email = uniqueEmail("dobbelt");
      await gotoHydrated(page, "/sign-up");
      await fillSignUp(page, { name: "Første", email, password: PASSWORD });
      await submitButton(page, texts.signUp.submit).click();
      await page.waitForURL((address) => address.searchParams.has("tjek-email"));

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

  test("the check-your-mail page sends the mail again", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      const email = uniqueEmail("igen");
      await gotoHydrated(page, "/sign-up?next=/kalender");
      await fillSignUp(page, { name: "Gentager", email, password: PASSWORD });
      await submitButton(page, texts.signUp.submit).click();
      await page.waitForURL((address) => address.searchParams.has("tjek-email"));
      const first = await waitForMailTo(email);

      await page.getByLabel(texts.fields.email, { exact: true }).fill(email);
      await submitButton(page, texts.signUp.checkMail.submit).click();
      await expectToast(page, texts.resend.sentTitle);
      const second = await waitForMailTo(email, { after: first });
      expect(new URL(linkIn(second, "/auth/callback")).searchParams.get("next")).toBe("/kalender");

      await page.goto(linkIn(second, "/auth/callback"));
      await page.waitForURL((address) => address.pathname === "/kalender");
      await expectToast(page, texts.callback.verifiedTitle);

      // The first link, used after the address is confirmed, signs nobody in a second time.
      await context.clearCookies();
      await page.goto(linkIn(first, "/auth/callback"));
      await page.waitForURL((address) => address.pathname === "/sign-in");
      await expectToast(page, texts.callback.alreadyVerifiedTitle);
    } finally {
      await context.close();
    }
  });

  test("an expired or altered verification link explains itself on the sign-in page", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      const email = uniqueEmail("udloebet");
      const expired = verificationToken(email, new Date(Date.now() - 60_000));
      await page.goto(url(`/auth/callback?mode=verify&token=${expired}&next=/kalender`));
      await page.waitForURL((address) => address.pathname === "/sign-in");
      expect(new URL(page.url()).searchParams.get("next")).toBe("/kalender");
      await expectToast(page, texts.callback.verifyExpiredTitle);

      await page.goto(url(`/auth/callback?mode=verify&token=${expired.slice(0, -3)}abc&next=/kalender`));
      await page.waitForURL((address) => address.pathname === "/sign-in");
      await expectToast(page, texts.callback.verifyInvalidTitle);
    } finally {
      await context.close();
    }
  });

  test("when the verification mail cannot be sent, sign-up says so and keeps no half-made account", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      const email = uniqueEmail(REFUSED_PREFIX);
      await gotoHydrated(page, "/sign-up");
      await fillSignUp(page, { name: "Uden Post", email, password: PASSWORD });
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await submitButton(page, texts.signUp.submit).click();
      expect((await answer).status()).toBe(500);
      await expect.poll(() => textOf(page.getByRole("alert").first())).toBe(texts.signUp.errors.failed);
      const accounts = withServerDatabase((db) => db.prepare("select count(*) as count from user where email = ?").get(email) as { count: number });
      expect(accounts.count).toBe(0);
    } finally {
      await context.close();
    }
  });
});
