import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import {
  browserSite,
  cookieHeader,
  createTestAccount,
  createTestMarket,
  postForm,
  signInContext,
  withServerDatabase,
  type TestAccount,
  type TestMarket,
} from "../support/factories";
import { expectNoSidewaysScrolling, gotoHydrated, watchHydration } from "./helpers";

/*
 * The owner's pages in the browser: axe in both themes and no sideways scrolling on the narrowest
 * phone. Who may open and post what, what each post writes, and a date cancelled without
 * JavaScript: tests/integration/owner-pages.test.ts.
 */

const texts = translation.organiser;
const NARROW = { viewport: { width: 320, height: 720 }, isMobile: true, hasTouch: true };

let browser: Browser;
let owner: TestAccount;
let admin: TestAccount;
let market: TestMarket;

beforeAll(async () => {
  browser = await launchBrowser();
  [owner, admin] = await Promise.all([createTestAccount({ name: "Olga Arrangør", role: "organizer" }), createTestAccount({ name: "Anna Admin", admin: true })]);
  market = await createTestMarket(
    (await browserSite()).database,
    {
      name: "Olgas Loppemarked ved Havnefronten i Nordhavn",
      schedules: [{ kind: "rule", startDate: "2025-01-05", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" }],
    },
    { owner: owner.id },
  );
  const now = new Date().toISOString();
  withServerDatabase((db) =>
    db
      .prepare("insert into market_drafts (id, owner_id, step, fields, created_at, updated_at) values (?, ?, ?, ?, ?, ?)")
      .run(randomUUID(), owner.id, "place", JSON.stringify({ name: "Julemarked i den gamle lade på bakken" }), now, now),
  );
});

afterAll(async () => {
  await browser?.close();
});

async function signedIn(account: TestAccount, options: Parameters<Browser["newContext"]>[0] = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  await watchHydration(context);
  await signInContext(context, account);
  return { context, page: await context.newPage() };
}

describe("the owner's pages", () => {
  beforeAll(async () => {
    // A cancelled date, then a date added after it: the cancellation is then an earlier version an
    // admin may restore.
    const sunday = withServerDatabase(
      (db) =>
        db.prepare("select local_date from market_occurrences where market_id = ? and status = 'scheduled' order by local_date limit 1").get(market.id) as { local_date: string },
    );
    await postForm(`/manage-market/${market.id}`, { intent: "cancel-date", date: sunday.local_date, note: "Regnvejr" }, cookieHeader(owner));
    const extra = new Date(`${sunday.local_date}T12:00:00Z`);
    extra.setUTCDate(extra.getUTCDate() + 10);
    await postForm(`/manage-market/${market.id}`, { intent: "add-date", date: extra.toISOString().slice(0, 10), startTime: "17:00", endTime: "20:00" }, cookieHeader(owner));
  });

  /** Who opens which pages; the owner's confirming step of "Markedet er lukket", and an admin's page with "Gendan denne version". */
  const VISITS: [who: () => TestAccount, paths: () => string[]][] = [
    [() => owner, () => ["/dashboard/mine-markeder", `/manage-market/${market.id}?luk=ja`, `/manage-market/${market.id}/forhaandsvisning`]],
    [() => admin, () => [`/manage-market/${market.id}`]],
  ];

  test("one heading in sight, axe finds nothing in either theme, and nothing is wider than a 320 px phone", async () => {
    for (const [who, paths] of VISITS) {
      const { context, page } = await signedIn(who(), NARROW);
      try {
        const errors = collectPageErrors(page);
        for (const path of paths()) {
          await gotoHydrated(page, path);
          expect(await page.locator("h1:visible").count(), path).toBe(1);
          // The form behind "Aflys denne dato" is checked open too.
          const dates = page.locator("#datoer summary");
          if (await dates.count()) await dates.first().click();
          await expectNoSidewaysScrolling(page, path);
          await expectNoAxeViolationsInBothThemes(page, path);
          if (who() === admin) expect(await page.getByRole("button", { name: new RegExp(texts.manage.restore.submit) }).count(), "restore buttons").toBeGreaterThan(0);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});

describe("the control panel after a post", () => {
  /** Where the row of `date` sits in the window: its top edge, and whether it is wholly in sight. */
  async function rowInSight(page: Page, date: string): Promise<{ scrolled: number; inSight: boolean }> {
    return page.evaluate((id) => {
      const box = document.getElementById(id)!.getBoundingClientRect();
      return { scrolled: window.scrollY, inSight: box.top >= 0 && box.bottom <= window.innerHeight };
    }, `dato-${date}`);
  }

  test("cancelling a date far down the list, then opening it again, leaves the page at that date, not at its top", async () => {
    const placed = await createTestMarket(
      (await browserSite()).database,
      {
        name: "Olgas Vintermarked",
        schedules: [{ kind: "rule", startDate: "2025-01-05", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" }],
      },
      { owner: owner.id },
    );
    const date = withServerDatabase(
      (db) =>
        db.prepare("select local_date from market_occurrences where market_id = ? and status = 'scheduled' order by local_date limit 1 offset 6").get(placed.id) as {
          local_date: string;
        },
    ).local_date;
    const { context, page } = await signedIn(owner, { viewport: { width: 390, height: 844 } });
    try {
      const errors = collectPageErrors(page);
      await gotoHydrated(page, `/manage-market/${placed.id}`);
      const row = page.locator(`#dato-${date}`);
      await row.locator("summary").click();
      await row.getByRole("button", { name: texts.manage.cancel.submit }).click();
      await expect.poll(() => page.locator(`#dato-${date} button`).first().innerText()).toContain(texts.manage.restoreDate.submit);
      // The browser scrolls to the row once the page after the post has rendered.
      await expect.poll(() => rowInSight(page, date)).toEqual({ scrolled: expect.any(Number) as number, inSight: true });
      expect((await rowInSight(page, date)).scrolled).toBeGreaterThan(0);

      await page
        .locator(`#dato-${date}`)
        .getByRole("button", { name: new RegExp(texts.manage.restoreDate.submit) })
        .click();
      await expect.poll(() => page.locator(`#dato-${date} summary`).count()).toBe(1);
      await expect.poll(() => rowInSight(page, date)).toEqual({ scrolled: expect.any(Number) as number, inSight: true });
      expect((await rowInSight(page, date)).scrolled).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
