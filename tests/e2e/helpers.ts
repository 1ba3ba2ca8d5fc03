import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page, Request, Response } from "playwright-core";
import { expect, inject } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { PASSWORD, uniqueEmail } from "../support/factories";
import { linkIn, waitForMail, type ReceivedMail } from "../support/mailbox";

/** The one built server the browser project starts (tests/support/setup-server.ts). */
export const baseUrl = inject("baseUrl");

export function url(path: string): string {
  return new URL(path, baseUrl).href;
}

declare global {
  interface Window {
    /** True, by the init script below, once the page's scripts have run (React's first effects included). */
    __lgHydrated?: boolean;
    /** The titles of the toasts this document has shown (watchToasts). */
    __lgToasts?: string[];
    /** Put on `window` by a test; still there afterwards means the document was not reloaded. */
    __lgSameDocument?: boolean;
  }
}

/**
 * A page is live once its scripts have run: the script of app/progressive/, on every page, installs
 * the global error handlers first thing, and on a page with React the root component's effect adds
 * the stale-build recovery, which runs only after hydration has committed. Watching for those
 * listeners tells a test the page is live (event handlers attached, effects run, hydration errors
 * already logged) without guessing with sleeps. Call once per context, before opening pages; the
 * context's pages note their toasts too (watchToasts).
 */
export async function watchHydration(context: BrowserContext): Promise<void> {
  await watchToasts(context);
  await context.addInitScript(() => {
    let scriptRan = false;
    let reactRan = false;
    Object.defineProperty(window, "__lgHydrated", {
      configurable: true,
      // React Router's hydration data is in the page only when the page hydrates.
      get: () => scriptRan && (reactRan || !("__reactRouterContext" in window)),
    });
    // eslint-disable-next-line @typescript-eslint/unbound-method -- unbound on purpose: the wrapper below calls it with its own `this`
    const original = window.addEventListener;
    window.addEventListener = function (this: Window, ...args: Parameters<typeof original>) {
      if (args[0] === "unhandledrejection") scriptRan = true;
      if (args[0] === "vite:preloadError") reactRan = true;
      return original.apply(this, args);
    } as typeof original;
  });
}

/** Waits until the page's scripts have run, and React has hydrated a page with React (needs `watchHydration` on the context). */
export async function waitForHydration(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => window.__lgHydrated === true, undefined, { timeout: 10_000 });
  } catch (error) {
    throw new Error(`${page.url()} did not come live within 10 s (its script or React never installed their listeners): ${(error as Error).message}`);
  }
}

/** Opens a path and waits for hydration; returns the document response. */
export async function gotoHydrated(page: Page, path: string): Promise<Response> {
  const response = await page.goto(url(path));
  if (!response) throw new Error(`No response for ${path}`);
  await waitForHydration(page);
  return response;
}

/**
 * A choice made on an earlier visit, as the consent cookies hold it: the banner takes no room and
 * optional measurements run only when `analytics` says so.
 */
export function consentCookies({ analytics = false } = {}) {
  const record = { essential: true, preferences: false, analytics, marketing: false, timestamp: new Date().toISOString(), version: "1.0" };
  return [
    { name: "loppeguiden-consent", value: "1.0", url: baseUrl },
    { name: "loppeguiden-consent-details", value: encodeURIComponent(JSON.stringify(record)), url: baseUrl },
  ];
}

/** The session check a signed-in page makes (app/auth/session-watch.ts). */
export const isSessionCheckUrl = (address: string) => new URL(address).pathname === "/api/session";
export const isSessionCheck = (response: Response) => isSessionCheckUrl(response.url());

/**
 * Opens a signed-in page and waits for the session check it makes when it starts: a test that
 * ends the session before that check is answered would race it.
 */
export async function gotoChecked(page: Page, path: string): Promise<void> {
  const firstCheck = page.waitForResponse(isSessionCheck);
  await gotoHydrated(page, path);
  await firstCheck;
}

/**
 * Makes a signed-in page start a new session check by the focus it checks on (or by becoming
 * visible, with `trigger`). While the page is still reading the answer to its previous check a
 * focus joins that one and sends nothing, so the focus is repeated until a check has gone out. `checksSeen` is the caller's count when a route
 * of its own catches the checks (one could go out before this is called); otherwise the checks
 * sent from now on are counted.
 */
export async function focusSessionCheck(page: Page, checksSeen?: () => number, trigger: "focus" | "visibility" = "focus"): Promise<void> {
  let sent = 0;
  const countCheck = (request: Request) => {
    if (new URL(request.url()).pathname === "/api/session") sent++;
  };
  const seen = checksSeen ?? (() => sent);
  if (!checksSeen) page.on("request", countCheck);
  try {
    await expect
      .poll(
        async () => {
          if (seen() === 0) {
            await page.evaluate((visibility) => {
              if (visibility) document.dispatchEvent(new Event("visibilitychange"));
              else window.dispatchEvent(new Event("focus"));
            }, trigger === "visibility");
          }
          return seen();
        },
        { timeout: 5_000 },
      )
      .toBe(1);
  } finally {
    page.off("request", countCheck);
  }
}

/**
 * The page's timers on a fake clock that stands still: time passes only when the test says so
 * (page.clock.runFor), so "after 5 s" means exactly that however busy the machine is. Call before
 * opening the page.
 */
export async function freezeClock(page: Page): Promise<void> {
  const start = Date.UTC(2026, 10, 21, 9, 0, 0);
  // The installed clock runs until it is paused, and pausing in its past fails: a minute's lead
  // lets a busy machine take its time between the two calls, and the clock still stops at start + 1 s.
  await page.clock.install({ time: start - 60_000 });
  await page.clock.pauseAt(start + 1000);
}

/**
 * Nothing in the page is wider than the screen, so it does not scroll sideways: the document's
 * scroll width is at most the viewport's width. `what` names the page or state in a failure.
 */
export async function expectNoSidewaysScrolling(page: Page, what: string): Promise<void> {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} at ${width} px`).toBeLessThanOrEqual(width);
}

/** Marks the current document, so `isSameDocument` can prove no full reload happened since. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__lgSameDocument = true;
  });
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => window.__lgSameDocument === true);
}

/** How many <h1> elements the raw HTML holds. */
export function countH1(html: string): number {
  return (html.match(/<h1[\s>]/gi) ?? []).length;
}

/** The class attribute of <html> in a raw document, or null. */
export function htmlClassOf(html: string): string | null {
  const tag = html.match(/<html\b[^>]*>/i)?.[0];
  if (!tag) return null;
  return tag.match(/\sclass="([^"]*)"/i)?.[1] ?? null;
}

/** The text of the <h1> elements of a raw document, tags stripped. */
export function h1TextsOf(html: string): string[] {
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/gi)].map((m) => (m[1] ?? "").replace(/<[^>]+>/g, "").trim());
}

/** A header value of a response or request, case-insensitive. */
export function header(message: { headers(): Record<string, string> }, name: string): string | undefined {
  return message.headers()[name.toLowerCase()];
}

/* ---- The account pages as a person uses them (sign-up, sign-in, the mail's link) ---- */

export const texts = translation.auth;
export const mailDir = inject("mailDir");

/**
 * A browser context for one test: hydration watched, and every wait bounded by ten seconds so a
 * missing element fails the test with its name instead of running into the test's time limit.
 */
export async function openContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(10_000);
  await watchHydration(context);
  return context;
}

/**
 * Notes the title of every toast a page of the context shows, as it is drawn: a toast leaves after
 * five seconds, and on a busy machine a test reaching for it after a form post and the next page
 * found it already gone.
 */
async function watchToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shown: string[] = (window.__lgToasts = []);
    const note = (item: Node) => {
      const title = item instanceof Element ? item.querySelector("p")?.textContent : null;
      if (title) shown.push(title);
    };
    // "interactive": the document is parsed and the page's script has not run yet; it draws every
    // toast, the server's own again, in the message area.
    document.addEventListener("readystatechange", () => {
      const area = document.querySelector("ol[data-toasts]");
      if (document.readyState !== "interactive" || !area) return;
      new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach(note))).observe(area, { childList: true });
    });
  });
}

export function waitForMailTo(address: string, options: { after?: ReceivedMail } = {}): Promise<ReceivedMail> {
  return waitForMail(mailDir, address, options);
}

/** The toast region (the Toaster renders a flash message in the server's HTML too). */
export function toastRegion(page: Page) {
  return page.getByRole("region", { name: new RegExp(`^${translation.reporter.notifications}`) });
}

/** Waits until the page has shown a toast with this title, which may have left again since. */
export async function expectToast(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.__lgToasts ?? []), { message: `a toast "${title}"` }).toContain(title);
}

/** A locator's text, waiting at most five seconds for it to appear. */
export function textOf(locator: Locator): Promise<string | null> {
  return locator.textContent({ timeout: 5_000 });
}

export async function fillSignUp(page: Page, values: { name: string; email: string; password: string }): Promise<void> {
  await page.getByLabel(texts.fields.name, { exact: true }).fill(values.name);
  await page.getByLabel(texts.fields.email, { exact: true }).fill(values.email);
  await page.getByLabel(texts.fields.password, { exact: true }).fill(values.password);
}

export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(texts.fields.email, { exact: true }).fill(email);
  await page.getByLabel(texts.fields.password, { exact: true }).fill(password);
}

export function submitButton(page: Page, name: string) {
  return page.getByRole("button", { name, exact: true });
}

/**
 * A confirmed account made the way a person makes one: the sign-up form, then the link in the
 * mail. Leaves the context signed in. (tests/support/factories.ts makes one faster, when the
 * way it is made is not what the test is about.)
 */
export async function createConfirmedAccount(context: BrowserContext, label: string): Promise<{ email: string; name: string; page: Page; verificationMail: ReceivedMail }> {
  const email = uniqueEmail(label);
  const name = `Test ${label}`;
  const page = await context.newPage();
  await page.goto(url("/sign-up"));
  await fillSignUp(page, { name, email, password: PASSWORD });
  await submitButton(page, texts.signUp.submit).click();
  await page.waitForURL((address) => address.searchParams.has("tjek-email"));
  const verificationMail = await waitForMailTo(email);
  await page.goto(linkIn(verificationMail, "/auth/callback"));
  await page.waitForURL((address) => address.pathname === "/");
  return { email, name, page, verificationMail };
}
