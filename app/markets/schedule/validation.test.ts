import { describe, expect, it } from "vitest";
import type { ScheduleSpec } from "../types";
import { validateSchedule } from "./validation";

const rule = (rrule: string, extra: Partial<ScheduleSpec> = {}): ScheduleSpec => ({
  kind: "rule",
  startDate: "2027-01-01",
  rrule,
  startTime: "10:00",
  endTime: "15:00",
  ...extra,
});

describe("validateSchedule", () => {
  const fields = (spec: ScheduleSpec) => validateSchedule(spec).map((issue) => issue.field);

  it("accepts the schedules organisers have", () => {
    expect(validateSchedule(rule("FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9"))).toEqual([]);
    expect(validateSchedule(rule("FREQ=YEARLY;BYMONTH=4;BYDAY=-1SA"))).toEqual([]);
    expect(validateSchedule(rule("RRULE:FREQ=MONTHLY;BYDAY=1SA;UNTIL=20281231"))).toEqual([]);
    expect(validateSchedule({ kind: "dates", startDate: "2027-06-14", durationDays: 14, startTime: "09:30", endTime: "17:00" })).toEqual([]);
  });

  it("explains rules that cannot be used", () => {
    const message = (rrule: string) => validateSchedule(rule(rrule)).find((issue) => issue.field === "rrule")?.message;
    expect(message("")).toBe("Angiv en gentagelsesregel.");
    expect(message("FREQ=BOGUS")).toMatch(/dagligt, ugentligt, månedligt eller årligt/);
    expect(message("FREQ=HOURLY")).toMatch(/dagligt, ugentligt/);
    expect(message("FREQ=WEEKLY;FOO=1")).toMatch(/FOO/);
    expect(message("FREQ=WEEKLY;BYDAY=XX")).toMatch(/Ugedagen "XX"/);
    expect(message("FREQ=WEEKLY;BYDAY=1SA")).toMatch(/første eller sidste/);
    expect(message("FREQ=YEARLY;BYDAY=-1SA")).toMatch(/BYMONTH/);
    expect(message("FREQ=WEEKLY;BYMONTH=13")).toMatch(/1 til 12/);
    expect(message("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30")).toMatch(/ikke findes/);
    expect(message("FREQ=WEEKLY;UNTIL=garbage")).toMatch(/UNTIL/);
    expect(message("FREQ=WEEKLY;INTERVAL=0")).toMatch(/Intervallet/);
    expect(message("FREQ=WEEKLY;FREQ=DAILY")).toMatch(/mere end én gang/);
  });

  it("finds an end before the start", () => {
    expect(validateSchedule(rule("FREQ=WEEKLY;BYDAY=SA", { endDate: "2026-12-31" }))).toEqual([{ field: "endDate", message: "Slutdatoen ligger før startdatoen." }]);
    expect(fields(rule("FREQ=WEEKLY", { startDate: "2027-02-30" }))).toEqual(["startDate"]);
  });

  it("checks the times", () => {
    expect(validateSchedule(rule("FREQ=WEEKLY", { startTime: "10", endTime: "16.00" }))).toEqual([
      { field: "startTime", message: "Åbningstiden skal skrives som TT:MM, fx 10:00." },
      { field: "endTime", message: "Lukketiden skal skrives som TT:MM, fx 16:00." },
    ]);
    expect(validateSchedule(rule("FREQ=WEEKLY", { startTime: "16:00", endTime: "10:00" }))).toEqual([{ field: "endTime", message: "Lukketiden skal ligge efter åbningstiden." }]);
    expect(fields(rule("FREQ=WEEKLY", { startTime: "10:00", endTime: "10:00" }))).toEqual(["endTime"]);
  });

  it("allows one to fourteen whole days", () => {
    for (const durationDays of [0, 15, 1.5]) {
      expect(validateSchedule(rule("FREQ=WEEKLY", { durationDays }))).toEqual([{ field: "durationDays", message: "Et marked kan vare fra 1 til 14 dage." }]);
    }
  });

  it("checks cancelled dates", () => {
    const issues = validateSchedule(
      rule("FREQ=WEEKLY", {
        cancelled: [{ date: "3. maj" }, { date: "2027-05-02" }, { date: "2027-05-02" }, { date: "2027-05-09", note: "x".repeat(301) }],
      }),
    );
    expect(issues).toEqual([
      { field: "cancelled", message: 'En aflyst dato skal være en gyldig dato (ÅÅÅÅ-MM-DD): "3. maj".' },
      { field: "cancelled", message: "2. maj 2027 er aflyst mere end én gang." },
      { field: "cancelled", message: "Bemærkningen til en aflysning må højst være 300 tegn." },
    ]);
  });

  it("checks a shop's week", () => {
    expect(fields({ kind: "opening_hours", startDate: "2027-01-01" })).toEqual(["openingHours"]);
    expect(validateSchedule({ kind: "opening_hours", startDate: "2027-01-01", openingHours: { mon: [["17:00", "10:00"]] } })).toEqual([
      { field: "openingHours", message: "Om mandagen skal lukketiden ligge efter åbningstiden." },
    ]);
  });
});
