import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  danishMonthName,
  danishWeekdayNames,
  formatDanishDate,
  instantToLocal,
  isLocalDate,
  localDateTimeToInstant,
  startOfWeekMonday,
  todayInDenmark,
  weekdayOf,
  weekendOf,
} from "./dates";

describe("formatDanishDate", () => {
  it("prints product §9's format with date-fns' Danish abbreviations", () => {
    expect(formatDanishDate("2027-06-12")).toBe("lør. 12. jun. 2027");
    expect(formatDanishDate("2027-05-04")).toBe("tir. 4. maj 2027");
    expect(formatDanishDate("2027-03-28")).toBe("søn. 28. mar. 2027");
  });

  it("shows a bare date as that Danish day, not the UTC midnight before it", () => {
    expect(formatDanishDate("2027-01-01")).toBe("fre. 1. jan. 2027");
  });

  it("shows instants on the Danish day, also late in the evening in summer and winter", () => {
    // 22:30Z is 00:30 the next day in summer time and 23:30 the same day in winter.
    expect(formatDanishDate(new Date("2027-06-12T22:30:00Z"))).toBe("søn. 13. jun. 2027");
    expect(formatDanishDate("2027-06-12T22:30:00.000Z")).toBe("søn. 13. jun. 2027");
    expect(formatDanishDate("2027-12-11T22:30:00Z")).toBe("lør. 11. dec. 2027");
    expect(formatDanishDate("2027-12-11T23:30:00+00:00")).toBe("søn. 12. dec. 2027");
  });

  it("reads a date-time without offset as Danish wall-clock time", () => {
    expect(formatDanishDate("2027-06-12T23:30")).toBe("lør. 12. jun. 2027");
  });

  it("says the date is missing for null, undefined and blank text", () => {
    expect(formatDanishDate(null)).toBe("Dato mangler");
    expect(formatDanishDate(undefined)).toBe("Dato mangler");
    expect(formatDanishDate("  ")).toBe("Dato mangler");
  });

  it("says the date is invalid when it cannot be read", () => {
    expect(formatDanishDate("i morgen")).toBe("Ugyldig dato");
    expect(formatDanishDate("2027-02-30")).toBe("Ugyldig dato");
    expect(formatDanishDate("14/6/2027")).toBe("Ugyldig dato");
    expect(formatDanishDate(new Date(Number.NaN))).toBe("Ugyldig dato");
    expect(formatDanishDate(42 as unknown as string)).toBe("Ugyldig dato");
  });

  it("says formatting failed when the formatter throws", () => {
    // An unescaped latin letter makes date-fns throw a RangeError.
    expect(formatDanishDate("2027-06-12", { pattern: "EEE d. MMM yyyy j" })).toBe("Formateringsfejl");
  });

  it("has lowercase fallbacks for running text", () => {
    expect(formatDanishDate(null, { lowercase: true })).toBe("dato mangler");
    expect(formatDanishDate("nej", { lowercase: true })).toBe("ugyldig dato");
    expect(formatDanishDate("2027-06-12", { lowercase: true, pattern: "jjj" })).toBe("formateringsfejl");
    expect(formatDanishDate("2027-06-12", { lowercase: true })).toBe("lør. 12. jun. 2027");
  });
});

describe("todayInDenmark", () => {
  it("is already tomorrow in Denmark late in the UTC evening", () => {
    expect(todayInDenmark(new Date("2027-06-30T22:15:00Z"))).toBe("2027-07-01");
    expect(todayInDenmark(new Date("2027-12-31T23:15:00Z"))).toBe("2028-01-01");
    expect(todayInDenmark(new Date("2027-12-31T22:45:00Z"))).toBe("2027-12-31");
  });
});

describe("calendar arithmetic", () => {
  it("adds days across month, year and leap day", () => {
    expect(addDays("2027-12-31", 1)).toBe("2028-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
    // The day summer time starts is still one calendar day.
    expect(addDays("2027-03-27", 2)).toBe("2027-03-29");
  });

  it("adds months and keeps the day within the month", () => {
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2027-08-15", 18)).toBe("2029-02-15");
    expect(addMonths("2027-03-15", -3)).toBe("2026-12-15");
  });

  it("knows real dates from lookalikes", () => {
    expect(isLocalDate("2028-02-29")).toBe(true);
    expect(isLocalDate("2027-02-29")).toBe(false);
    expect(isLocalDate("2027-6-1")).toBe(false);
  });

  it("starts weeks on Monday", () => {
    expect(startOfWeekMonday("2027-06-13")).toBe("2027-06-07"); // a Sunday
    expect(startOfWeekMonday("2027-06-07")).toBe("2027-06-07");
    expect(startOfWeekMonday("2027-01-01")).toBe("2026-12-28");
    expect(weekdayOf("2027-06-12")).toBe("sat");
  });

  it("finds this weekend: the coming one on weekdays, the current one at the weekend", () => {
    expect(weekendOf("2027-06-09")).toEqual({ saturday: "2027-06-12", sunday: "2027-06-13" }); // Wednesday
    expect(weekendOf("2027-06-07")).toEqual({ saturday: "2027-06-12", sunday: "2027-06-13" }); // Monday
    expect(weekendOf("2027-06-12")).toEqual({ saturday: "2027-06-12", sunday: "2027-06-13" }); // Saturday
    expect(weekendOf("2027-06-13")).toEqual({ saturday: "2027-06-12", sunday: "2027-06-13" }); // Sunday
    expect(weekendOf("2027-12-31")).toEqual({ saturday: "2028-01-01", sunday: "2028-01-02" });
  });
});

describe("Danish names", () => {
  it("names months from index 0", () => {
    expect(danishMonthName(0)).toBe("januar");
    expect(danishMonthName(2)).toBe("marts");
    expect(danishMonthName(11)).toBe("december");
    expect(() => danishMonthName(12)).toThrow(RangeError);
  });

  it("lists weekdays from Monday", () => {
    expect(danishWeekdayNames()).toEqual(["mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag"]);
  });
});

describe("Danish wall-clock time", () => {
  it("converts 10:00 to UTC with the offset of that day", () => {
    expect(localDateTimeToInstant("2027-03-27", "10:00").toISOString()).toBe("2027-03-27T09:00:00.000Z");
    expect(localDateTimeToInstant("2027-03-28", "10:00").toISOString()).toBe("2027-03-28T08:00:00.000Z");
    expect(localDateTimeToInstant("2027-10-30", "10:00").toISOString()).toBe("2027-10-30T08:00:00.000Z");
    expect(localDateTimeToInstant("2027-10-31", "10:00").toISOString()).toBe("2027-10-31T09:00:00.000Z");
  });

  it("moves a time that summer time skips an hour forward", () => {
    expect(localDateTimeToInstant("2027-03-28", "02:30").toISOString()).toBe("2027-03-28T01:30:00.000Z");
  });

  it("refuses what is not a date and a time", () => {
    expect(() => localDateTimeToInstant("2027-02-30", "10:00")).toThrow(RangeError);
    expect(() => localDateTimeToInstant("2027-02-03", "25:00")).toThrow(RangeError);
  });

  it("reads instants back as Danish date and time on both sides of the changes", () => {
    expect(instantToLocal(new Date("2027-03-28T00:59:00Z"))).toEqual({ date: "2027-03-28", time: "01:59" });
    expect(instantToLocal(new Date("2027-03-28T01:00:00Z"))).toEqual({ date: "2027-03-28", time: "03:00" });
    expect(instantToLocal(new Date("2027-10-31T00:30:00Z"))).toEqual({ date: "2027-10-31", time: "02:30" });
    expect(instantToLocal(new Date("2027-10-31T01:30:00Z"))).toEqual({ date: "2027-10-31", time: "02:30" });
    expect(instantToLocal(new Date("2027-10-31T22:30:00Z"))).toEqual({ date: "2027-10-31", time: "23:30" });
  });
});
