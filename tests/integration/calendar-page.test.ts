import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { todayInDenmark } from "../../app/lib/dates";
import translation from "../../app/locales/da/translation.json";
import { monthTitle } from "../../app/calendar/grid";
import { createTestMarket, type TestMarket } from "../support/factories";
import { startSite, type Site } from "../support/site";

/**
 * /kalender and the calendar files as the server sends them: the month's table, a month that
 * cannot be read, a market's .ics behind its "Tilføj til kalender" and the register's feed. Moving
 * between months and days, and the filters, with JavaScript: tests/e2e/calendar.test.ts. The
 * queries and the .ics content per database: calendar.test.ts.
 */

let site: Site;
let onFyn: TestMarket;

const thisMonth = () => todayInDenmark().slice(0, 7);
const caption = (html: { text(selector?: string): string }) => html.text("main table caption");

function parseCalendar(text: string): ICAL.Component {
  const calendar = ICAL.Component.fromString(text);
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar;
}

beforeAll(async () => {
  site = await startSite();
  onFyn = await createTestMarket(site.database, { name: "Loppemarked i Odense", postalCode: "5000", city: "Odense C", latitude: "55,4", longitude: "10,39" });
  // One in Aarhus, which the feed for Fyn leaves out.
  await createTestMarket(site.database, { name: "Loppemarked i Aarhus" });
});

afterAll(async () => {
  await site?.close();
});

describe("/kalender", () => {
  test("shows the month as a table with Danish weekdays from Monday, and today marked", async () => {
    const page = await site.get("/kalender");
    expect(page.status).toBe(200);
    expect(page.html.h1s()).toEqual([translation.pages.kalender.heading]);
    expect(caption(page.html)).toContain(monthTitle(thisMonth()));
    const headers = page.html.all("main table thead th[scope=col]").map((header) => header.text);
    expect(headers).toHaveLength(7);
    expect(headers[0]).toContain("mandag");
    expect(headers[6]).toContain("søndag");
    const rows = page.html.all("main table tbody tr").length;
    expect(rows).toBeGreaterThanOrEqual(4);
    expect(rows).toBeLessThanOrEqual(6);
    const today = page.html.all('main table [aria-current="date"]');
    expect(today).toHaveLength(1);
    expect(today[0]!.closest("td")?.getAttribute("data-date")).toBe(todayInDenmark());
  });

  test("an unreadable month says 'Ugyldig dato' at its field and shows the current month", async () => {
    const page = await site.get("/kalender?maaned=2026-13&dag=i-morgen");
    expect(page.status).toBe(200);
    expect(page.html.text("#fejl-maaned")).toMatch(/^Ugyldig dato/);
    expect(page.html.text("#fejl-dag")).toMatch(/^Ugyldig dato/);
    expect(page.html.byId("maaned")?.getAttribute("aria-describedby")).toBe("fejl-maaned");
    expect(caption(page.html)).toContain(monthTitle(thisMonth()));
  });
});

describe("iCalendar", () => {
  test("a market's 'add to calendar' gives a calendar file to save, with its rule, time zone and position", async () => {
    const page = await site.get(`/markeder/${onFyn.slug}`);
    const href = page.html.link(translation.market.addToCalendar);
    expect(href).toBe(`/markeder/${onFyn.slug}.ics`);

    const file = await site.get(href!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${onFyn.slug}.ics"`);
    const events = parseCalendar(file.text).getAllSubcomponents("vevent");
    const recurring = events.find((event) => event.hasProperty("rrule"));
    expect(recurring).toBeDefined();
    expect(recurring!.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Europe/Copenhagen");
    expect(recurring!.getFirstPropertyValue("geo")).toHaveLength(2);
    expect(new ICAL.Event(recurring).iterator().next()).toBeTruthy();
  });

  test("an unknown market's .ics is a Danish 404", async () => {
    const answer = await site.get("/markeder/findes-slet-ikke.ics");
    expect(answer.status).toBe(404);
    expect(answer.text).toMatch(/Markedet findes ikke/);
  });

  test("the register feed holds the openings of the filtered markets, and the calendar links to it", async () => {
    const feed = await site.get("/register.ics?omraade=fyn");
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const events = parseCalendar(feed.text)
      .getAllSubcomponents("vevent")
      .map((event) => new ICAL.Event(event));
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThanOrEqual(1000);
    for (const event of events) {
      const postalCode = Number(/(\d{4}) [^,]+$/.exec(event.location)?.[1]);
      expect(postalCode, event.location).toBeGreaterThanOrEqual(5000);
      expect(postalCode, event.location).toBeLessThanOrEqual(5999);
      expect(event.isRecurring()).toBe(false);
    }
    const calendar = await site.get("/kalender?omraade=fyn");
    expect(calendar.html.link(translation.calendar.feedLink)).toBe("/register.ics?omraade=fyn");
  });
});
