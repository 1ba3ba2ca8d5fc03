import { describe, expect, it } from "vitest";
import { INVALID_DAY, INVALID_MONTH, parseCalendarParams } from "./query.server";

const TODAY = "2026-06-10";
const parse = (query: string | URLSearchParams) => parseCalendarParams(new URLSearchParams(query), TODAY);

describe("calendar query: malformed and repeated values", () => {
  it("ignores a day that does not exist (dag=2026-02-31) and keeps the month and filters", () => {
    const params = parse("dag=2026-02-31&maaned=2026-09&q=vinyl&visning=liste");
    expect(params.day).toBeNull();
    expect(params.calendarErrors).toEqual({ dag: INVALID_DAY });
    expect(params.month).toBe("2026-09");
    expect(params.view).toBe("liste");
    expect(params.filters).toEqual({ text: "vinyl" });
  });

  it("keeps a good day when the month cannot be read", () => {
    const params = parse("maaned=2026-13&dag=2026-08-14");
    expect(params.day).toBe("2026-08-14");
    expect(params.month).toBe("2026-08");
    expect(params.calendarErrors).toEqual({ maaned: INVALID_MONTH });
  });

  it("refuses days outside the months the calendar can show", () => {
    expect(parse("dag=1999-12-31").calendarErrors).toEqual({ dag: INVALID_DAY });
    expect(parse("dag=2101-01-01").day).toBeNull();
  });

  it("ignores very long values, one at a time", () => {
    const long = "2".repeat(10_000);
    const params = parse(new URLSearchParams({ dag: long, maaned: long, visning: long, omraade: "aarhus" }));
    expect(params.day).toBeNull();
    expect(params.month).toBe("2026-06");
    expect(params.view).toBe("maaned");
    expect(params.calendarErrors).toEqual({ dag: INVALID_DAY, maaned: INVALID_MONTH });
    expect(params.filters).toEqual({ region: "aarhus" });
  });

  it("shows a month table for a view it does not know, without a message", () => {
    const params = parse("visning=xyz&maaned=2026-07");
    expect(params.view).toBe("maaned");
    expect(params.month).toBe("2026-07");
    expect(params.calendarErrors).toEqual({});
  });

  it("uses the first value of a repeated parameter", () => {
    expect(parse("maaned=2026-09&maaned=2026-10").month).toBe("2026-09");
    expect(parse("maaned=juni&maaned=2026-10").calendarErrors.maaned).toBe(INVALID_MONTH);
    expect(parse("visning=liste&visning=maaned").view).toBe("liste");
    expect(parse("dag=2026-08-14&dag=xyz").day).toBe("2026-08-14");
  });

  it("reads a day and month with spaces around them, and a blank one as none", () => {
    expect(parse("dag=%202026-08-14%20").day).toBe("2026-08-14");
    expect(parse("maaned=%202026-09").month).toBe("2026-09");
    const blank = parse("dag=%20%20&maaned=%20");
    expect(blank.calendarErrors).toEqual({});
    expect(blank.month).toBe("2026-06");
  });

  it("keeps the month when a filter is malformed", () => {
    const params = parse("maaned=2026-09&dato=snart&type=xyz&side=-3");
    expect(params.month).toBe("2026-09");
    expect(params.page).toBe(1);
    expect(Object.keys(params.errors).sort()).toEqual(["dato", "type"]);
    expect(params.calendarErrors).toEqual({});
  });
});
