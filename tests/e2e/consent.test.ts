import type { Browser, BrowserContext, BrowserContextOptions, Cookie, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { startBuiltServer } from "../../scripts/built-server";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser, PHONE } from "../support/browser";
import { baseUrl, gotoHydrated, isSameDocument, markDocument, url, watchHydration } from "./helpers";

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

async function newContext(options: BrowserContextOptions = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await watchHydration(context);
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
  return page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)).filter((entry) => entry[0] === "consent"),
  );
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

describe.each([
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const)("first visit on %s", (_name, options) => {
  test("the banner is in the server HTML, sits at the bottom and nothing optional runs yet", async () => {
    const context = await newContext(options);
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      const errors = collectPageErrors(page);
      const response = await gotoHydrated(page, "/");
      const html = await response.text();
      expect(html).toContain("data-cookie-banner");
      for (const label of ["Tilpas indstillinger", "Afvis alle", "Accepter alle"]) expect(html).toContain(label);

      const banner = page.locator(BANNER);
      await banner.waitFor();
      expect(await banner.getByRole("link", { name: "Læs mere om cookies" }).getAttribute("href")).toBe("/cookies");
      const box = await banner.boundingBox();
      const viewport = page.viewportSize()!;
      expect(Math.round(box!.y + box!.height)).toBe(viewport.height);
      // The buttons fit beside each other without covering the whole phone screen.
      expect(box!.height).toBeLessThan(viewport.height / 2);

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
});

describe("choosing with JavaScript", () => {
  const cases = [
    { button: "Accepter alle", expected: { preferences: true, analytics: true, marketing: true }, signal: "granted" },
    { button: "Afvis alle", expected: { preferences: false, analytics: false, marketing: false }, signal: "denied" },
  ] as const;

  test.each(cases)("$button stores the choice without a reload, closes the banner and updates the signals", async ({ button, expected, signal }) => {
    const context = await newContext();
    try {
      const page = await context.newPage();
      await gotoHydrated(page, "/kalender");
      await markDocument(page);
      await recordConsentEvents(page);
      const before = Date.now();
      await page.locator(BANNER).getByRole("button", { name: button }).click();
      await page.locator(BANNER).waitFor({ state: "detached" });
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

      // The next page load: no banner in the server's HTML, none after hydration.
      const response = await gotoHydrated(page, "/kalender");
      expect(await response.text()).not.toContain("data-cookie-banner");
      expect(await page.locator(BANNER).count()).toBe(0);
      const commands = await consentCommands(page);
      expect(commands.map((command) => command[1])).toEqual(["default", "update"]);
    } finally {
      await context.close();
    }
  });

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
      await page.locator(BANNER).waitFor({ state: "detached" });

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

  test("keyboard: focus moves into the dialog, stays there, and Escape or Annuller hands it back", async () => {
    const context = await newContext();
    try {
      const page = await context.newPage();
      await gotoHydrated(page, "/");
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

test("a consent cookie that cannot be parsed falls back to the defaults and shows the banner again", async () => {
  const context = await newContext();
  try {
    await context.addCookies([
      { name: CONSENT, value: "1.0", url: baseUrl },
      { name: DETAILS, value: "%7B%22essential%22%3Atrue%2C", url: baseUrl },
    ]);
    const page = await context.newPage();
    const response = await gotoHydrated(page, "/betingelser");
    expect(await response.text()).toContain("data-cookie-banner");
    await page.locator(BANNER).waitFor();
    expect((await consentCommands(page)).map((command) => command[1])).toEqual(["default"]);
  } finally {
    await context.close();
  }
});

describe("without JavaScript", () => {
  test("the banner buttons post to /samtykke and come back to the page with the cookies set", async () => {
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(url("/faq?side=2"));
      await page.locator(BANNER).getByRole("button", { name: "Afvis alle" }).click();
      await page.waitForURL(url("/faq?side=2"));
      expect(await page.locator(BANNER).count()).toBe(0);
      expect(await storedRecord(context)).toMatchObject({ essential: true, preferences: false, analytics: false, marketing: false, version: "1.0" });
      expectAttributes(await cookieNamed(context, CONSENT), 365);
      expectAttributes(await cookieNamed(context, DETAILS), 365);
    } finally {
      await context.close();
    }
  });

  test("Tilpas indstillinger leads to the same toggles on /cookies as a plain form", async () => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(url("/partner"));
      await page.locator(BANNER).getByRole("button", { name: "Tilpas indstillinger" }).click();
      await page.waitForURL(url("/cookies?tilpas=1#indstillinger"));
      const form = page.locator("#indstillinger form");
      // Annuller stores nothing.
      await form.getByRole("button", { name: "Annuller" }).click();
      await page.waitForURL(url("/cookies#indstillinger"));
      expect(await cookieNamed(context, DETAILS)).toBeUndefined();

      await page.goto(url("/cookies?tilpas=1#indstillinger"));
      await form.getByRole("switch", { name: "Præferencer" }).check();
      await form.getByRole("switch", { name: "Markedsføring" }).check();
      await form.getByRole("button", { name: "Gem indstillinger" }).click();
      await page.waitForURL(url("/cookies#indstillinger"));
      expect(await storedRecord(context)).toMatchObject({ preferences: true, analytics: false, marketing: true });
      expect(await page.locator(BANNER).count()).toBe(0);
      expect(await page.locator("#indstillinger [role=status]").textContent()).toContain("præferencer til, statistik fra, markedsføring til");
    } finally {
      await context.close();
    }
  });

  test("/samtykke refuses an unknown choice and never redirects off the site", async () => {
    const post = (body: Record<string, string>) =>
      fetch(url("/samtykke"), { method: "POST", redirect: "manual", body: new URLSearchParams(body) });
    const unknown = await post({ decision: "alt", next: "/" });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get("set-cookie")).toBeNull();
    const offsite = await post({ decision: "accept-all", next: "//evil.example/" });
    expect(offsite.status).toBe(303);
    expect(offsite.headers.get("location")).toBe("/");
    expect(offsite.headers.getSetCookie().map((cookie) => cookie.split("=")[0])).toEqual([CONSENT, DETAILS]);
    expect((await fetch(url("/samtykke"))).status).toBe(404);
  });
});

describe("the demo-data notice", () => {
  const NOTICE = "footer >> text=Demodata";

  test.each([
    ["with JavaScript", true],
    ["without JavaScript", false],
  ] as const)("closes for 30 days %s", async (_name, javaScriptEnabled) => {
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled });
    if (javaScriptEnabled) await watchHydration(context);
    try {
      await context.addCookies(storedChoice({}));
      const page = await context.newPage();
      const path = javaScriptEnabled ? "/om-os" : "/features";
      if (javaScriptEnabled) await gotoHydrated(page, path);
      else await page.goto(url(path));
      expect(await page.locator(NOTICE).count()).toBe(1);
      await page.getByRole("button", { name: "Luk meddelelsen om demodata i 30 dage" }).click();
      await page.locator(NOTICE).waitFor({ state: "detached", timeout: 5000 });
      expect(new URL(page.url()).pathname).toBe(path);
      // With JavaScript the notice goes at once and the cookie follows from the background post.
      await expect.poll(() => cookieNamed(context, DEMO_CLOSED)).toBeDefined();
      expectAttributes(await cookieNamed(context, DEMO_CLOSED), 30);
      expect((await cookieNamed(context, DEMO_CLOSED))?.value).toBe("1");

      const response = await page.goto(url(path));
      expect(await response!.text()).not.toContain("Luk meddelelsen om demodata");
    } finally {
      await context.close();
    }
  });

  test("/luk-banner accepts only a banner id", async () => {
    const response = await fetch(url("/luk-banner"), {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ id: "x; Path=/; Domain=evil.example", next: "/" }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});

describe.each(["light", "dark"] as const)("accessibility in the %s theme", (theme) => {
  test.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const)("banner and dialog have no axe violations on %s", async (_name, options) => {
    const context = await newContext(options);
    try {
      await context.addCookies([{ name: "loppeguiden-theme", value: theme, url: baseUrl }]);
      const page = await context.newPage();
      await gotoHydrated(page, "/");
      await page.locator(BANNER).waitFor();
      const withBanner = await axeViolations(page);
      expect(withBanner, JSON.stringify(withBanner, null, 2)).toEqual([]);
      await page.getByRole("button", { name: "Tilpas indstillinger" }).click();
      await page.locator("dialog[open]").waitFor();
      const withDialog = await axeViolations(page);
      expect(withDialog, JSON.stringify(withDialog, null, 2)).toEqual([]);
    } finally {
      await context.close();
    }
  });
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
      await page.locator(BANNER).waitFor({ state: "detached" });
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
      const config = await page.evaluate(() =>
        (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)).find((entry) => entry[0] === "config"),
      );
      expect(config).toEqual(["config", "G-LOPPETEST1"]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test("is never requested, nor allowed by the policy, when not configured", async () => {
    const context = await newContext();
    try {
      const requests: string[] = [];
      context.on("request", (request) => requests.push(request.url()));
      await context.addCookies(storedChoice({ analytics: true, marketing: true, preferences: true }));
      const page = await context.newPage();
      const response = await gotoHydrated(page, "/register");
      expect(response.headers()["content-security-policy"]).not.toContain("googletagmanager");
      expect(requests.filter((request) => request.includes("googletagmanager"))).toEqual([]);
      expect((await consentCommands(page)).map((command) => command[1])).toEqual(["default", "update"]);
    } finally {
      await context.close();
    }
  });
});
