import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { axeViolations, collectPageErrors, COLOUR_RULES, DESKTOP, launchBrowser } from "../support/browser";
import { readStoredMarket } from "../../app/revisions/revisions.server";
import { editMarket } from "../../app/revisions/send.server";
import { browserSite, createTestAccount, createTestMarket, signInContext, type TestAccount } from "../support/factories";
import { baseUrl, expectNoSidewaysScrolling, isSameDocument, markDocument, url, waitForHydration, watchHydration } from "./helpers";

/*
 * The dashboard in the browser: its menu, and its pages on a desktop and at 320 px, light and dark.
 * Who the guard lets in, sends to sign in or refuses: tests/integration/dashboard.test.ts; each
 * page's title, canonical address and theme as the server sends them:
 * tests/integration/page-shell.test.ts.
 */

let member: TestAccount;
let admin: TestAccount;
/** A message from the contact form, answered once: the inbox's message page with all it shows. */
const MESSAGE_ID = randomUUID();
/** The merge page with both markets side by side. */
let MERGE_PAGE: string;

beforeAll(async () => {
  [member, admin] = await Promise.all([createTestAccount({ name: "Mette Medlem" }), createTestAccount({ name: "Anders Admin", admin: true })]);
  const { database } = await browserSite();
  await database.db
    .insertInto("contact_messages")
    .values({
      id: MESSAGE_ID,
      name: "Birthe Besked",
      email: "birthe@example.dk",
      topic: "correction",
      plan: null,
      message: "Markedet i Vejle er flyttet til havnen.",
      created_at: new Date().toISOString(),
      mailed_at: null,
    })
    .execute();
  await database.db
    .insertInto("contact_message_answers")
    .values({
      id: randomUUID(),
      message_id: MESSAGE_ID,
      author_id: admin.id,
      body: "Tak, det er rettet.",
      created_at: new Date().toISOString(),
      mailed_at: new Date().toISOString(),
    })
    .execute();

  // An organizer's live edit for the recent changes, and a duplicate with the market it is merged into.
  const organizer = await createTestAccount({ name: "Olle Organisator", role: "organizer" });
  const changed = await createTestMarket(database, { name: "Loppemarked i Remisen" }, { owner: organizer.id });
  const stored = (await readStoredMarket(database.db, changed.id))!;
  await editMarket(database.db, { id: organizer.id, roles: ["visitor", "organizer"] }, changed.id, {
    ...stored.snapshot,
    description: "Nu også med et stort udvalg af plader og bøger.",
  });
  const duplicate = await createTestMarket(database, { name: "Loppemarked i Remisen (dublet)" });
  MERGE_PAGE = `/dashboard/admin/markeder/${duplicate.id}/sammenlaeg?med=${changed.slug}`;
});

describe("in the browser", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function signedInContext(account: TestAccount, theme?: "dark"): Promise<BrowserContext> {
    const context = await browser.newContext(DESKTOP);
    await watchHydration(context);
    await signInContext(context, account);
    if (theme) await context.addCookies([{ name: "loppeguiden-theme", value: theme, url: baseUrl }]);
    return context;
  }

  test("the dashboard's pages follow each other without a reload, and a public page from there is a page of its own without React", async () => {
    const context = await signedInContext(member);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(url("/dashboard/indstillinger"));
      await waitForHydration(page);
      await markDocument(page);
      await page.locator("header nav").getByRole("link", { name: translation.nav.myPage }).click();
      // The address changes as the navigation commits; the page renders a moment after.
      await expect.poll(() => page.locator("h1").innerText()).toBe(translation.dashboard.overview.heading.replace("{{name}}", "Mette Medlem"));
      expect(page.url()).toBe(url("/dashboard"));
      const menu = page.getByRole("navigation", { name: translation.dashboard.nav.label });
      await menu.getByRole("link", { name: translation.dashboard.pages.savedMarkets.label }).click();
      await expect.poll(() => page.locator("h1").innerText()).toBe(translation.saved.heading);
      expect(page.url()).toBe(url("/dashboard/gemte-markeder"));
      expect(await menu.getByRole("link", { name: translation.dashboard.pages.savedMarkets.label }).getAttribute("aria-current")).toBe("page");
      expect(await isSameDocument(page)).toBe(true);

      // The calendar is read without React (decision 0032): the link loads it as a document,
      // which runs the page's own script and no React.
      await page.locator("header nav").getByRole("link", { name: translation.nav.calendar, exact: true }).click();
      await page.waitForURL(url("/kalender"));
      await expect.poll(() => page.locator("h1").innerText()).toBe(translation.pages.kalender.heading);
      expect(await isSameDocument(page)).toBe(false);
      await waitForHydration(page);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // Mine markeder and the market form are checked in both themes by their own files
  // (owner-pages.test.ts, submit-market.test.ts).
  const PAGES = [
    "/dashboard",
    "/dashboard/indstillinger",
    "/dashboard/admin",
    "/dashboard/admin/markeder",
    "/dashboard/admin/aendringer",
    "/dashboard/admin/beskeder",
    `/dashboard/admin/beskeder/${MESSAGE_ID}`,
  ];
  const SMALL_PHONE = { width: 320, height: 640 };
  /**
   * What a phone shows and a desktop does not: the header's menu button, the dashboard's menu in
   * wrapping rows and "Log ud" beside the name. The same on every dashboard page, so checked on the first.
   */
  const PHONE_ONLY = "header details, aside";

  async function openHydrated(page: Page, path: string): Promise<void> {
    await page.setViewportSize(DESKTOP.viewport!);
    const response = await page.goto(url(path));
    expect(response?.status(), path).toBe(200);
    await waitForHydration(page);
  }

  const darkClass = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));

  test("in the light theme each page is accessible on a desktop and fits a 320 px phone", async () => {
    const context = await signedInContext(admin);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      for (const path of [...PAGES, MERGE_PAGE]) {
        await openHydrated(page, path);
        expect(await darkClass(page), path).toBe(false);
        expect(await page.locator("h1:visible").count(), path).toBe(1);
        // After hydration the head still names the page's own address.
        expect(await page.locator('link[rel="canonical"]').getAttribute("href"), path).toBe(url(path.split("?")[0]!));
        await expectNoSidewaysScrolling(page, path);
        const violations = await axeViolations(page);
        expect(violations, `${path} (light):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);

        await page.setViewportSize(SMALL_PHONE);
        await expectNoSidewaysScrolling(page, path);
        // Every entry of the menu shows whole: the rows wrap instead of hiding entries off the edge.
        const cut = await page
          .getByRole("navigation", { name: translation.dashboard.nav.label })
          .getByRole("link")
          .evaluateAll((links) =>
            links.filter((link) => link.getBoundingClientRect().right > window.innerWidth || link.getBoundingClientRect().left < 0).map((link) => link.textContent),
          );
        expect(cut, `${path} at 320 px`).toEqual([]);
        expect(await page.locator("h1:visible").count(), `${path} at 320 px`).toBe(1);
        if (path === PAGES[0]) {
          const phoneOnly = await axeViolations(page, { within: PHONE_ONLY });
          expect(phoneOnly, `${path} at 320 px (light):\n${JSON.stringify(phoneOnly, null, 2)}`).toEqual([]);
        }
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // The dark theme changes colours only: the rules that read colours, on the same page states.
  test("in the dark theme each page keeps its colours readable, on a desktop and on a phone", async () => {
    const context = await signedInContext(admin, "dark");
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      for (const path of [...PAGES, MERGE_PAGE]) {
        await openHydrated(page, path);
        expect(await darkClass(page), path).toBe(true);
        const violations = await axeViolations(page, { rules: COLOUR_RULES });
        expect(violations, `${path} (dark):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
        if (path === PAGES[0]) {
          await page.setViewportSize(SMALL_PHONE);
          const phoneOnly = await axeViolations(page, { within: PHONE_ONLY, rules: COLOUR_RULES });
          expect(phoneOnly, `${path} at 320 px (dark):\n${JSON.stringify(phoneOnly, null, 2)}`).toEqual([]);
        }
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
