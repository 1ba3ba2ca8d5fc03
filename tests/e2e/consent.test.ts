import type { Browser, BrowserContext, BrowserContextOptions, Cookie, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { startBuiltServer } from "../../scripts/built-server";
import { collectPageErrors, DESKTOP, launchBrowser, PHONE } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { createTestAccount, signInContext } from "../support/factories";
import { baseUrl, gotoHydrated, isSameDocument, markDocument, watchHydration } from "./helpers";

const CONSENT = "loppeguiden-consent";
const DETAILS = "loppeguiden-consent-details";
const DEMO_CLOSED = "loppeguiden-banner-closed-demo-data";
const DAY = 24 * 60 * 60;

const BANNER = "[data-cookie-banner]";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * The pages each behaviour is tried on: the home page, without React, and the dashboard, a page
 * with React (decision 0022), for which the context is signed in.
 */
const WITHOUT_REACT = "/";
const WITH_REACT = "/dashboard";

async function newContext(options: BrowserContextOptions = DESKTOP, { signedIn = false } = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await watchHydration(context);
  if (signedIn) await signInContext(context, await createTestAccount());
  return context;
}

async function cookieNamed(context: BrowserContext, name: string): Promise<Cookie | undefined> {
  return (await context.cookies(baseUrl)).find((cookie) => cookie.name === name);
}

interface StoredRecord {
  essential: boolean;
  preferences: boolean;
  analytics: boolean;
  marketing: boolean;
  timestamp: string;
  version: string;
}

async function storedRecord(context: BrowserContext): Promise<StoredRecord> {
  const details = await cookieNamed(context, DETAILS);
  expect(details, "the consent details cookie").toBeDefined();
  return JSON.parse(decodeURIComponent(details!.value)) as StoredRecord;
}

/** Lifetime, path, SameSite and Secure of a cookie set over plain http by this site. */
function expectAttributes(cookie: Cookie | undefined, days: number) {
  expect(cookie).toBeDefined();
  const lifetime = cookie!.expires - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(days * DAY - 120);
  expect(lifetime).toBeLessThanOrEqual(days * DAY + 5);
  expect(cookie!.path).toBe("/");
  expect(cookie!.sameSite).toBe("Lax");
  expect(cookie!.secure).toBe(false);
  // The browser reads the choice itself (the vitals reporter, the dialog).
  expect(cookie!.httpOnly).toBe(false);
}

/** The consent commands in the page's dataLayer, as plain arrays. */
function consentCommands(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)).filter((entry) => entry[0] === "consent"));
}

/** The events the app raised after a choice made with JavaScript. */
async function recordConsentEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const events: unknown[] = [];
    (window as unknown as { __consentEvents: unknown[] }).__consentEvents = events;
    window.addEventListener("loppeguiden:consent", (event) => events.push((event as CustomEvent).detail));
  });
}

function consentEvents(page: Page): Promise<StoredRecord[]> {
  return page.evaluate(() => (window as unknown as { __consentEvents: StoredRecord[] }).__consentEvents);
}

/** The two consent cookies of a choice made earlier, for a context to start with. */
function storedChoice(record: Partial<StoredRecord>) {
  const full = { essential: true, preferences: false, analytics: false, marketing: false, timestamp: new Date().toISOString(), version: "1.0", ...record };
  return [
    { name: CONSENT, value: "1.0", url: baseUrl },
    { name: DETAILS, value: encodeURIComponent(JSON.stringify(full)), url: baseUrl },
  ];
}

/** Where the banner sits on the first screen: at its bottom, leaving most of it to the page. */
async function expectBannerAtBottom(page: Page) {
  const box = await page.locator(BANNER).boundingBox();
  const viewport = page.viewportSize()!;
  expect(Math.round(box!.y + box!.height)).toBe(viewport.height);
  // The buttons fit beside each other without covering the whole phone screen.
  expect(box!.height).toBeLessThan(viewport.height / 2);
}

// The banner's markup as served, and that a first visit sets no cookie: tests/integration/consent.test.ts.
describe("first visit", () => {
  test("on a desktop the banner sits at the bottom, and nothing optional runs before a choice", async () => {
    const context = await newContext(DESKTOP);
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      const errors = collectPageErrors(page);
      await gotoHydrated(page, "/");
      await page.locator(BANNER).waitFor();
      await expectBannerAtBottom(page);

      // Before a choice: every signal denied except security storage, waiting 500 ms for an update.
      expect(await consentCommands(page)).toEqual([
        [
          "consent",
          "default",
          {
            ad_storage: "denied",
            ad_user_data: "denied",
            ad_personalization: "denied",
            analytics_storage: "denied",
            functionality_storage: "denied",
            personalization_storage: "denied",
            security_storage: "granted",
            wait_for_update: 500,
          },
        ],
      ]);
      // No analytics or marketing script or cookie: nothing but this site was asked for anything.
      const origin = new URL(baseUrl).origin;
      expect(requests.filter((request) => new URL(request).origin !== origin)).toEqual([]);
      expect(requests.filter((request) => /\/api\/maalinger/.test(request))).toEqual([]);
      const cookies = await context.cookies();
      expect(cookies.map((cookie) => cookie.name)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("on a phone the banner sits at the bottom without covering half the screen", async () => {
    const context = await newContext(PHONE);
    try {
      const page = await context.newPage();
      await gotoHydrated(page, "/");
      await page.locator(BANNER).waitFor();
      await expectBannerAtBottom(page);
    } finally {
      await context.close();
    }
  });
});

describe("choosing with JavaScript", () => {
  const cases = [
    { button: "Accepter alle", path: WITHOUT_REACT, expected: { preferences: true, analytics: true, marketing: true }, signal: "granted" },
    { button: "Afvis alle", path: WITH_REACT, expected: { preferences: false, analytics: false, marketing: false }, signal: "denied" },
  ] as const;

  // The server leaves the banner out once the cookies are there: tests/integration/consent.test.ts.
  test.each(cases)(
    "$button on $path stores the choice without a reload, closes the banner, updates the signals and loads no analytics tag",
    async ({ button, path, expected, signal }) => {
      const context = await newContext(DESKTOP, { signedIn: path === WITH_REACT });
      try {
        const requests: string[] = [];
        context.on("request", (request) => requests.push(request.url()));
        const page = await context.newPage();
        await gotoHydrated(page, path);
        await markDocument(page);
        await recordConsentEvents(page);
        const before = Date.now();
        await page.locator(BANNER).getByRole("button", { name: button }).click();
        await page.locator(BANNER).waitFor({ state: "hidden" });
        expect(await isSameDocument(page)).toBe(true);

        const record = await storedRecord(context);
        expect(record).toMatchObject({ essential: true, version: "1.0", ...expected });
        expect(Date.parse(record.timestamp)).toBeGreaterThanOrEqual(before - 1000);
        expect((await cookieNamed(context, CONSENT))?.value).toBe("1.0");
        expectAttributes(await cookieNamed(context, CONSENT), 365);
        expectAttributes(await cookieNamed(context, DETAILS), 365);
        expect(await consentEvents(page)).toEqual([record]);

        const update = (await consentCommands(page)).at(-1);
        expect(update?.[1]).toBe("update");
        expect(update?.[2]).toMatchObject({ analytics_storage: signal, ad_storage: signal, functionality_storage: signal });
        // Keyboard users land in the page, not on <body>, when the banner goes.
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("main-content");

        // The next page load: no banner after hydration, and the stored choice sent at once.
        await gotoHydrated(page, path);
        expect(await page.locator(BANNER).count()).toBe(0);
        const commands = await consentCommands(page);
        expect(commands.map((command) => command[1])).toEqual(["default", "update"]);
        // With no tag configured (GA_MEASUREMENT_ID), not even "Accepter alle" asks for one.
        expect(requests.filter((request) => request.includes("googletagmanager"))).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  test("Tilpas indstillinger: the dialog saves the chosen toggles with Nødvendige locked on", async () => {
    const context = await newContext();
    try {
      const page = await context.newPage();
      await gotoHydrated(page, "/");
      await recordConsentEvents(page);
      await page.getByRole("button", { name: "Tilpas indstillinger" }).click();
      const dialog = page.getByRole("dialog", { name: "Cookie-indstillinger" });
      await dialog.waitFor();
      const essential = dialog.getByRole("switch", { name: "Nødvendige" });
      expect(await essential.isChecked()).toBe(true);
      expect(await essential.isDisabled()).toBe(true);
      for (const name of ["Præferencer", "Statistik", "Markedsføring"]) {
        expect(await dialog.getByRole("switch", { name }).isChecked(), name).toBe(false);
      }
      await dialog.getByRole("switch", { name: "Statistik" }).check();
      await dialog.getByRole("button", { name: "Gem indstillinger" }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.locator(BANNER).waitFor({ state: "hidden" });
      // The banner's button that opened the dialog is gone with it: keyboard users land in the page.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main-content");

      const record = await storedRecord(context);
      expect(record).toMatchObject({ essential: true, preferences: false, analytics: true, marketing: false, version: "1.0" });
      expect((await consentEvents(page)).map((event) => event.analytics)).toEqual([true]);
      expect((await consentCommands(page)).at(-1)?.[2]).toMatchObject({
        analytics_storage: "granted",
        ad_storage: "denied",
        functionality_storage: "denied",
      });

      // /cookies reopens the dialog with the stored choice, and a change is stored at once.
      await gotoHydrated(page, "/cookies");
      await expect.poll(() => page.locator("#indstillinger [role=status]").textContent()).toContain("statistik til");
      await page.locator("#indstillinger").getByRole("button", { name: "Skift cookie-indstillinger" }).click();
      await dialog.waitFor();
      expect(await dialog.getByRole("switch", { name: "Statistik" }).isChecked()).toBe(true);
      await dialog.getByRole("switch", { name: "Statistik" }).uncheck();
      await dialog.getByRole("switch", { name: "Markedsføring" }).check();
      await dialog.getByRole("button", { name: "Gem indstillinger" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await storedRecord(context)).toMatchObject({ analytics: false, marketing: true, preferences: false });
      expect(await page.locator("#indstillinger [role=status]").textContent()).toContain("statistik fra, markedsføring til");
    } finally {
      await context.close();
    }
  });

  test.each([WITHOUT_REACT, WITH_REACT])("keyboard on %s: focus moves into the dialog, stays there, and Escape or Annuller hands it back", async (path) => {
    const context = await newContext(DESKTOP, { signedIn: path === WITH_REACT });
    try {
      const page = await context.newPage();
      await gotoHydrated(page, path);
      const opener = page.locator(BANNER).getByRole("button", { name: "Tilpas indstillinger" });
      await opener.focus();
      await page.keyboard.press("Enter");
      const dialog = page.locator("dialog[open]");
      await dialog.waitFor();
      const focusInDialog = () => page.evaluate(() => Boolean(document.querySelector("dialog[open]")?.contains(document.activeElement)));
      expect(await focusInDialog()).toBe(true);
      for (let step = 0; step < 8; step++) {
        await page.keyboard.press("Tab");
        expect(await focusInDialog(), `focus after ${step + 1} × Tab`).toBe(true);
      }
      const firstSwitch = page.locator("dialog[open]").getByRole("switch", { name: "Præferencer" });
      await firstSwitch.focus();
      await page.keyboard.press("Shift+Tab");
      expect(await focusInDialog()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Gem indstillinger");

      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

      await page.keyboard.press("Enter");
      await dialog.waitFor();
      await dialog.getByRole("switch", { name: "Markedsføring" }).check();
      await dialog.getByRole("button", { name: "Annuller" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
      // Cancelling stores nothing, and the next opening shows the stored state again, not the toggle.
      expect(await cookieNamed(context, DETAILS)).toBeUndefined();
      await page.keyboard.press("Enter");
      await dialog.waitFor();
      expect(await dialog.getByRole("switch", { name: "Markedsføring" }).isChecked()).toBe(false);
    } finally {
      await context.close();
    }
  });
});

// That the server sends the banner again: tests/integration/consent.test.ts.
test("a consent cookie that cannot be parsed falls back to the defaults and keeps the banner", async () => {
  const context = await newContext();
  try {
    await context.addCookies([
      { name: CONSENT, value: "1.0", url: baseUrl },
      { name: DETAILS, value: "%7B%22essential%22%3Atrue%2C", url: baseUrl },
    ]);
    const page = await context.newPage();
    await gotoHydrated(page, "/betingelser");
    await page.locator(BANNER).waitFor();
    expect((await consentCommands(page)).map((command) => command[1])).toEqual(["default"]);
  } finally {
    await context.close();
  }
});

// Without JavaScript, the cookie's attributes, and the server leaving the notice out from then on:
// tests/integration/consent.test.ts.
describe("the demo-data notice", () => {
  test.each([WITHOUT_REACT, WITH_REACT])("on %s closes at once with JavaScript, and the background post stores the choice", async (path) => {
    const context = await newContext(DESKTOP, { signedIn: path === WITH_REACT });
    try {
      await context.addCookies(storedChoice({}));
      const page = await context.newPage();
      await gotoHydrated(page, path);
      await markDocument(page);
      const notice = page.locator("footer >> text=Demodata");
      expect(await notice.count()).toBe(1);
      await page.getByRole("button", { name: "Luk meddelelsen om demodata i 30 dage" }).click();
      await notice.waitFor({ state: "hidden", timeout: 5000 });
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await isSameDocument(page)).toBe(true);
      // The notice goes at once and the cookie follows from the background post.
      await expect.poll(async () => (await cookieNamed(context, DEMO_CLOSED))?.value).toBe("1");
    } finally {
      await context.close();
    }
  });
});

// The banner itself is checked in both themes on every page by every-page.ts (no choice is made there).
test("the open dialog has no axe violations, in the light theme and then the dark", async () => {
  const context = await newContext(DESKTOP);
  try {
    const page = await context.newPage();
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Tilpas indstillinger" }).click();
    await page.locator("dialog[open]").waitFor();
    await expectNoAxeViolationsInBothThemes(page, "the open dialog", { dark: "device" });
  } finally {
    await context.close();
  }
});

describe("an external analytics tag (GA_MEASUREMENT_ID)", () => {
  const TAG = "https://www.googletagmanager.com/gtag/js?id=G-LOPPETEST1";

  test("is requested only after statistics is allowed, and the policy lets it run", { timeout: 60_000 }, async () => {
    const server = await startBuiltServer({ ...inject("serverEnv"), GA_MEASUREMENT_ID: "G-LOPPETEST1", DEMO_DATA: "0" });
    const context = await newContext();
    try {
      const tagRequests: string[] = [];
      // No network in tests: a stand-in tag that only says it ran.
      await context.route("https://www.googletagmanager.com/**", (route) => {
        tagRequests.push(route.request().url());
        return route.fulfill({ contentType: "text/javascript", body: "window.__tagRan = true;" });
      });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const first = await page.goto(`${server.url}/`);
      expect(first?.headers()["content-security-policy"]).toContain("script-src 'self' https://*.googletagmanager.com");
      await page.waitForFunction(() => window.__lgHydrated === true);

      // Refusing statistics loads nothing.
      await page.locator(BANNER).getByRole("button", { name: "Tilpas indstillinger" }).click();
      await page.getByRole("switch", { name: "Markedsføring" }).check();
      await page.getByRole("button", { name: "Gem indstillinger" }).click();
      await page.locator(BANNER).waitFor({ state: "hidden" });
      await page.reload();
      await page.waitForFunction(() => window.__lgHydrated === true);
      expect(tagRequests).toEqual([]);

      // Allowing it loads the tag once, at once and on the next page load.
      await page.goto(`${server.url}/cookies`);
      await page.waitForFunction(() => window.__lgHydrated === true);
      await page.getByRole("button", { name: "Skift cookie-indstillinger" }).click();
      await page.getByRole("switch", { name: "Statistik" }).check();
      await page.getByRole("button", { name: "Gem indstillinger" }).click();
      await page.waitForFunction(() => (window as unknown as { __tagRan?: boolean }).__tagRan === true);
      expect(tagRequests).toEqual([TAG]);
      await page.reload();
      await page.waitForFunction(() => (window as unknown as { __tagRan?: boolean }).__tagRan === true);
      expect(tagRequests).toEqual([TAG, TAG]);
      const config = await page.evaluate(() => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)).find((entry) => entry[0] === "config"));
      expect(config).toEqual(["config", "G-LOPPETEST1"]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
