import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { monthTitle, shiftMonth } from "../../app/calendar/grid";
import { formatDanishDate, todayInDenmark } from "../../app/lib/dates";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { gotoHydrated, watchHydration } from "./helpers";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const thisMonth = () => todayInDenmark().slice(0, 7);
/** Next month always lies wholly ahead, where the demo data has openings. */
const nextMonth = () => shiftMonth(thisMonth(), 1);

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext(DESKTOP);
  await watchHydration(context);
  page = await context.newPage();
  errors = collectPageErrors(page);
});

afterAll(async () => {
  await browser?.close();
});

const caption = (target: Page) => target.locator("main table caption");

/** The markets of every day of the month table, added up. */
async function monthTotal(target: Page): Promise<number> {
  const counts = await target.locator("main td[data-count]").evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute("data-count"))));
  return counts.reduce((sum, count) => sum + count, 0);
}

describe("/kalender", () => {
  // The month's table as served (weekdays, today marked, a month that cannot be read):
  // tests/integration/calendar-page.test.ts.
  test("moves to the next and previous month, without errors", async () => {
    await gotoHydrated(page, "/kalender");
    await page.getByRole("link", { name: translation.calendar.nextMonth.replace("{{month}}", monthTitle(nextMonth())) }).click();
    await page.waitForURL((address) => address.searchParams.get("maaned") === nextMonth());
    await expect.poll(() => caption(page).textContent()).toContain(monthTitle(nextMonth()));
    const previous = shiftMonth(thisMonth(), -1);
    for (const month of [thisMonth(), previous]) {
      await page.getByRole("link", { name: translation.calendar.previousMonth.replace("{{month}}", monthTitle(month)) }).click();
      await page.waitForURL((address) => address.searchParams.get("maaned") === month);
      await expect.poll(() => caption(page).textContent()).toContain(monthTitle(month));
    }
    expect(await page.locator('main table [aria-current="date"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test("clicking a day shows that day's markets", async () => {
    await gotoHydrated(page, `/kalender?maaned=${nextMonth()}`);
    const busy = page.locator("main td[data-count]:not([data-count='0'])").first();
    const date = (await busy.getAttribute("data-date"))!;
    const count = Number(await busy.getAttribute("data-count"));
    expect(count).toBeGreaterThan(0);
    await busy.getByRole("link").click();
    await page.waitForURL((address) => address.searchParams.get("dag") === date);
    const heading = translation.calendar.dayHeading.replace("{{date}}", formatDanishDate(date));
    await expect.poll(() => page.getByRole("heading", { level: 2, name: heading }).count()).toBe(1);
    // Dates read like "lør. 14. jun. 2027".
    expect(formatDanishDate(date)).toMatch(/^[a-zæøå]{3,4}\. \d{1,2}\. [a-zæøå]{3}\.? \d{4}$/);
    const section = page.locator("section[aria-labelledby=calendar-entries]");
    const links = section.locator('a[href^="/markeder/"]');
    expect(await links.count()).toBeGreaterThanOrEqual(Math.min(count, 50));
    const first = await links.first().getAttribute("href");
    await links.first().click();
    await page.waitForURL((address) => address.pathname === first);
  });

  test("filters change the URL and the counts, and moving months keeps them", async () => {
    const start = `${nextMonth()}-01`;
    await gotoHydrated(page, `/kalender?dato=periode&fra=${start}`);
    await expect.poll(() => caption(page).textContent()).toContain(monthTitle(nextMonth()));
    const all = await monthTotal(page);
    expect(all).toBeGreaterThan(0);
    await page.getByRole("checkbox", { name: "Antikmarked" }).check();
    await page.getByRole("button", { name: translation.markets.searchButton }).click();
    await page.waitForURL(/type=antikmarkeder/);
    expect(new URL(page.url()).searchParams.get("fra")).toBe(start);
    await expect.poll(() => monthTotal(page)).toBeLessThan(all);

    await page.getByRole("link", { name: translation.calendar.listView, exact: true }).click();
    await page.waitForURL(/visning=liste/);
    expect(new URL(page.url()).searchParams.getAll("type")).toEqual(["antikmarkeder"]);
    const entryTypes = page.locator("section[aria-labelledby=calendar-entries] li p.text-sm");
    // The URL changes as the navigation commits; the list renders just after.
    await expect.poll(() => entryTypes.count()).toBeGreaterThan(0);
    const types = await entryTypes.allInnerTexts();
    for (const text of types) expect(text.startsWith("Antikmarked")).toBe(true);
  });

  // The month view is checked in both themes by every-page.ts.
  test("has no accessibility violations in a day and the list view, and in the dark list view", async () => {
    const day = `/kalender?maaned=${nextMonth()}&dag=${nextMonth()}-06`;
    await gotoHydrated(page, day);
    expect(await axeViolations(page), day).toEqual([]);
    const list = `/kalender?maaned=${nextMonth()}&visning=liste`;
    await gotoHydrated(page, list);
    await expectNoAxeViolationsInBothThemes(page, list, { dark: "device" });
  });
});

// A market's .ics, the register's feed and the link to it: tests/integration/calendar-page.test.ts.
