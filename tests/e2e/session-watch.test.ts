import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { createTestAccount, deleteProfileOf, deleteSessionsOf, signInContext, uniqueEmail, type TestAccount } from "../support/factories";
import { focusSessionCheck, freezeClock, gotoChecked, gotoHydrated, isSameDocument, isSessionCheck, markDocument, url, watchHydration } from "./helpers";

const texts = translation.session;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A desktop context signed in as a new user (the header shows its links in a row from 1024 px). */
async function signedInContext(label: string): Promise<{ context: BrowserContext; user: TestAccount }> {
  const user = await createTestAccount({ email: uniqueEmail(label) });
  const context = await browser.newContext(DESKTOP);
  await watchHydration(context);
  await signInContext(context, user);
  return { context, user };
}

function headerLink(page: Page, name: string) {
  return page.getByRole("navigation", { name: translation.shell.mainNavigation }).getByRole("link", { name, exact: true });
}

const toast = (page: Page, text: string) => page.getByRole("region", { name: /Beskeder/ }).getByText(text, { exact: true });

/** Another tab hears through a BroadcastChannel: give it a moment on a busy machine. */
const SOON = { timeout: 5_000 };

async function expectSignedOutInPlace(page: Page) {
  await headerLink(page, translation.nav.signIn).waitFor(SOON);
  expect(await headerLink(page, translation.nav.myPage).count()).toBe(0);
  // Reset by loading the data again, not by reloading the page.
  expect(await isSameDocument(page)).toBe(true);
}

describe("the session check of open pages", () => {
  test("a sign-out in one tab signs out the other tab at once, with its message", async () => {
    const { context } = await signedInContext("to-faner");
    try {
      const signingOut = await context.newPage();
      const other = await context.newPage();
      await gotoChecked(other, "/kalender");
      await markDocument(other);
      expect(await headerLink(other, translation.nav.myPage).count()).toBe(1);

      await gotoChecked(signingOut, "/sign-out");
      await signingOut.getByRole("button", { name: translation.auth.signOut.thisDevice, exact: true }).click();
      await signingOut.waitForURL(url("/"));
      await headerLink(signingOut, translation.nav.signIn).waitFor(SOON);

      await toast(other, texts.resetElsewhere).waitFor(SOON);
      await expectSignedOutInPlace(other);
      // The tab that signed out shows its own message, not the reset.
      expect(await toast(signingOut, texts.reset).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("a tab whose next page loads signed out (a sign-out without JavaScript) tells the other tab", async () => {
    const { context, user } = await signedInContext("helside");
    try {
      const signingOut = await context.newPage();
      const other = await context.newPage();
      await gotoChecked(other, "/register");
      await markDocument(other);
      await gotoChecked(signingOut, "/kalender");

      // The session ends, and the tab's next page is a whole new document, as after a form post
      // without JavaScript: only the tab's own memory (sessionStorage) says it was signed in.
      expect(deleteSessionsOf(user.id)).toBe(1);
      await gotoHydrated(signingOut, "/");
      expect(await headerLink(signingOut, translation.nav.signIn).count()).toBe(1);

      await toast(other, texts.resetElsewhere).waitFor(SOON);
      await expectSignedOutInPlace(other);
    } finally {
      await context.close();
    }
  });

  test("a revoked session is noticed on focus; the tab resets and tells the other tab", async () => {
    const { context, user } = await signedInContext("fokus");
    try {
      const page = await context.newPage();
      const other = await context.newPage();
      const errors = collectPageErrors(page);
      await gotoChecked(page, "/register");
      await gotoChecked(other, "/");
      await markDocument(page);
      await markDocument(other);

      expect(deleteSessionsOf(user.id)).toBe(1);
      const check = page.waitForResponse(isSessionCheck);
      await focusSessionCheck(page);
      expect(await (await check).json()).toMatchObject({ signedIn: false });

      await toast(page, texts.reset).waitFor(SOON);
      await expectSignedOutInPlace(page);
      await toast(other, texts.resetElsewhere).waitFor(SOON);
      await expectSignedOutInPlace(other);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a revoked session is noticed when the tab becomes visible, and a guarded page goes to sign-in", async () => {
    const { context, user } = await signedInContext("synlig");
    try {
      const page = await context.newPage();
      await gotoChecked(page, "/dashboard/indstillinger");
      await markDocument(page);

      deleteSessionsOf(user.id);
      await focusSessionCheck(page, undefined, "visibility");
      await page.waitForURL((current) => current.pathname === "/sign-in", SOON);
      expect(new URL(page.url()).searchParams.get("next")).toBe("/dashboard/indstillinger");
      // The message shown as the page was left is shown again on the sign-in page.
      await toast(page, texts.reset).waitFor(SOON);
      // /sign-in is a page without React: it comes as a document of its own (decision 0032).
      await headerLink(page, translation.nav.signIn).waitFor(SOON);
      expect(await headerLink(page, translation.nav.myPage).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("the check runs every 300 s, not before, and notices a revoked session", async () => {
    const { context, user } = await signedInContext("interval");
    try {
      const page = await context.newPage();
      await freezeClock(page);
      const checks: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/session") checks.push(request.url());
      });
      await gotoChecked(page, "/kalender");
      await markDocument(page);
      expect(checks).toHaveLength(1);

      deleteSessionsOf(user.id);
      await page.clock.runFor(299_999);
      expect(checks).toHaveLength(1);
      expect(await headerLink(page, translation.nav.myPage).count()).toBe(1);

      const check = page.waitForResponse(isSessionCheck);
      await page.clock.runFor(1);
      await check;
      expect(checks).toHaveLength(2);
      await toast(page, texts.reset).waitFor(SOON);
      await expectSignedOutInPlace(page);
    } finally {
      await context.close();
    }
  });

  test("a check without an answer within 5 s shows the network message and keeps the page signed in", async () => {
    const { context } = await signedInContext("timeout");
    try {
      const page = await context.newPage();
      await freezeClock(page);
      await gotoChecked(page, "/");
      // From now on the session check never gets an answer.
      let held = 0;
      await page.route("**/api/session", () => {
        held++;
      });
      await focusSessionCheck(page, () => held);

      await page.clock.runFor(4_999);
      expect(await toast(page, texts.networkTimeout).count()).toBe(0);
      await page.clock.runFor(1);
      await toast(page, texts.networkTimeout).waitFor(SOON);
      expect(await headerLink(page, translation.nav.myPage).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  test("a signed-in user without a profile row is told so", async () => {
    const { context, user } = await signedInContext("uden-profil");
    try {
      const page = await context.newPage();
      expect(deleteProfileOf(user.id)).toBe(1);
      const check = page.waitForResponse(isSessionCheck);
      await gotoHydrated(page, "/test/auth-debug");
      expect(await (await check).json()).toMatchObject({ signedIn: true, profile: "missing" });
      await toast(page, texts.profileMissing).waitFor(SOON);
      expect(await page.getByTestId("session-profile").textContent()).toBe(texts.debug.profileNotFound);
      // Still signed in: the profile is missing, not the session.
      expect(await headerLink(page, translation.nav.myPage).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});

// GET /api/session's answers, and /test/auth-debug as served (status, headers, the session's facts):
// tests/integration/session-pages.test.ts.
describe("/test/auth-debug", () => {
  test("lists this tab's checks, a new one on request, and passes axe in the light theme and the dark", async () => {
    const { context } = await signedInContext("debug");
    try {
      const page = await context.newPage();
      await gotoHydrated(page, "/test/auth-debug");
      const checks = page.getByTestId("session-checks").getByRole("listitem");
      await checks.first().waitFor(SOON);
      expect(await checks.first().textContent()).toContain(texts.debug.trigger.start);
      await page.getByRole("button", { name: texts.debug.checkNow }).click();
      await expect.poll(() => checks.count(), SOON).toBe(2);
      expect(await checks.first().textContent()).toContain(texts.debug.trigger.manual);
      expect(await checks.first().textContent()).toContain(texts.debug.outcome["signed-in"]);

      await expectNoAxeViolationsInBothThemes(page, "/test/auth-debug", { dark: "device" });
    } finally {
      await context.close();
    }
  });

  test("offers a visitor no check, and a visitor's page never asks for a session", async () => {
    const context = await browser.newContext(DESKTOP);
    await watchHydration(context);
    try {
      const page = await context.newPage();
      const checks: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/session") checks.push(request.url());
      });
      await gotoHydrated(page, "/test/auth-debug");
      await page.getByTestId("session-signed-out").waitFor();
      expect(await page.getByRole("button", { name: texts.debug.checkNow }).count()).toBe(0);
      // A visitor's page never asks for a session: not at the start, not on focus. A request
      // made after the focus arrives after anything the focus set off.
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      const probe = page.waitForRequest((request) => new URL(request.url()).pathname === "/healthz");
      await page.evaluate(() => fetch("/healthz"));
      await probe;
      expect(checks).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
