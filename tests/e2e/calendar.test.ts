import Database from "better-sqlite3";
import ICAL from "ical.js";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { monthTitle, shiftMonth } from "../../app/markets/calendar/grid";
import { formatDanishDate, todayInDenmark } from "../../app/lib/dates";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { baseUrl, gotoHydrated, url, watchHydration } from "./helpers";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const thisMonth = () => todayInDenmark().slice(0, 7);
/** Next month always lies wholly ahead, where the demo data has openings. */
const nextMonth = () => shiftMonth(thisMonth(), 1);

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ ...DESKTOP, acceptDownloads: true });
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

function parseCalendar(text: string): ICAL.Component {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar;
}

describe("/kalender", () => {
  test("shows the month as a table with Danish weekdays from Monday, and today marked", async () => {
    const response = await gotoHydrated(page, "/kalender");
    expect(response.status()).toBe(200);
    expect(await page.locator("h1").innerText()).toBe(translation.pages.kalender.heading);
    expect(await caption(page).textContent()).toContain(monthTitle(thisMonth()));
    const headers = page.locator("main table thead th[scope=col]");
    expect(await headers.count()).toBe(7);
    expect(await headers.first().textContent()).toContain("mandag");
    expect(await headers.last().textContent()).toContain("søndag");
    const rows = await page.locator("main table tbody tr").count();
    expect(rows).toBeGreaterThanOrEqual(4);
    expect(rows).toBeLessThanOrEqual(6);
    const today = page.locator('main table [aria-current="date"]');
    expect(await today.count()).toBe(1);
    expect(await today.locator("xpath=ancestor::td").getAttribute("data-date")).toBe(todayInDenmark());
    expect(errors).toEqual([]);
  });

  test("moves to the next and previous month", async () => {
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

  test("an unreadable month says 'Ugyldig dato' at its field and shows the current month", async () => {
    const response = await gotoHydrated(page, "/kalender?maaned=2026-13&dag=i-morgen");
    expect(response.status()).toBe(200);
    expect(await page.locator("#fejl-maaned").innerText()).toMatch(/^Ugyldig dato/);
    expect(await page.locator("#fejl-dag").innerText()).toMatch(/^Ugyldig dato/);
    expect(await page.locator("#maaned").getAttribute("aria-describedby")).toBe("fejl-maaned");
    expect(await caption(page).textContent()).toContain(monthTitle(thisMonth()));
  });

  test("has no accessibility violations in the month view, a day and the list view", async () => {
    for (const path of ["/kalender", `/kalender?maaned=${nextMonth()}&dag=${nextMonth()}-06`, `/kalender?maaned=${nextMonth()}&visning=liste`]) {
      const fresh = await browser.newContext(DESKTOP);
      try {
        const target = await fresh.newPage();
        await target.goto(url(path));
        expect(await axeViolations(target), path).toEqual([]);
      } finally {
        await fresh.close();
      }
    }
    const dark = await browser.newContext(DESKTOP);
    try {
      await dark.addCookies([{ name: "loppeguiden-theme", value: "dark", url: baseUrl }]);
      const target = await dark.newPage();
      await target.goto(url(`/kalender?maaned=${nextMonth()}&visning=liste`));
      expect(await axeViolations(target)).toEqual([]);
    } finally {
      await dark.close();
    }
  });
});

describe("iCalendar", () => {
  test("a market's 'add to calendar' downloads a calendar with its rule, time zone and position", async () => {
    const db = new Database(inject("databaseFile"), { readonly: true });
    const market = (() => {
      try {
        return db
          .prepare(
            `select m.slug from markets m join market_schedules s on s.market_id = m.id
             where m.status = 'published' and s.kind = 'rule' and m.latitude is not null order by m.slug limit 1`,
          )
          .get() as { slug: string } | undefined;
      } finally {
        db.close();
      }
    })();
    expect(market, "the demo data has a market with a recurring rule").toBeDefined();

    const response = await context.request.get(url(`/markeder/${market!.slug}.ics`));
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers()["content-disposition"]).toBe(`attachment; filename="${market!.slug}.ics"`);

    await gotoHydrated(page, `/markeder/${market!.slug}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: translation.market.addToCalendar }).click(),
    ]);
    // Read from the download's stream: the suite's browser is shared, so the file is not on a local path.
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString("utf8");
    const events = parseCalendar(text).getAllSubcomponents("vevent");
    expect(events.length).toBeGreaterThan(0);
    const recurring = events.find((event) => event.hasProperty("rrule"));
    expect(recurring).toBeDefined();
    expect(recurring!.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Europe/Copenhagen");
    expect(recurring!.getFirstPropertyValue("geo")).toHaveLength(2);
    expect(new ICAL.Event(recurring).iterator().next()).toBeTruthy();
  });

  test("an unknown market's .ics is a Danish 404", async () => {
    const response = await context.request.get(url("/markeder/findes-slet-ikke.ics"));
    expect(response.status()).toBe(404);
    expect(await response.text()).toMatch(/Markedet findes ikke/);
  });

  test("the register feed holds the openings of the filtered markets", async () => {
    const response = await context.request.get(url("/register.ics?omraade=fyn"));
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const events = parseCalendar(await response.text()).getAllSubcomponents("vevent").map((event) => new ICAL.Event(event));
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThanOrEqual(1000);
    for (const event of events) {
      const postalCode = Number(/(\d{4}) [^,]+$/.exec(event.location)?.[1]);
      expect(postalCode, event.location).toBeGreaterThanOrEqual(5000);
      expect(postalCode, event.location).toBeLessThanOrEqual(5999);
      expect(event.isRecurring()).toBe(false);
    }
    const link = await (async () => {
      await gotoHydrated(page, "/kalender?omraade=fyn");
      return page.getByRole("link", { name: translation.calendar.feedLink }).getAttribute("href");
    })();
    expect(link).toBe("/register.ics?omraade=fyn");
  });
});
