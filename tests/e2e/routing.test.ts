import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { infoPage } from "../../app/content/pages.server";
import translation from "../../app/locales/da/translation.json";
import { DESKTOP, launchBrowser } from "../support/browser";
import { baseUrl, countH1, gotoHydrated, h1TextsOf, header, url, watchHydration } from "./helpers";

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

describe("permanent redirects", () => {
  const REDIRECTS: [from: string, to: string][] = [
    ["/en/kalender?x=1", "/kalender?x=1"],
    ["/en", "/"],
    ["/en/pricing", "/priser"],
    ["/marked/some-slug", "/markeder/some-slug"],
    ["/markeder/alle", "/register"],
    ["/pricing", "/priser"],
    ["/gemte-markeder", "/dashboard/gemte-markeder"],
  ];

  test.each(REDIRECTS)("%s answers 301 to %s in one hop", async (from, to) => {
    const response = await context.request.get(url(from), { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    const location = header(response, "location");
    expect(location, "Location header").toBeDefined();
    // Relative or absolute, it must point at the target on this site, query kept.
    expect(new URL(location!, baseUrl).href).toBe(url(to));
  });

  test("a browser following /en/kalender?x=1 ends on the calendar with the query kept", async () => {
    const response = await page.goto(url("/en/kalender?x=1"));
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(url("/kalender?x=1"));
    // The redirect itself was the permanent one.
    const redirected = response?.request().redirectedFrom();
    expect(redirected?.url()).toBe(url("/en/kalender?x=1"));
    expect((await redirected?.response())?.status()).toBe(301);
    await expect.poll(() => page.locator("h1").textContent()).toBe(translation.pages.kalender.heading);
  });

  test("a browser following /pricing ends on /priser", async () => {
    const response = await page.goto(url("/pricing"));
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(url("/priser"));
    await expect.poll(() => page.locator("h1").textContent()).toBe(infoPage("priser").heading);
  });
});

describe("error pages", () => {
  test.each(["/findes-ikke-123", "/markeder/x/y/z"])("unknown path %s is a 404 with the not-found page", async (path) => {
    const response = await gotoHydrated(page, path);
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(countH1(html), "h1 elements in the server HTML").toBe(1);
    expect(h1TextsOf(html)).toEqual([translation.errors.notFound.heading]);

    const headings = page.locator("h1");
    expect(await headings.count()).toBe(1);
    expect(await headings.textContent()).toBe(translation.errors.notFound.heading);
    const home = page.getByRole("link", { name: translation.errors.backHome, exact: true });
    expect(await home.getAttribute("href")).toBe("/");
  });

  test("/500 answers 500 with the server error page", async () => {
    const response = await gotoHydrated(page, "/500");
    expect(response.status()).toBe(500);
    expect(h1TextsOf(await response.text())).toEqual([translation.errors.serverError.heading]);
    expect(await page.locator("h1").textContent()).toBe(translation.errors.serverError.heading);
  });

  test("/unauthorized answers 403 with the access denied page", async () => {
    const response = await gotoHydrated(page, "/unauthorized");
    expect(response.status()).toBe(403);
    expect(h1TextsOf(await response.text())).toEqual([translation.errors.unauthorized.heading]);
    expect(await page.locator("h1").textContent()).toBe(translation.errors.unauthorized.heading);
  });
});

describe("sign-in and sign-up sub-paths", () => {
  test.each([
    ["/sign-in/anything/deep", translation.auth.signIn.heading],
    ["/sign-in", translation.auth.signIn.heading],
    ["/sign-up/x", translation.auth.signUp.heading],
    ["/sign-up", translation.auth.signUp.heading],
  ])("%s answers 200 with the heading %s", async (path, heading) => {
    const response = await gotoHydrated(page, path);
    expect(response.status()).toBe(200);
    expect(h1TextsOf(await response.text())).toEqual([heading]);
    expect(await page.locator("h1").textContent()).toBe(heading);
  });
});

describe("errors thrown by pages", () => {
  test("a loader that throws gives a 500 page error inside the shell, without details", async () => {
    const response = await gotoHydrated(page, "/test/fejl");
    expect(response.status()).toBe(500);
    const html = await response.text();
    expect(h1TextsOf(html)).toEqual([translation.errors.page.heading]);
    expect(html).toMatch(/<header\b/);
    expect(html).toMatch(/<footer\b/);
    // Nothing of the error itself reaches the visitor.
    expect(html).not.toMatch(/^\s*at \S/m);
    expect(html).not.toMatch(/\bat \S+ \(/);
    expect(html).not.toContain("Bevidst fejl");
    expect(html).not.toMatch(/\.tsx?:\d/);
    expect(html).not.toContain("/work/");

    // And after hydration the shell is still around the error screen.
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
