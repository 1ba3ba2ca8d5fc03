import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CHECK_LOG_KEY, type CheckRecord } from "../../app/auth/session-watch";
import { DESKTOP, launchBrowser } from "../support/browser";
import { createTestAccount, signInContext } from "../support/factories";
import { expectToast, focusSessionCheck, freezeClock, gotoHydrated, isSessionCheck, openContext, submitButton, texts } from "./helpers";

/*
 * Signing out while the page's session watch is at work. The three ways out as the server answers
 * them: tests/integration/auth-sign-out.test.ts.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("sign-out", () => {
  test("a session check under way when Log ud is pressed does not take the sign-out for a reset", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      await signInContext(context, await createTestAccount({ name: "Samtidig Sørensen" }));
      const page = await context.newPage();
      // The clock stands still, so the check's own 5 s timeout cannot end it on a busy machine.
      await freezeClock(page);
      await gotoHydrated(page, "/sign-out");
      // A check of this page is held back (not one left over from the page before)…
      const held: Route[] = [];
      await page.route("**/api/session", (route) => void held.push(route));
      await focusSessionCheck(page, () => held.length);
      // …until "Log ud" has been handled by the server and the page is on its way to the next:
      // then the check reaches the server, which answers that the session has ended, before the
      // answer to "Log ud" reaches the page.
      let released = false;
      await page.route("**/sign-out", async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        const signedOut = await route.fetch({ maxRedirects: 0 });
        released = true;
        const answered = page.waitForResponse(isSessionCheck);
        await held[0]!.continue();
        // The page has the whole answer (the session has ended) while "Log ud" is still on its way.
        const answer = await answered;
        expect(answer.status()).toBe(200);
        expect(await answer.finished()).toBeNull();
        await route.fulfill({ response: signedOut });
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
});
