import { describe, expect, it } from "vitest";
import type { ScheduleSpec } from "../markets/types";
import { withCancelledDate, withCancelNote, withExtraDate } from "./date-changes";
import type { MarketSnapshot } from "./snapshot";

const sundays: ScheduleSpec = { kind: "rule", startDate: "2027-03-07", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "11:00", endTime: "15:00", cancelled: [] };
const market = { name: "Søndagsmarked", schedules: [sundays] } as unknown as MarketSnapshot;
const extra: ScheduleSpec = { kind: "dates", startDate: "2027-03-17", startTime: "10:00", endTime: "14:00", durationDays: 1, cancelled: [] };

describe("a date change carried into a waiting edit", () => {
  it("cancels the day in the schedule that opens on it, whatever its times, once", () => {
    const cancelled = withCancelledDate(market, "2027-03-14", "Storm");
    expect(cancelled.schedules[0]!.cancelled).toEqual([{ date: "2027-03-14", note: "Storm" }]);
    expect(withCancelledDate(cancelled, "2027-03-14", "Storm")).toBe(cancelled);
  });

  it("gives a cancelled date its reason, or cancels it with the reason when it was not cancelled yet", () => {
    const silent = withCancelledDate(market, "2027-03-14", null);
    expect(withCancelNote(silent, "2027-03-14", "Storm").schedules[0]!.cancelled).toEqual([{ date: "2027-03-14", note: "Storm" }]);
    expect(withCancelNote(withCancelledDate(market, "2027-03-14", "Regn"), "2027-03-14", "Storm").schedules[0]!.cancelled).toEqual([{ date: "2027-03-14", note: "Storm" }]);
    expect(withCancelNote(market, "2027-03-21", "Ferie").schedules[0]!.cancelled).toEqual([{ date: "2027-03-21", note: "Ferie" }]);
  });

  it("leaves a snapshot alone when none of its schedules opens that day", () => {
    expect(withCancelledDate(market, "2027-03-15", null)).toBe(market);
  });

  it("adds an extra date once, and not on a day a schedule already opens", () => {
    const added = withExtraDate(market, extra);
    expect(added.schedules).toEqual([sundays, extra]);
    expect(withExtraDate(added, extra)).toBe(added);
    expect(withExtraDate(market, { ...extra, startDate: "2027-03-14" })).toBe(market);
  });
});
