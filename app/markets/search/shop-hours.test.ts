import { describe, expect, it } from "vitest";
import { shopHoursRows } from "./shop-hours";

const schedule = (openingHours: unknown, extra: Partial<{ end_date: string; cancelled: unknown }> = {}) => ({
  start_date: "2026-01-01",
  end_date: extra.end_date ?? null,
  opening_hours: JSON.stringify(openingHours),
  cancelled: JSON.stringify(extra.cancelled ?? []),
});

describe("shopHoursRows", () => {
  it("gives one row per day and interval with ISO weekdays", () => {
    const rows = shopHoursRows(
      schedule({
        mon: [["10:00", "17:30"]],
        sat: [
          ["09:00", "12:00"],
          ["13:00", "15:00"],
        ],
      }),
    );
    expect(rows.map((r) => [r.weekday, r.opens, r.closes])).toEqual([
      [1, "10:00", "17:30"],
      [6, "09:00", "12:00"],
      [6, "13:00", "15:00"],
    ]);
    expect(rows[0]).toMatchObject({ valid_from: "2026-01-01", valid_to: null, closed_dates: "" });
  });

  it("splits an interval past midnight across two days, Sunday into Monday", () => {
    const rows = shopHoursRows(schedule({ sun: [["20:00", "02:00"]] }));
    expect(rows.map((r) => [r.weekday, r.opens, r.closes])).toEqual([
      [7, "20:00", "24:00"],
      [1, "00:00", "02:00"],
    ]);
  });

  it("reads a closing time of 24:00 as open until midnight", () => {
    const rows = shopHoursRows(schedule({ fri: [["18:00", "24:00"]], sat: [["00:00", "24:00"]] }));
    expect(rows.map((r) => [r.weekday, r.opens, r.closes])).toEqual([
      [5, "18:00", "24:00"],
      [6, "00:00", "24:00"],
    ]);
  });

  it("keeps the cancelled days and the end of the schedule", () => {
    const [row] = shopHoursRows(schedule({ tue: [["10:00", "16:00"]] }, { end_date: "2026-12-31", cancelled: [{ date: "2026-12-24" }, { date: "2026-12-31" }] }));
    expect(row).toMatchObject({ valid_to: "2026-12-31", closed_dates: " 2026-12-24 2026-12-31 " });
  });

  it("skips malformed hours instead of guessing", () => {
    expect(shopHoursRows({ start_date: "2026-01-01", end_date: null, opening_hours: "not json", cancelled: null })).toEqual([]);
    expect(shopHoursRows(schedule({ wed: [["10", "16:00"], "x"] }))).toEqual([]);
  });
});
