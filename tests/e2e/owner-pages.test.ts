import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { browserSite, cookieHeader, createTestAccount, createTestMarket, postForm, signInContext, withServerDatabase, type TestAccount, type TestMarket } from "../support/factories";
import { baseUrl, url, waitForHydration, watchHydration } from "./helpers";

/*
 * The owner's pages in the browser: a date cancelled without JavaScript, axe in both themes and
 * no sideways scrolling on the narrowest phone. Who may open and post what, and what each post
 * writes: tests/integration/owner-pages.test.ts.
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
  market = await createTestMarket((await browserSite()).database, {
    name: "Olgas Loppemarked ved Havnefronten i Nordhavn",
    schedules: [{ kind: "rule", startDate: "2025-01-05", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" }],
  }, { owner: owner.id });
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

test("the owner cancels a date without JavaScript, and the market page shows it cancelled", async () => {
  const { context, page } = await signedIn(owner, { ...DESKTOP, javaScriptEnabled: false });
  try {
    await page.goto(url("/dashboard/mine-markeder"));
    // The link says "Administrér" and, to a screen reader, which market.
    await page.getByRole("link", { name: new RegExp(`^${texts.mine.links.manage}\\W+${market.name}$`) }).click();
    await expect.poll(() => page.locator("h1").innerText()).toBe(market.name);
    const dates = page.getByRole("region", { name: texts.manage.dates.heading });
    const first = dates.locator("li").first();
    const when = (await first.locator("summary span").first().innerText()).trim();
    await first.locator("summary").click();
    await first.getByLabel(texts.manage.cancel.noteLabel).fill("Regnvejr");
    await first.getByRole("button", { name: texts.manage.cancel.submit }).click();
    await expect.poll(() => page.getByRole("region", { name: /Beskeder/ }).innerText()).toContain(texts.manage.cancel.done);
    expect(await dates.locator("li").first().innerText()).toContain(`${texts.manage.dates.cancelled}: Regnvejr`);

    await page.getByRole("link", { name: texts.manage.public.viewPage }).click();
    await expect.poll(() => page.locator("h1").innerText()).toBe(market.name);
    const cancelled = page.locator("li", { hasText: when });
    expect(await cancelled.innerText()).toContain(`${translation.market.cancelled}: Regnvejr`);
  } finally {
    await context.close();
  }
});

describe.each(["light", "dark"] as const)("in the %s theme", (theme) => {
  beforeAll(async () => {
    // A date added after the cancellation: the cancellation is then an earlier version an admin may restore.
    const sunday = withServerDatabase(
      (db) => db.prepare("select local_date from market_occurrences where market_id = ? and status = 'scheduled' order by local_date limit 1").get(market.id) as { local_date: string },
    );
    const extra = new Date(`${sunday.local_date}T12:00:00Z`);
    extra.setUTCDate(extra.getUTCDate() + (theme === "light" ? 3 : 4));
    await postForm(`/manage-market/${market.id}`, { intent: "add-date", date: extra.toISOString().slice(0, 10), startTime: "17:00", endTime: "20:00" }, cookieHeader(owner));
  });

  /** Who opens which pages; the owner's confirming step of "Markedet er lukket", and an admin's page with "Gendan denne version". */
  const VISITS: [who: () => TestAccount, paths: () => string[]][] = [
    [() => owner, () => ["/dashboard/mine-markeder", `/manage-market/${market.id}?luk=ja`]],
    [() => admin, () => [`/manage-market/${market.id}`]],
  ];

  test("both pages: one heading, axe finds nothing, and nothing is wider than a 320 px phone", async () => {
    for (const [who, paths] of VISITS) {
      const { context, page } = await signedIn(who(), NARROW);
      try {
        if (theme === "dark") await context.addCookies([{ name: "loppeguiden-theme", value: "dark", url: baseUrl }]);
        const errors = collectPageErrors(page);
        for (const path of paths()) {
          const response = await page.goto(url(path));
          expect(response?.status(), path).toBe(200);
          await waitForHydration(page);
          expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
          expect(await page.locator("h1:visible").count(), path).toBe(1);
          // The form behind "Aflys denne dato" is checked open too.
          const dates = page.locator("#datoer summary");
          if (await dates.count()) await dates.first().click();
          expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
          const violations = await axeViolations(page);
          expect(violations, `${path} (${theme}):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
          if (who() === admin) expect(await page.getByRole("button", { name: new RegExp(texts.manage.restore.submit) }).count(), "restore buttons").toBeGreaterThan(0);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
