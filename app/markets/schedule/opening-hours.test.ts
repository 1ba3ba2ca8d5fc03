import { describe, expect, it } from "vitest";
import { isOpenAt, shopHoursOn, todaysHours, validateOpeningHours } from "./opening-hours";
import type { OpeningHours, ScheduleSpec } from "../types";

const shop: OpeningHours = {
  mon: [["10:00", "17:30"]],
  tue: [["10:00", "17:30"]],
  wed: [["10:00", "17:30"]],
  thu: [["10:00", "17:30"]],
  fri: [["10:00", "17:30"]],
  sat: [["10:00", "14:00"]],
};
const lateShop: OpeningHours = { sat: [["20:00", "23:45"]], sun: [["20:00", "23:45"]], mon: [["10:00", "17:00"]] };
const at = (iso: string) => new Date(iso);

describe("isOpenAt", () => {
  it("uses Danish time, not the server's UTC", () => {
    // Tuesday 17:15 in Denmark is 15:15 UTC in summer.
    expect(isOpenAt(shop, at("2027-06-15T15:15:00Z"))).toBe(true);
    // 16:00 UTC is 18:00 in Denmark: closed, though UTC says 16:00.
    expect(isOpenAt(shop, at("2027-06-15T16:00:00Z"))).toBe(false);
    // 08:30 UTC on a winter Saturday is 09:30 in Denmark: not yet open.
    expect(isOpenAt(shop, at("2027-12-04T08:30:00Z"))).toBe(false);
    expect(isOpenAt(shop, at("2027-12-04T09:00:00Z"))).toBe(true);
  });

  it("opens at the opening minute and is closed at the closing minute", () => {
    expect(isOpenAt(shop, at("2027-12-06T09:00:00Z"))).toBe(true); // Monday 10:00
    expect(isOpenAt(shop, at("2027-12-06T16:29:00Z"))).toBe(true); // 17:29
    expect(isOpenAt(shop, at("2027-12-06T16:30:00Z"))).toBe(false); // 17:30
  });

  it("is closed on days without hours", () => {
    expect(isOpenAt(shop, at("2027-06-13T10:00:00Z"))).toBe(false); // Sunday
    expect(isOpenAt({}, at("2027-06-14T10:00:00Z"))).toBe(false);
    expect(isOpenAt(null, at("2027-06-14T10:00:00Z"))).toBe(false);
  });

  it("reads 23:30 and later right on the day summer time starts", () => {
    // Sunday 28 March 2027: 21:30Z is 23:30 summer time (open), 21:50Z is 23:50 (closed).
    expect(isOpenAt(lateShop, at("2027-03-28T21:30:00Z"))).toBe(true);
    expect(isOpenAt(lateShop, at("2027-03-28T21:50:00Z"))).toBe(false);
  });

  it("reads 23:30 right on the day summer time ends", () => {
    // Sunday 31 October 2027: 22:30Z is 23:30 winter time, still Sunday, still open.
    expect(isOpenAt(lateShop, at("2027-10-31T22:30:00Z"))).toBe(true);
    // The evening before, still summer time: 21:30Z is Saturday 23:30.
    expect(isOpenAt(lateShop, at("2027-10-30T21:30:00Z"))).toBe(true);
    expect(isOpenAt(lateShop, at("2027-10-30T22:00:00Z"))).toBe(false); // Sunday 00:00
  });

  it("handles split days", () => {
    const lunch: OpeningHours = {
      sat: [
        ["13:00", "16:00"],
        ["09:00", "12:00"],
      ],
    };
    expect(isOpenAt(lunch, at("2027-06-12T09:30:00Z"))).toBe(true); // 11:30
    expect(isOpenAt(lunch, at("2027-06-12T10:30:00Z"))).toBe(false); // 12:30
    expect(isOpenAt(lunch, at("2027-06-12T11:30:00Z"))).toBe(true); // 13:30
  });
});

describe("todaysHours", () => {
  it("gives the Danish day's hours, after midnight in Denmark too", () => {
    // 23:30 UTC on Sunday 31 October is 00:30 on Monday in Denmark.
    expect(todaysHours(lateShop, at("2027-10-31T23:30:00Z"))).toEqual({
      date: "2027-11-01",
      weekday: "mon",
      intervals: [["10:00", "17:00"]],
    });
    expect(todaysHours(shop, at("2027-06-13T12:00:00Z"))).toEqual({ date: "2027-06-13", weekday: "sun", intervals: [] });
  });
});

describe("shopHoursOn", () => {
  const week: ScheduleSpec = { kind: "opening_hours", startDate: "2027-01-01", openingHours: shop };

  it("is the day's weekly hours, and none on a closed weekday", () => {
    expect(shopHoursOn([week], "2027-06-15")).toEqual([["10:00", "17:30"]]); // Tuesday
    expect(shopHoursOn([week], "2027-06-19")).toEqual([["10:00", "14:00"]]); // Saturday
    expect(shopHoursOn([week], "2027-06-13")).toEqual([]); // Sunday
  });

  it("reads only the schedules valid that day, and nothing on a cancelled day", () => {
    const summer: ScheduleSpec = { kind: "opening_hours", startDate: "2027-06-01", endDate: "2027-08-31", openingHours: { sun: [["12:00", "16:00"]] } };
    expect(shopHoursOn([week, summer], "2027-06-13")).toEqual([["12:00", "16:00"]]);
    expect(shopHoursOn([week, summer], "2027-09-05")).toEqual([]);
    expect(shopHoursOn([{ ...week, cancelled: [{ date: "2027-06-15" }] }], "2027-06-15")).toEqual([]);
    expect(shopHoursOn([{ ...week, startDate: "2027-07-01" }], "2027-06-15")).toEqual([]);
    expect(shopHoursOn([{ kind: "dates", startDate: "2027-06-15", startTime: "10:00", endTime: "14:00" }], "2027-06-15")).toEqual([]);
  });
});

describe("validateOpeningHours", () => {
  it("accepts a normal week and a shop open until midnight", () => {
    expect(validateOpeningHours(shop)).toEqual([]);
    expect(validateOpeningHours({ fri: [["18:00", "24:00"]] })).toEqual([]);
  });

  it("explains what is wrong in Danish", () => {
    expect(validateOpeningHours({ mon: [["10", "17"]] })).toEqual(["Åbningstiderne om mandagen skal skrives som TT:MM, fx 10:00–17:30."]);
    expect(validateOpeningHours({ sun: [["17:00", "10:00"]] })).toEqual(["Om søndagen skal lukketiden ligge efter åbningstiden."]);
    expect(
      validateOpeningHours({
        sat: [
          ["10:00", "13:00"],
          ["12:00", "16:00"],
        ],
      }),
    ).toEqual(["Åbningstiderne om lørdagen overlapper hinanden."]);
    expect(validateOpeningHours({ holiday: [] })).toEqual(['"holiday" er ikke en ugedag.']);
    expect(validateOpeningHours("man-fre 10-17")).toEqual(["Åbningstiderne kan ikke læses."]);
  });
});
