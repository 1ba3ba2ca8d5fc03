import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import type { MeasurementPayload } from "../../app/measurements/payload";
import { createTestAccount, signInContext, withServerDatabase, type TestAccount } from "../support/factories";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { baseUrl, consentCookies, freezeClock, gotoHydrated, isSameDocument, markDocument, url, waitForHydration, watchHydration } from "./helpers";

const ENDPOINT = "/api/maalinger";
const texts = translation.measurements;

/**
 * Every beacon the page sends to the endpoint, and every script it loads. The beacons are read
 * through request interception: Chromium hands Playwright no body for a plain sendBeacon ping.
 */
async function watchPage(page: Page): Promise<{ beacons: MeasurementPayload[]; scripts: string[] }> {
  const seen = { beacons: [] as MeasurementPayload[], scripts: [] as string[] };
  await page.route(`**${ENDPOINT}`, async (route) => {
    seen.beacons.push(JSON.parse(route.request().postData() ?? "null") as MeasurementPayload);
    await route.continue();
  });
  page.on("request", (request) => {
    if (request.resourceType() === "script") seen.scripts.push(new URL(request.url()).pathname);
  });
  return seen;
}

const pageViewsOf = (beacons: MeasurementPayload[]) => beacons.flatMap((beacon) => beacon.events.filter((event) => event.kind === "page-view").map(() => beacon.path));
const vitalsOf = (beacons: MeasurementPayload[]) =>
  beacons.flatMap((beacon) => beacon.events.flatMap((event) => (event.kind === "vital" ? [{ path: beacon.path, metric: event.metric }] : [])));

function postMeasurement(body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url(ENDPOINT), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(baseUrl).origin, ...headers },
    body,
  });
}

function homeViewsToday(): number {
  return withServerDatabase((db) => {
    const row = db.prepare("select coalesce(sum(views), 0) as views from page_views where page_type = 'home'").get() as { views: number };
    return row.views;
  });
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A page with React: the dashboard, so the context is signed in. */
async function newContext(analytics: boolean | null, { signedIn = false } = {}): Promise<BrowserContext> {
  const context = await browser.newContext(DESKTOP);
  await watchHydration(context);
  if (analytics !== null) await context.addCookies(consentCookies({ analytics }));
  if (signedIn) await signInContext(context, await createTestAccount());
  return context;
}

/** The dashboard's menu, which moves between its pages without loading a document. */
async function openSavedMarkets(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: translation.dashboard.nav.label }).getByRole("link", { name: translation.dashboard.pages.savedMarkets.label }).click();
  await page.waitForURL(url("/dashboard/gemte-markeder"));
}

describe("measurement in the browser", () => {
  test.each([
    ["before any choice", null],
    ["after analytics was declined", false],
  ] as const)("nothing is sent or loaded %s, also on a client navigation", async (_label, analytics) => {
    const context = await newContext(analytics, { signedIn: true });
    try {
      const page = await context.newPage();
      const seen = await watchPage(page);
      const cookiesBefore = (await context.cookies()).map((cookie) => cookie.name);
      // A page without React, then one with, and a client navigation from it.
      await gotoHydrated(page, "/");
      await gotoHydrated(page, "/dashboard");
      await openSavedMarkets(page);
      // Longer than the reporter gathers events before it sends them.
      await page.waitForTimeout(2500);
      expect(seen.beacons).toEqual([]);
      expect(seen.scripts.filter((script) => /reporter|web-vitals/.test(script))).toEqual([]);
      // No cookie but the consent and the session the context started with.
      expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(cookiesBefore);
    } finally {
      await context.close();
    }
  });

  test("with analytics consent a page without React posts its page view and vitals", async () => {
    const viewsBefore = homeViewsToday();
    const context = await newContext(true);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const seen = await watchPage(page);
      await gotoHydrated(page, "/");
      await expect.poll(() => pageViewsOf(seen.beacons), { timeout: 10_000 }).toEqual(["/"]);
      await expect
        .poll(
          () =>
            vitalsOf(seen.beacons)
              .map((vital) => vital.metric)
              .sort(),
          { timeout: 10_000 },
        )
        .toEqual(expect.arrayContaining(["FCP", "TTFB"]));

      // A real key press makes the LCP final (web-vitals ignores events a script sends), and hiding
      // the page sends what was still waiting.
      await page.keyboard.press("Shift");
      await page.evaluate(() => {
        Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
      });
      await expect.poll(() => vitalsOf(seen.beacons).map((vital) => vital.metric), { timeout: 10_000 }).toContain("LCP");
      expect(vitalsOf(seen.beacons).every((vital) => vital.path === "/")).toBe(true);

      // Only a path and numbers travel; the server kept a count, not the visit.
      for (const beacon of seen.beacons) expect(Object.keys(beacon).sort()).toEqual(["events", "path"]);
      await expect.poll(homeViewsToday, { timeout: 5000 }).toBe(viewsBefore + 1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("with analytics consent a client navigation is one more page view, and the vitals stay the first page's", async () => {
    const context = await newContext(true, { signedIn: true });
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const seen = await watchPage(page);
      await gotoHydrated(page, "/dashboard");
      await expect.poll(() => pageViewsOf(seen.beacons), { timeout: 10_000 }).toEqual(["/dashboard"]);
      await markDocument(page);
      await openSavedMarkets(page);
      await expect.poll(() => pageViewsOf(seen.beacons), { timeout: 10_000 }).toEqual(["/dashboard", "/dashboard/gemte-markeder"]);
      expect(await isSameDocument(page), "navigated without reloading").toBe(true);

      await page.evaluate(() => {
        Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
      });
      await expect.poll(() => vitalsOf(seen.beacons).map((vital) => vital.metric), { timeout: 10_000 }).toContain("LCP");
      expect(vitalsOf(seen.beacons).every((vital) => vital.path === "/dashboard")).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test.each(["/", "/dashboard"])("consent given on %s starts measuring at once, without a reload", async (path) => {
    const context = await newContext(null, { signedIn: path === "/dashboard" });
    try {
      const page = await context.newPage();
      const seen = await watchPage(page);
      await gotoHydrated(page, path);
      await page.waitForTimeout(1500);
      expect(seen.beacons).toEqual([]);
      await context.addCookies(consentCookies({ analytics: true }));
      // What the banner does after storing the choice (app/consent/consent.ts storeConsentInBrowser).
      await page.evaluate(() => {
        const detail = { essential: true, preferences: false, analytics: true, marketing: false, timestamp: new Date().toISOString(), version: "1.0" };
        window.dispatchEvent(new CustomEvent("loppeguiden:consent", { detail }));
      });
      await expect.poll(() => pageViewsOf(seen.beacons), { timeout: 10_000 }).toEqual([path]);
    } finally {
      await context.close();
    }
  });

  test("web-vitals that does not load within 5 s is given up with a warning; page views still go", async () => {
    const context = await newContext(true);
    try {
      const page = await context.newPage();
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning") warnings.push(message.text());
      });
      // The chunk never answers.
      await page.route(/\/assets\/web-vitals[^/]*\.js$/, () => undefined);
      // The page's clock stands still: the 5 s pass when the test says so, however busy the machine is.
      await freezeClock(page);
      const seen = await watchPage(page);
      // The reporter asks for web-vitals right after starting its 5 s timer.
      const vitalsAsked = page.waitForRequest(/\/assets\/web-vitals[^/]*\.js$/);
      await page.goto(url("/"));
      await waitForHydration(page);
      await vitalsAsked;
      await page.clock.runFor(4_999);
      await expect.poll(() => pageViewsOf(seen.beacons)).toEqual(["/"]);
      expect(warnings.join("\n")).not.toContain("Web vitals initialisation timed out");
      await page.clock.runFor(1);
      await expect.poll(() => warnings.join("\n")).toContain("Web vitals initialisation timed out after 5 s");
      expect(vitalsOf(seen.beacons)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

// The endpoint's answers, and the admin page's access and tables: tests/integration/measurement-pages.test.ts.
describe("the admin page", () => {
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await createTestAccount({ name: "Aase Admin", admin: true });
    // INP on a not-found page, so that the table shows a rated value.
    const events = [90, 150, 250, 600].map((value) => ({ kind: "vital", metric: "INP", value }));
    expect((await postMeasurement(JSON.stringify({ path: "/maaling-findes-ikke", events }))).status).toBe(204);
  });

  test("passes axe with its tables and chart", async () => {
    const context = await browser.newContext(DESKTOP);
    try {
      await watchHydration(context);
      await signInContext(context, admin);
      await context.addCookies(consentCookies());
      const page = await context.newPage();
      await gotoHydrated(page, "/dashboard/admin/maalinger");
      await page.getByRole("table", { name: texts.vitals.caption }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
