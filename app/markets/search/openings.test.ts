import { describe, expect, it } from "vitest";
import { isInOpeningsWindow, openingRows } from "./openings";
import type { ShopHoursRow } from "./shop-hours";

const MONDAY = "2026-06-01";
const shop = (weekday: number, opens: string, closes: string, extra: Partial<ShopHoursRow> = {}): ShopHoursRow => ({
  weekday,
  opens,
  closes,
  valid_from: "2026-01-01",
  valid_to: null,
  closed_dates: "",
  ...extra,
});

describe("openingRows", () => {
  it("gives every day of a multi-day occurrence in the window its hours", () => {
    const rows = openingRows(MONDAY, [{ local_date: "2026-05-31", end_date: "2026-06-02", start_time: "10:00", end_time: "18:00" }], []);
    expect(rows).toEqual([
      { day: "2026-06-01", opens: "10:00", closes: "18:00" },
      { day: "2026-06-02", opens: "10:00", closes: "18:00" },
    ]);
  });

  it("leaves out occurrences outside the window", () => {
    expect(openingRows(MONDAY, [{ local_date: "2026-06-03", end_date: "2026-06-03", start_time: "10:00", end_time: "14:00" }], [])).toEqual([]);
    expect(openingRows(MONDAY, [{ local_date: "2026-05-30", end_date: "2026-05-31", start_time: "10:00", end_time: "14:00" }], [])).toEqual([]);
  });

  it("gives a shop the hours of each weekday, past midnight split as stored, and not on closed or invalid days", () => {
    expect(openingRows(MONDAY, [], [shop(1, "10:00", "17:30"), shop(1, "19:00", "24:00"), shop(2, "00:00", "02:00")])).toEqual([
      { day: "2026-06-01", opens: "10:00", closes: "17:30" },
      { day: "2026-06-01", opens: "19:00", closes: "24:00" },
      { day: "2026-06-02", opens: "00:00", closes: "02:00" },
    ]);
    expect(openingRows(MONDAY, [], [shop(1, "10:00", "17:30", { closed_dates: " 2026-06-01 " })])).toEqual([]);
    expect(openingRows(MONDAY, [], [shop(1, "10:00", "17:30", { valid_from: "2026-06-02" })])).toEqual([]);
    expect(openingRows(MONDAY, [], [shop(2, "10:00", "17:30", { valid_to: "2026-06-01" })])).toEqual([]);
  });

  it("merges the overlapping and touching intervals of a day, so that one row at most is open at any time", () => {
    const fair = { local_date: MONDAY, end_date: MONDAY, start_time: "12:00", end_time: "20:00" };
    expect(openingRows(MONDAY, [fair], [shop(1, "10:00", "14:00"), shop(1, "20:00", "22:00"), shop(1, "23:00", "24:00")])).toEqual([
      { day: MONDAY, opens: "10:00", closes: "22:00" },
      { day: MONDAY, opens: "23:00", closes: "24:00" },
    ]);
    expect(openingRows(MONDAY, [fair, { ...fair, start_time: "13:00", end_time: "15:00" }], [])).toEqual([{ day: MONDAY, opens: "12:00", closes: "20:00" }]);
  });
});

describe("isInOpeningsWindow", () => {
  it("holds today and tomorrow", () => {
    expect(isInOpeningsWindow(MONDAY, "2026-05-31")).toBe(false);
    expect(isInOpeningsWindow(MONDAY, MONDAY)).toBe(true);
    expect(isInOpeningsWindow(MONDAY, "2026-06-02")).toBe(true);
    expect(isInOpeningsWindow(MONDAY, "2026-06-03")).toBe(false);
  });
});
