import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { DESKTOP, launchBrowser } from "../support/browser";
import { gotoHydrated, header, toastRegion, url, watchHydration } from "./helpers";

/*
 * The server limits client error reports per IP address (RATE_LIMIT_CLIENT_ERRORS=30/60 in the
 * browser suite) and does not trust proxy headers, so every report in the suite shares one
 * count. This file sends the only deliberate reports: two, from the page.
 */

const ENDPOINT = "/api/client-errors";

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext(DESKTOP);
  await watchHydration(context);
});

afterAll(async () => {
  await browser?.close();
});

const isReport = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname === ENDPOINT;

/** A toast on screen: an item of the list in the message region. */
const toastItem = (page: Page, title: string) => toastRegion(page).locator("ol > li").filter({ hasText: title });

describe("the error reporter in the page", () => {
  let page: Page;
  /**
   * The bodies of the reports the page sent. The reporter uses navigator.sendBeacon, whose body
   * the browser only shows to an intercepting route; the route passes every report on unchanged.
   */
  const bodies = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    page = await context.newPage();
    await page.route(`**${ENDPOINT}`, async (route) => {
      const body = JSON.parse(route.request().postData() ?? "{}") as Record<string, unknown>;
      bodies.set(String(body.errorMessage), body);
      await route.continue();
    });
    await gotoHydrated(page, "/faq");
  });

  afterAll(async () => {
    await page?.close();
  });

  test("an uncaught error shows a toast and is sent to the server", async () => {
    const sent = page.waitForRequest(isReport);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("e2e: uncaught");
      });
    });
    const request = await sent;
    expect(header(request, "content-type")).toMatch(/application\/json/);
    await expect
      .poll(() => bodies.get("e2e: uncaught"), { timeout: 5_000 })
      .toMatchObject({
        title: translation.reporter.uncaught,
        severity: "error",
        url: url("/faq"),
      });

    const toast = toastItem(page, translation.reporter.uncaught);
    await toast.waitFor();
    expect(await toast.isVisible()).toBe(true);
    expect(await toast.innerText()).toContain(translation.reporter.unknownMessage);
  });

  test("an unhandled promise rejection shows its own toast", async () => {
    const sent = page.waitForRequest(isReport);
    await page.evaluate(() => {
      void Promise.reject(new Error("e2e: rejected"));
    });
    await sent;
    await expect
      .poll(() => bodies.get("e2e: rejected"), { timeout: 5_000 })
      .toMatchObject({
        title: translation.reporter.unhandledRejection,
        severity: "error",
      });

    const toast = toastItem(page, translation.reporter.unhandledRejection);
    await toast.waitFor();
    expect(await toast.isVisible()).toBe(true);
    // One toast at a time: the newer replaced the older.
    expect(await toastItem(page, translation.reporter.uncaught).count()).toBe(0);
  });

  test("the toast region is labelled in Danish for screen readers", async () => {
    // A section with a name is a region (its implicit role).
    const region = page.locator("section").filter({ has: page.locator("ol[data-toasts]") });
    expect(await region.getAttribute("aria-label")).toMatch(new RegExp(`^${translation.reporter.notifications}`));
    expect(await toastRegion(page).count()).toBe(1);
  });
});

// What the endpoint takes and refuses, and its limit per address: tests/integration/client-errors.test.ts.
