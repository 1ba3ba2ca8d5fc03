import type { APIRequestContext, Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { DESKTOP, launchBrowser } from "../support/browser";
import { gotoHydrated, header, url, watchHydration } from "./helpers";

/*
 * The server limits client error reports per IP address (RATE_LIMIT_CLIENT_ERRORS=30/60 in the
 * browser suite) and does not trust proxy headers, so every report in the suite shares one
 * count. This file sends the only deliberate reports (two from the page, two by hand) and ends
 * by using up the limit, so the limit test must stay last.
 */

const ENDPOINT = "/api/client-errors";
const LIMIT = 30;

let browser: Browser;
let context: BrowserContext;
let api: APIRequestContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext(DESKTOP);
  await watchHydration(context);
  api = context.request;
});

afterAll(async () => {
  await browser?.close();
});

const isReport = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname === ENDPOINT;

/** A toast on screen: an item of the list in the message region. */
const toastItem = (page: Page, title: string) => page.locator("[role=region] ol > li").filter({ hasText: title });

const postReport = (data: unknown, headers: Record<string, string> = {}) =>
  api.post(url(ENDPOINT), {
    data: typeof data === "string" ? data : JSON.stringify(data),
    headers: { "Content-Type": "application/json", ...headers },
  });

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
    await expect.poll(() => bodies.get("e2e: uncaught"), { timeout: 5_000 }).toMatchObject({
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
    await expect.poll(() => bodies.get("e2e: rejected"), { timeout: 5_000 }).toMatchObject({
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
    const region = page.locator("[role=region]").filter({ has: page.locator("ol") });
    expect(await region.getAttribute("aria-label")).toMatch(new RegExp(`^${translation.reporter.notifications}`));
  });
});

describe("POST /api/client-errors", () => {
  test("a valid report is accepted with 204", async () => {
    const response = await postReport({ title: "E2E", message: "En testrapport", severity: "error" });
    expect(response.status()).toBe(204);
  });

  test("a report that does not fit the schema is refused with 400", async () => {
    const response = await postReport({ title: 42, severity: "fatal" });
    expect(response.status()).toBe(400);
  });

  test("a body that is not JSON is refused with 400", async () => {
    const response = await postReport("{ this is not json");
    expect(response.status()).toBe(400);
  });

  test("a body over 8 KB is refused with 413", async () => {
    const response = await postReport({ title: "E2E", message: "x".repeat(9 * 1024), severity: "error" });
    expect(response.status()).toBe(413);
  });
});

// Last in this file: after it, reports from this IP address are refused for the rest of the window.
describe("rate limit (last)", () => {
  test(`more than ${LIMIT} reports in the window are answered 429 with Retry-After`, async () => {
    const report = { title: "E2E", message: "Grænsetest", severity: "warning" };
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof postReport>> | null = null;
    // Earlier reports in this run count too, so the limit may come sooner than LIMIT + 1; two
    // windows' worth of requests is enough even if a window ends while this runs.
    for (let i = 0; i < 2 * (LIMIT + 1) && !limited; i++) {
      const response = await postReport(report);
      statuses.push(response.status());
      if (response.status() === 429) limited = response;
    }
    expect(limited, `statuses: ${statuses.join(",")}`).not.toBeNull();
    const accepted = statuses.filter((status) => status === 204).length;
    expect(accepted, "reports accepted before the limit").toBeLessThanOrEqual(LIMIT);
    expect(statuses.slice(0, -1).every((status) => status === 204)).toBe(true);

    const retryAfter = Number(header(limited!, "retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // It stays refused.
    expect((await postReport(report)).status()).toBe(429);
  });
});
