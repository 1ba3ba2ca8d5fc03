import { describe, expect, it } from "vitest";
import { describeDateRange, describeOpeningHours, describeSchedule, formatClock } from "./prose";
import { parseDanishSchedule } from "../../import/schedule-text";
import type { ScheduleSpec } from "../types";

const rule = (rrule: string, extra: Partial<ScheduleSpec> = {}): ScheduleSpec => ({
  kind: "rule",
  startDate: "2027-01-01",
  rrule,
  startTime: "10:00",
  endTime: "15:00",
  ...extra,
});

describe("describeSchedule", () => {
  it("describes seasons, monthly and yearly rules", () => {
    expect(describeSchedule(rule("FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9"))).toBe("Hver søndag fra maj til september kl. 10–15");
    expect(describeSchedule(rule("FREQ=MONTHLY;BYDAY=1SA", { startTime: "09:00", endTime: "14:00" }))).toBe("Første lørdag i hver måned kl. 9–14");
    expect(describeSchedule(rule("FREQ=YEARLY;BYMONTH=4;BYDAY=-1SA", { endTime: "16:00" }))).toBe("Sidste lørdag i april kl. 10–16");
    expect(describeSchedule(rule("FREQ=WEEKLY;BYDAY=SA;BYMONTH=10,11,12,1,2,3"))).toBe("Hver lørdag fra oktober til marts kl. 10–15");
  });

  it("describes other common rules", () => {
    expect(describeSchedule(rule("FREQ=WEEKLY;BYDAY=SA,SU"))).toBe("Hver lørdag og søndag kl. 10–15");
    expect(describeSchedule(rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=SA"))).toBe("Hver anden lørdag kl. 10–15");
    // Without BYDAY the weekday is the start date's: 1 January 2027 is a Friday.
    expect(describeSchedule(rule("FREQ=WEEKLY"))).toBe("Hver fredag kl. 10–15");
    expect(describeSchedule(rule("FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,8"))).toBe("Hver søndag i maj, juni og august kl. 10–15");
    expect(describeSchedule(rule("FREQ=WEEKLY;BYDAY=SU;BYMONTH=12"))).toBe("Hver søndag i december kl. 10–15");
    expect(describeSchedule(rule("FREQ=MONTHLY;BYDAY=1SA,3SA;BYMONTH=4,5,6,7,8,9,10"))).toBe("Første og tredje lørdag i hver måned fra april til oktober kl. 10–15");
    expect(describeSchedule(rule("FREQ=MONTHLY;BYMONTHDAY=15"))).toBe("Den 15. i hver måned kl. 10–15");
    expect(describeSchedule(rule("FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=23"))).toBe("Hvert år den 23. juni kl. 10–15");
  });

  it("says when a rule ends, and when it starts if that is still to come", () => {
    expect(describeSchedule(rule("FREQ=WEEKLY;BYDAY=SU", { endDate: "2027-09-26" }))).toBe("Hver søndag kl. 10–15, til og med 26. september 2027");
    expect(describeSchedule(rule("FREQ=WEEKLY;BYDAY=SU", { startDate: "2027-05-02" }), { today: "2027-03-01" })).toBe("Hver søndag kl. 10–15, fra og med 2. maj 2027");
    expect(describeSchedule(rule("FREQ=WEEKLY;BYDAY=SU", { startDate: "2027-05-02" }), { today: "2027-06-01" })).toBe("Hver søndag kl. 10–15");
  });

  it("falls back to a plain sentence for a rule it has no words for", () => {
    expect(describeSchedule(rule("FREQ=MONTHLY;INTERVAL=7;BYDAY=1SA"))).toBe("Efter en fast plan kl. 10–15");
  });

  it("describes single days and events over several days", () => {
    const day: ScheduleSpec = { kind: "dates", startDate: "2027-06-12", startTime: "10:00", endTime: "16:00" };
    expect(describeSchedule(day)).toBe("Lørdag 12. juni 2027 kl. 10–16");
    expect(describeSchedule({ ...day, startDate: "2027-06-14", durationDays: 3, endTime: "17:00" })).toBe("14.–16. juni 2027 kl. 10–17");
    expect(describeSchedule({ ...day, startDate: "2027-05-30", durationDays: 3 })).toBe("30. maj–1. juni 2027 kl. 10–16");
  });

  it("mentions cancelled dates, leaving out those already past", () => {
    const spec = rule("FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9", {
      cancelled: [{ date: "2027-05-09", note: "Pinse" }, { date: "2027-04-04" }],
    });
    expect(describeSchedule(spec)).toBe("Hver søndag fra maj til september kl. 10–15 (aflyst: 4. april 2027 og 9. maj 2027)");
    expect(describeSchedule(spec, { today: "2027-05-01" })).toBe("Hver søndag fra maj til september kl. 10–15 (aflyst: 9. maj 2027)");
  });

  it("describes a shop's opening hours", () => {
    expect(
      describeSchedule({
        kind: "opening_hours",
        startDate: "2027-01-01",
        openingHours: {
          mon: [["10:00", "17:30"]],
          tue: [["10:00", "17:30"]],
          wed: [["10:00", "17:30"]],
          thu: [["10:00", "17:30"]],
          fri: [["10:00", "17:30"]],
          sat: [["10:00", "14:00"]],
        },
      }),
    ).toBe("Man–fre 10–17.30, lør 10–14, søn lukket");
  });
});

describe("describeOpeningHours", () => {
  const week = (hours: [string, string][]) => ({ mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours });

  it("collapses only consecutive days with equal hours", () => {
    expect(
      describeOpeningHours({
        tue: [["10:00", "17:00"]],
        wed: [["10:00", "17:00"]],
        thu: [["12:00", "18:00"]],
        fri: [["10:00", "17:00"]],
        sat: [["10:00", "13:00"]],
        sun: [["10:00", "13:00"]],
      }),
    ).toBe("Man lukket, tir–ons 10–17, tor 12–18, fre 10–17, lør–søn 10–13");
  });

  it("shows split days and whole weeks", () => {
    expect(describeOpeningHours(week([["10:00", "17:00"]]))).toBe("Man–søn 10–17");
    expect(
      describeOpeningHours({
        sat: [
          ["13:00", "16:00"],
          ["09:30", "12:00"],
        ],
      }),
    ).toBe("Man–fre lukket, lør 9.30–12 og 13–16, søn lukket");
    expect(describeOpeningHours({})).toBe("Ingen faste åbningstider");
  });

  it("writes times like Danish shop signs", () => {
    expect(formatClock("09:00")).toBe("9");
    expect(formatClock("17:30")).toBe("17.30");
    expect(formatClock("00:05")).toBe("0.05");
  });
});

describe("describeDateRange", () => {
  it("shares month and year where it can", () => {
    expect(describeDateRange("2027-06-14", "2027-06-16")).toBe("14.–16. juni 2027");
    expect(describeDateRange("2027-12-31", "2028-01-02")).toBe("31. december 2027–2. januar 2028");
    expect(describeDateRange("2027-06-14", "2027-06-14")).toBe("14. juni 2027");
  });
});

describe("round trip through parseDanishSchedule", () => {
  const today = "2027-01-10";
  it.each([
    "Hver søndag fra maj til september kl. 10–15",
    "Første lørdag i hver måned kl. 9–14",
    "Sidste lørdag i april kl. 10–16",
    "Hver lørdag fra oktober til marts kl. 10–15",
    "Hver lørdag og søndag i december kl. 10–15",
    "Første og tredje lørdag i hver måned fra april til oktober kl. 9.30–14",
    "Lørdag 12. juni 2027 kl. 10–16",
    "14.–16. juni 2027 kl. 10–17",
    "30. maj–1. juni 2027 kl. 10–16",
    "31. december 2027–2. januar 2028 kl. 11–15.30",
  ])("reads back %s", (sentence) => {
    const spec = parseDanishSchedule(sentence, { today });
    expect(spec).not.toBeNull();
    expect(describeSchedule(spec!)).toBe(sentence);
  });

  it("reads organisers' spelling into the same schedule as the sentence written back", () => {
    const spec = parseDanishSchedule("hver søndag fra maj til september kl. 10-15", { today })!;
    expect(parseDanishSchedule(describeSchedule(spec), { today })).toEqual(spec);
  });
});
