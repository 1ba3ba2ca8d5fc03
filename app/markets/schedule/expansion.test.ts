import { describe, expect, it } from "vitest";
import type { ScheduleSpec } from "../types";
import { expandSchedule } from "./expansion";
import { ScheduleError } from "./validation";

const rule = (rrule: string, extra: Partial<ScheduleSpec> = {}): ScheduleSpec => ({
  kind: "rule",
  startDate: "2027-01-01",
  rrule,
  startTime: "10:00",
  endTime: "15:00",
  ...extra,
});
const dates = (spec: ScheduleSpec, from: string, to: string) => expandSchedule(spec, { from, to }).map((o) => o.date);

describe("expandSchedule for rules", () => {
  it("puts 10:00 on the last Sunday of March and of October 2027 at 10:00 Danish time", () => {
    const occurrences = expandSchedule(rule("FREQ=WEEKLY;BYDAY=SU"), { from: "2027-03-21", to: "2027-11-07" });
    const at = (date: string) => occurrences.find((o) => o.date === date)!;
    expect(at("2027-03-21").startsAt).toBe("2027-03-21T09:00:00.000Z");
    expect(at("2027-03-28").startsAt).toBe("2027-03-28T08:00:00.000Z");
    expect(at("2027-10-24").startsAt).toBe("2027-10-24T08:00:00.000Z");
    expect(at("2027-10-31").startsAt).toBe("2027-10-31T09:00:00.000Z");
    expect(at("2027-10-31").endsAt).toBe("2027-10-31T14:00:00.000Z");
    expect(at("2027-10-31")).toMatchObject({ endDate: "2027-10-31", startTime: "10:00", endTime: "15:00", status: "scheduled" });
  });

  it("expands every Sunday from May to September", () => {
    const sundays = dates(rule("FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9"), "2027-01-01", "2027-12-31");
    expect(sundays).toHaveLength(22);
    expect(sundays[0]).toBe("2027-05-02");
    expect(sundays.at(-1)).toBe("2027-09-26");
  });

  it("runs a winter season over the new year", () => {
    const saturdays = dates(rule("FREQ=WEEKLY;BYDAY=SA;BYMONTH=10,11,12,1,2,3"), "2027-09-01", "2028-04-30");
    expect(saturdays).toHaveLength(26);
    expect(saturdays[0]).toBe("2027-10-02");
    expect(saturdays.at(-1)).toBe("2028-03-25");
    expect(saturdays).toEqual(expect.arrayContaining(["2027-12-25", "2028-01-01", "2028-01-08"]));
    expect(saturdays.some((date) => date.startsWith("2028-04"))).toBe(false);
  });

  it("finds the last Saturday of April year after year", () => {
    expect(dates(rule("FREQ=YEARLY;BYMONTH=4;BYDAY=-1SA"), "2027-01-01", "2030-12-31")).toEqual(["2027-04-24", "2028-04-29", "2029-04-28", "2030-04-27"]);
  });

  it("finds the first Saturday of each month", () => {
    expect(dates(rule("FREQ=MONTHLY;BYDAY=1SA"), "2027-01-01", "2027-12-31")).toEqual([
      "2027-01-02",
      "2027-02-06",
      "2027-03-06",
      "2027-04-03",
      "2027-05-01",
      "2027-06-05",
      "2027-07-03",
      "2027-08-07",
      "2027-09-04",
      "2027-10-02",
      "2027-11-06",
      "2027-12-04",
    ]);
  });

  it("keeps within the start date, the end date and the window", () => {
    const spec = rule("FREQ=WEEKLY;BYDAY=SA", { startDate: "2027-06-10", endDate: "2027-07-03" });
    expect(dates(spec, "2027-01-01", "2027-12-31")).toEqual(["2027-06-12", "2027-06-19", "2027-06-26", "2027-07-03"]);
    expect(dates(spec, "2027-06-20", "2027-06-30")).toEqual(["2027-06-26"]);
    expect(dates(spec, "2027-08-01", "2027-12-31")).toEqual([]);
  });

  it("counts every other Saturday from the start date even when the window starts later", () => {
    const spec = rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=SA", { startDate: "2027-01-02" });
    expect(dates(spec, "2027-03-01", "2027-04-01")).toEqual(["2027-03-13", "2027-03-27"]);
  });

  it("gives the same dates whatever window a long-running rule is asked for", () => {
    const spec = rule("FREQ=MONTHLY;BYDAY=-1SU", { startDate: "2019-03-01" });
    const wide = dates(spec, "2026-01-01", "2027-12-31");
    expect(dates(spec, "2027-01-01", "2027-12-31")).toEqual(wide.filter((date) => date >= "2027-01-01"));
    expect(wide).toContain("2027-10-31");
  });

  it("marks cancelled dates with their note and leaves the others scheduled", () => {
    const spec = rule("FREQ=WEEKLY;BYDAY=SU;BYMONTH=5", {
      cancelled: [{ date: "2027-05-09", note: "Pinsemarked i byen" }, { date: "2027-05-16" }, { date: "2027-05-17" }],
    });
    const occurrences = expandSchedule(spec, { from: "2027-01-01", to: "2027-12-31" });
    expect(occurrences.map((o) => [o.date, o.status, o.note])).toEqual([
      ["2027-05-02", "scheduled", undefined],
      ["2027-05-09", "cancelled", "Pinsemarked i byen"],
      ["2027-05-16", "cancelled", undefined],
      ["2027-05-23", "scheduled", undefined],
      ["2027-05-30", "scheduled", undefined],
    ]);
  });

  it("lets each occurrence of a multi-day rule end on its last day", () => {
    const spec = rule("FREQ=YEARLY;BYMONTH=10;BYDAY=-1SA", { durationDays: 2, startTime: "10:00", endTime: "16:00" });
    const [first] = expandSchedule(spec, { from: "2027-01-01", to: "2027-12-31" });
    // Saturday in summer time, Sunday after the change back.
    expect(first).toMatchObject({
      date: "2027-10-30",
      endDate: "2027-10-31",
      startsAt: "2027-10-30T08:00:00.000Z",
      endsAt: "2027-10-31T15:00:00.000Z",
    });
  });
});

describe("expandSchedule for dates and shops", () => {
  it("gives a one-off market once, inside the window only", () => {
    const spec: ScheduleSpec = { kind: "dates", startDate: "2027-06-12", startTime: "10:00", endTime: "16:00" };
    expect(expandSchedule(spec, { from: "2027-06-01", to: "2027-06-30" })).toEqual([
      {
        date: "2027-06-12",
        endDate: "2027-06-12",
        startTime: "10:00",
        endTime: "16:00",
        startsAt: "2027-06-12T08:00:00.000Z",
        endsAt: "2027-06-12T14:00:00.000Z",
        status: "scheduled",
      },
    ]);
    expect(expandSchedule(spec, { from: "2027-06-13", to: "2027-06-30" })).toEqual([]);
  });

  it("makes a three-day event one occurrence ending on the third day", () => {
    const spec: ScheduleSpec = { kind: "dates", startDate: "2027-06-14", durationDays: 3, startTime: "10:00", endTime: "17:00" };
    const [event] = expandSchedule(spec, { from: "2027-01-01", to: "2027-12-31" });
    expect(event).toMatchObject({ date: "2027-06-14", endDate: "2027-06-16", endsAt: "2027-06-16T15:00:00.000Z" });
  });

  it("cancels a one-off market", () => {
    const spec: ScheduleSpec = {
      kind: "dates",
      startDate: "2027-06-12",
      startTime: "10:00",
      endTime: "16:00",
      cancelled: [{ date: "2027-06-12", note: "Aflyst pga. vejret" }],
    };
    expect(expandSchedule(spec, { from: "2027-01-01", to: "2027-12-31" })[0]).toMatchObject({
      status: "cancelled",
      note: "Aflyst pga. vejret",
    });
  });

  it("gives shops with opening hours no occurrences", () => {
    const spec: ScheduleSpec = { kind: "opening_hours", startDate: "2027-01-01", openingHours: { mon: [["10:00", "17:30"]] } };
    expect(expandSchedule(spec, { from: "2027-01-01", to: "2028-12-31" })).toEqual([]);
  });

  it("refuses a market without opening and closing time, saying so in Danish", () => {
    const spec: ScheduleSpec = { kind: "dates", startDate: "2027-06-12" };
    expect(() => expandSchedule(spec, { from: "2027-01-01", to: "2027-12-31" })).toThrow(ScheduleError);
    expect(() => expandSchedule(spec, { from: "2027-01-01", to: "2027-12-31" })).toThrow(/Angiv åbningstiden.*Angiv lukketiden/);
    expect(() => expandSchedule({ ...spec, kind: "rule", rrule: "FREQ=WEEKLY" }, { from: "2027-01-01", to: "2027-12-31" })).toThrow(ScheduleError);
  });
});

describe("the machine's time zone", () => {
  it("does not move any date or instant", () => {
    const original = process.env.TZ;
    try {
      ["UTC", "Pacific/Kiritimati", "America/Los_Angeles"].forEach((zone, i) => {
        // Node applies a changed TZ to Date at once. Each round uses its own window and time so
        // that no cached result from another zone answers.
        process.env.TZ = zone;
        const spec = rule("FREQ=WEEKLY;BYDAY=SA;BYMONTH=10,11,12,1,2,3", { startTime: `23:0${i}`, endTime: "23:30" });
        const occurrences = expandSchedule(spec, { from: `2027-09-0${i + 1}`, to: "2028-04-30" });
        expect(occurrences).toHaveLength(26);
        for (const { date, startsAt } of occurrences) {
          expect(new Date(date).getUTCDay(), date).toBe(6);
          // Summer time until Sunday 31 October 2027, winter time through March 2028.
          const utcHour = date <= "2027-10-30" ? 21 : 22;
          expect(startsAt).toBe(`${date}T${utcHour}:0${i}:00.000Z`);
        }
      });
    } finally {
      process.env.TZ = original;
    }
  });
});
