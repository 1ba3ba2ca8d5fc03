import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { DESKTOP, launchBrowser } from "../support/browser";
import { gotoHydrated, watchHydration } from "./helpers";

/*
 * Error pages as they stand once their script has run (React, or the script of a page without it). Their statuses and server HTML, and the permanent
 * redirects: tests/integration/routing.test.ts.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext(DESKTOP);
  await watchHydration(context);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe("error pages", () => {
  test.each(["/findes-ikke-123", "/markeder/x/y/z"])("unknown path %s keeps the not-found page once its script has run", async (path) => {
    await gotoHydrated(page, path);
    const headings = page.locator("h1");
    expect(await headings.count()).toBe(1);
    expect(await headings.textContent()).toBe(translation.errors.notFound.heading);
    const home = page.getByRole("link", { name: translation.errors.backHome, exact: true });
    expect(await home.getAttribute("href")).toBe("/");
  });

  test("/500 keeps the server error page once its script has run", async () => {
    await gotoHydrated(page, "/500");
    expect(await page.locator("h1").textContent()).toBe(translation.errors.serverError.heading);
  });

  test("/unauthorized keeps the access denied page once its script has run", async () => {
    await gotoHydrated(page, "/unauthorized");
    expect(await page.locator("h1").textContent()).toBe(translation.errors.unauthorized.heading);
  });
});

// /sign-in and /sign-up themselves keep the server's heading once hydrated: every-page.ts.
describe("sign-in and sign-up sub-paths", () => {
  test.each([
    ["/sign-in/anything/deep", translation.auth.signIn.heading],
    ["/sign-up/x", translation.auth.signUp.heading],
  ])("%s keeps the heading %s once hydrated", async (path, heading) => {
    await gotoHydrated(page, path);
    expect(await page.locator("h1").textContent()).toBe(heading);
  });
});

describe("errors thrown by pages", () => {
  test("a loader that throws gives a page error inside the shell, which stays after hydration, without details", async () => {
    await gotoHydrated(page, "/test/fejl");
    expect(await page.locator("h1").textContent()).toBe(translation.errors.page.heading);
    expect(await page.locator("header").isVisible()).toBe(true);
    expect(await page.locator("footer").isVisible()).toBe(true);
    expect(await page.locator("body").innerText()).not.toContain("Bevidst fejl");
  });

  test("a component that throws shows the component error screen and can be retried", async () => {
    const response = await gotoHydrated(page, "/test/komponentfejl");
    expect(response.status()).toBe(200);
    const pageHeading = await page.locator("h1").textContent();
    expect(pageHeading).toBeTruthy();

    await page.getByRole("button", { name: "Udløs fejl" }).click();
    const componentHeading = page.getByRole("heading", { level: 2, name: translation.errors.component.heading });
    await componentHeading.waitFor();
    expect(await page.locator("h1").count()).toBe(1);
    expect(await page.locator("h1").textContent()).toBe(pageHeading);
    expect(await page.locator("header").isVisible()).toBe(true);

    await page.getByRole("link", { name: translation.errors.tryAgain, exact: true }).click();
    await page.getByRole("button", { name: "Udløs fejl" }).waitFor();
    expect(await componentHeading.count()).toBe(0);
  });
});
