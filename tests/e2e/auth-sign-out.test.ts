import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CHECK_LOG_KEY, type CheckRecord } from "../../app/auth/session-watch";
import { DESKTOP, PHONE, launchBrowser } from "../support/browser";
import { PASSWORD, createConfirmedAccount, expectToast, fillSignIn, openContext, submitButton, texts } from "./auth-helpers";
import { focusSessionCheck, freezeClock, gotoHydrated, isSessionCheck, url } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The same account signed in on a second device (its own browser context). */
async function signInElsewhere(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, DESKTOP);
  const page = await context.newPage();
  await page.goto(url("/sign-in"));
  await fillSignIn(page, email, PASSWORD);
  await submitButton(page, texts.signIn.submit).click();
  await expectToast(page, texts.toasts.welcomeBack);
  return { context, page };
}

/** Whether a device still has a session: a guarded page answers, or sends it to /sign-in. */
async function signedIn(page: Page): Promise<boolean> {
  await page.goto(url("/dashboard"));
  return new URL(page.url()).pathname === "/dashboard";
}

describe("sign-out", () => {
  test("on a phone: Log ud ends this session and says so on the front page", async () => {
    const context = await openContext(browser, PHONE);
    try {
      const { name, page } = await createConfirmedAccount(context, "udlog");
      await gotoHydrated(page, "/sign-out");
      await page.getByText(texts.signOut.signedInAs.replace("{{name}}", name)).waitFor();
      await submitButton(page, texts.signOut.thisDevice).click();
      await page.waitForURL((address) => address.pathname === "/");
      await expectToast(page, texts.toasts.signedOut);
      expect((await context.cookies()).some((cookie) => cookie.name.endsWith("session_token"))).toBe(false);
      expect(await signedIn(page)).toBe(false);
    } finally {
      await context.close();
    }
  });

  test("a session check under way when Log ud is pressed does not take the sign-out for a reset", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const { page } = await createConfirmedAccount(context, "samtidig");
      // The clock stands still, so the check's own 5 s timeout cannot end it on a busy machine.
      await freezeClock(page);
      await gotoHydrated(page, "/sign-out");
      // A check of this page is held back (not one left over from the page before)…
      const held: Route[] = [];
      await page.route("**/api/session", (route) => void held.push(route));
      await focusSessionCheck(page, () => held.length);
      // …until "Log ud" has been handled and the page is loading its signed-out data: then the
      // check reaches the server, which answers that the session has ended.
      let released = false;
      await page.route(/\.data(\?|$)/, async (route) => {
        if (!released && route.request().method() === "GET") {
          released = true;
          const answered = page.waitForResponse(isSessionCheck);
          await held[0]!.continue();
          expect(await (await answered).json()).toMatchObject({ signedIn: false });
        }
        await route.continue();
      });
      await submitButton(page, texts.signOut.thisDevice).click();
      await page.waitForURL((address) => address.pathname === "/");
      await expectToast(page, texts.toasts.signedOut);
      expect(released).toBe(true);
      // The held answer was not acted on: no reset, and not recorded as one.
      const checks = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "[]") as CheckRecord[], CHECK_LOG_KEY);
      expect(checks.filter((check) => check.outcome === "signed-out")).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("Log ud på alle enheder ends the sessions on every device, this one too", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const { email, page } = await createConfirmedAccount(context, "alle");
      const other = await signInElsewhere(email);
      try {
        await gotoHydrated(page, "/sign-out");
        await submitButton(page, texts.signOut.allDevices).click();
        await page.waitForURL((address) => address.pathname === "/");
        await expectToast(page, texts.toasts.signedOut);
        await page.getByText(texts.signOut.allDone).waitFor();
        expect(await signedIn(page)).toBe(false);
        expect(await signedIn(other.page)).toBe(false);
      } finally {
        await other.context.close();
      }
    } finally {
      await context.close();
    }
  });

  test("Log ud på andre enheder keeps this session and ends the others", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const { email, page } = await createConfirmedAccount(context, "andre");
      const other = await signInElsewhere(email);
      try {
        await gotoHydrated(page, "/sign-out");
        await submitButton(page, texts.signOut.otherDevices).click();
        await page.waitForURL((address) => address.pathname === "/dashboard");
        await expectToast(page, texts.signOut.othersDoneTitle);
        expect(await signedIn(page)).toBe(true);
        expect(await signedIn(other.page)).toBe(false);
      } finally {
        await other.context.close();
      }
    } finally {
      await context.close();
    }
  });

  test("ending the other sessions from a page whose session has meanwhile ended says Fejl ved udlogning", async () => {
    // Without JavaScript, so the page stays as it was (with it, the session watch would reset it).
    const context = await openContext(browser, { ...DESKTOP, javaScriptEnabled: false });
    try {
      const { email, page } = await createConfirmedAccount(context, "udloebet-session");
      await page.goto(url("/sign-out"));
      // Another device ends every session of the account while this page is open.
      const other = await signInElsewhere(email);
      try {
        await gotoHydrated(other.page, "/sign-out");
        await submitButton(other.page, texts.signOut.allDevices).click();
        await other.page.waitForURL((address) => address.pathname === "/");
      } finally {
        await other.context.close();
      }

      await submitButton(page, texts.signOut.otherDevices).click();
      await page.waitForURL((address) => address.pathname === "/sign-out");
      await expectToast(page, texts.toasts.signOutFailed);
      await page.getByText(texts.signOut.failedExpired).waitFor();
      await page.getByText(texts.signOut.notSignedIn).waitFor();
    } finally {
      await context.close();
    }
  });

  test("a visitor who is not signed in is told so, with the way to sign in", async () => {
    const context = await openContext(browser, PHONE);
    try {
      const page = await context.newPage();
      await page.goto(url("/sign-out"));
      await page.getByText(texts.signOut.notSignedIn).waitFor();
      expect(await page.getByRole("button", { name: texts.signOut.thisDevice }).count()).toBe(0);
      await page.getByRole("main").getByRole("link", { name: texts.signOut.signInLink }).click();
      await page.waitForURL((address) => address.pathname === "/sign-in");
    } finally {
      await context.close();
    }
  });
});
