import { describe, expect, it } from "vitest";
import { calendarHref, feedHref } from "./links";
import { INVALID_DAY, INVALID_MONTH, parseCalendarParams } from "./query.server";

const TODAY = "2026-06-10";
const parse = (query: string) => parseCalendarParams(new URLSearchParams(query), TODAY);

describe("calendar query", () => {
  it("shows the current month by default, as a month table", () => {
    const params = parse("");
    expect(params.month).toBe("2026-06");
    expect(params.day).toBeNull();
    expect(params.view).toBe("maaned");
    expect(params.range).toEqual({ from: "2026-06-01", to: "2026-06-30" });
    expect(params.calendarErrors).toEqual({});
  });

  it("falls back to the current month with 'Ugyldig dato' for a month or day it cannot read", () => {
    for (const query of ["maaned=2026-13", "maaned=juni", "maaned=1850-01"]) {
      const params = parse(query);
      expect(params.month).toBe("2026-06");
      expect(params.calendarErrors.maaned).toBe(INVALID_MONTH);
      expect(params.calendarErrors.maaned).toMatch(/^Ugyldig dato/);
    }
    const badDay = parse("dag=2027-02-30&maaned=2027-03");
    expect(badDay.day).toBeNull();
    expect(badDay.calendarErrors.dag).toBe(INVALID_DAY);
    expect(badDay.month).toBe("2027-03");
  });

  it("opens the month of the chosen day, and lists that day", () => {
    const params = parse("dag=2027-06-14&maaned=2026-01&visning=liste");
    expect(params.month).toBe("2027-06");
    expect(params.day).toBe("2027-06-14");
    expect(params.view).toBe("liste");
    expect(params.range).toEqual({ from: "2027-06-14", to: "2027-06-14" });
    expect(params.monthRange).toEqual({ from: "2027-06-01", to: "2027-06-30" });
  });

  it("treats an empty day field as no day", () => {
    const params = parse("maaned=2026-09&dag=");
    expect(params.day).toBeNull();
    expect(params.month).toBe("2026-09");
    expect(params.calendarErrors).toEqual({});
  });

  it("narrows the days to a period chosen in the filters, and opens on its first month", () => {
    const params = parse("dato=periode&fra=2026-08-20&til=2026-09-05");
    expect(params.month).toBe("2026-08");
    expect(params.range).toEqual({ from: "2026-08-20", to: "2026-08-31" });
    // The filter form sends the month it was on; inside the period it stays there…
    const inside = parse("dato=periode&fra=2026-08-20&til=2026-09-05&maaned=2026-09");
    expect(inside.month).toBe("2026-09");
    expect(inside.range).toEqual({ from: "2026-09-01", to: "2026-09-05" });
    // …outside it gives way to the period's first month rather than show an empty month.
    const outside = parse("dato=periode&fra=2026-08-20&til=2026-09-05&maaned=2026-10");
    expect(outside.month).toBe("2026-08");
  });

  it("keeps the filters in its links, so moving between months does not lose them", () => {
    const { form } = parse("q=vinyl&type=loppemarkeder&omraade=aarhus&maaned=2026-07");
    const next = new URL(calendarHref(form, { month: "2026-08" }), "http://x");
    expect(next.pathname).toBe("/kalender");
    expect(next.searchParams.get("q")).toBe("vinyl");
    expect(next.searchParams.get("type")).toBe("loppemarkeder");
    expect(next.searchParams.get("omraade")).toBe("aarhus");
    expect(next.searchParams.get("maaned")).toBe("2026-08");
    const day = new URL(calendarHref(form, { month: "2026-08", day: "2026-08-02", view: "liste" }), "http://x");
    expect(day.searchParams.get("dag")).toBe("2026-08-02");
    expect(day.searchParams.has("maaned")).toBe(false);
    expect(day.searchParams.get("visning")).toBe("liste");
    expect(feedHref(form)).toBe("/register.ics?q=vinyl&type=loppemarkeder&omraade=aarhus");
    expect(calendarHref(parse("").form)).toBe("/kalender");
  });
});
