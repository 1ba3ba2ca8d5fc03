import { describe, expect, it } from "vitest";
import { firstDayOfMonth, isYearMonth, lastDayOfMonth, monthGrid, monthOf, monthTitle, shiftMonth, weekdayHeadings } from "./grid";
import { weekdayOf } from "../lib/dates";

describe("month grid", () => {
  it("heads the columns with Danish weekday names, Monday first", () => {
    const headings = weekdayHeadings();
    expect(headings.map((heading) => heading.name)).toEqual(["mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag"]);
    expect(headings[0]!.short).toBe("man.");
    expect(headings[6]!.short).toBe("søn.");
  });

  it("puts six blanks before a month that starts on a Sunday", () => {
    // 1 February 2026 is a Sunday.
    const weeks = monthGrid("2026-02");
    expect(weeks[0]).toEqual([null, null, null, null, null, null, "2026-02-01"]);
    expect(weeks[1]![0]).toBe("2026-02-02");
    expect(weeks).toHaveLength(5);
    expect(weeks.at(-1)).toEqual(["2026-02-23", "2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", null]);
  });

  it("needs six weeks for a 31-day month that starts on a Sunday, and four for February starting on a Monday", () => {
    expect(monthGrid("2026-03")).toHaveLength(6);
    expect(monthGrid("2026-03").at(-1)).toEqual(["2026-03-30", "2026-03-31", null, null, null, null, null]);
    expect(monthGrid("2027-02")).toHaveLength(4);
    expect(monthGrid("2027-02")[0]![0]).toBe("2027-02-01");
  });

  it("lists every day of the month once, in order, each under its own weekday", () => {
    for (const month of ["2026-01", "2026-10", "2028-02", "2027-12"]) {
      const weeks = monthGrid(month);
      const days = weeks.flat().filter((day): day is string => day !== null);
      expect(days[0]).toBe(firstDayOfMonth(month));
      expect(days.at(-1)).toBe(lastDayOfMonth(month));
      expect(new Set(days).size).toBe(days.length);
      expect([...days].sort()).toEqual(days);
      for (const week of weeks) {
        expect(week).toHaveLength(7);
        week.forEach((day, column) => {
          if (day) expect(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].indexOf(weekdayOf(day))).toBe(column);
        });
      }
    }
  });
});

describe("months", () => {
  it("moves across the turn of the year", () => {
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-06", 13)).toBe("2027-07");
    expect(shiftMonth("2026-06", -18)).toBe("2024-12");
  });

  it("knows leap years and names months in Danish", () => {
    expect(lastDayOfMonth("2028-02")).toBe("2028-02-29");
    expect(lastDayOfMonth("2027-02")).toBe("2027-02-28");
    expect(monthTitle("2027-06")).toBe("juni 2027");
    expect(monthTitle("2026-12")).toBe("december 2026");
    expect(monthOf("2027-06-14")).toBe("2027-06");
  });

  it("reads only real months in a sensible span", () => {
    expect(isYearMonth("2027-06")).toBe(true);
    for (const bad of ["2027-13", "2027-00", "2027-6", "juni", "", "1999-12", "2101-01", "2027-06-01"]) {
      expect(isYearMonth(bad)).toBe(false);
    }
    expect(() => monthGrid("2027-13")).toThrow(RangeError);
  });
});
