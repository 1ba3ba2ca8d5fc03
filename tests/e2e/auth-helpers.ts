import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { inject } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { linkIn, waitForMail, type ReceivedMail } from "../support/mailbox";
import { url, watchHydration } from "./helpers";

/** What the account tests share: fresh addresses, the forms filled in as a person would, the mailbox. */

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

/** A new address per test, so tests never meet each other's accounts or rate limits. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(5).toString("hex")}@example.com`;
}

export const PASSWORD = "loppe-hemmelig";

export function waitForMailTo(address: string, options: { after?: ReceivedMail } = {}): Promise<ReceivedMail> {
  return waitForMail(mailDir, address, options);
}

/** The toast region (the Toaster renders a flash message in the server's HTML too). */
export function toastRegion(page: Page) {
  return page.getByRole("region", { name: new RegExp(`^${translation.reporter.notifications}`) });
}

/** Waits for a toast with this title; fails after five seconds, the time a toast stays. */
export async function expectToast(page: Page, title: string): Promise<void> {
  await toastRegion(page).locator("li").getByText(title, { exact: true }).waitFor({ timeout: 5_000 });
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
 * mail. Leaves the context signed in.
 */
export async function createConfirmedAccount(
  context: BrowserContext,
  label: string,
): Promise<{ email: string; name: string; page: Page; verificationMail: ReceivedMail }> {
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

/** Opens the suite server's SQLite file, for arranging what no page can (a link that has run out). */
export function withServerDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(inject("databaseFile"));
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}
