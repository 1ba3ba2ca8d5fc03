import { describe, expect, it } from "vitest";
import { expandSchedule, parseDanishSchedule, parseRule, ScheduleError, validateSchedule } from "./schedules";
import type { ScheduleSpec } from "./types";

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
    expect(dates(rule("FREQ=YEARLY;BYMONTH=4;BYDAY=-1SA"), "2027-01-01", "2030-12-31")).toEqual([
      "2027-04-24",
      "2028-04-29",
      "2029-04-28",
      "2030-04-27",
    ]);
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
    expect(() => expandSchedule({ ...spec, kind: "rule", rrule: "FREQ=WEEKLY" }, { from: "2027-01-01", to: "2027-12-31" })).toThrow(
      ScheduleError,
    );
  });
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
    expect(validateSchedule(rule("FREQ=WEEKLY;BYDAY=SA", { endDate: "2026-12-31" }))).toEqual([
      { field: "endDate", message: "Slutdatoen ligger før startdatoen." },
    ]);
    expect(fields(rule("FREQ=WEEKLY", { startDate: "2027-02-30" }))).toEqual(["startDate"]);
  });

  it("checks the times", () => {
    expect(validateSchedule(rule("FREQ=WEEKLY", { startTime: "10", endTime: "16.00" }))).toEqual([
      { field: "startTime", message: "Åbningstiden skal skrives som TT:MM, fx 10:00." },
      { field: "endTime", message: "Lukketiden skal skrives som TT:MM, fx 16:00." },
    ]);
    expect(validateSchedule(rule("FREQ=WEEKLY", { startTime: "16:00", endTime: "10:00" }))).toEqual([
      { field: "endTime", message: "Lukketiden skal ligge efter åbningstiden." },
    ]);
    expect(fields(rule("FREQ=WEEKLY", { startTime: "10:00", endTime: "10:00" }))).toEqual(["endTime"]);
  });

  it("allows one to fourteen whole days", () => {
    for (const durationDays of [0, 15, 1.5]) {
      expect(validateSchedule(rule("FREQ=WEEKLY", { durationDays }))).toEqual([
        { field: "durationDays", message: "Et marked kan vare fra 1 til 14 dage." },
      ]);
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
    expect(
      validateSchedule({ kind: "opening_hours", startDate: "2027-01-01", openingHours: { mon: [["17:00", "10:00"]] } }),
    ).toEqual([{ field: "openingHours", message: "Om mandagen skal lukketiden ligge efter åbningstiden." }]);
  });
});

describe("parseRule", () => {
  it("reads the parts we use", () => {
    expect(parseRule("FREQ=YEARLY;BYMONTH=4;BYDAY=-1SA")).toEqual({
      rule: {
        freq: "YEARLY",
        interval: 1,
        byDay: [{ weekday: "sat", n: -1 }],
        byMonth: [4],
        byMonthDay: [],
        count: null,
        until: null,
        weekStart: null,
      },
    });
  });
});

describe("parseDanishSchedule", () => {
  const today = "2027-01-10";
  const parse = (text: string) => parseDanishSchedule(text, { today });
  const ruleOf = (text: string) => parse(text)?.rrule;

  it("reads a summer season", () => {
    expect(parse("hver søndag fra maj til september kl. 10-15")).toEqual({
      kind: "rule",
      startDate: today,
      rrule: "FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9",
      durationDays: 1,
      startTime: "10:00",
      endTime: "15:00",
    });
    expect(ruleOf("Alle søndage maj-september kl. 10.00-15.00")).toBe("FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9");
  });

  it("reads a winter season over the new year", () => {
    expect(ruleOf("hver lørdag fra oktober til marts kl. 10-15")).toBe("FREQ=WEEKLY;BYDAY=SA;BYMONTH=10,11,12,1,2,3");
  });

  it("reads the first Saturday of the month", () => {
    expect(parse("første lørdag i måneden kl. 9-14")).toMatchObject({
      rrule: "FREQ=MONTHLY;BYDAY=1SA",
      startTime: "09:00",
      endTime: "14:00",
    });
    expect(ruleOf("Første og tredje lørdag i hver måned fra april til oktober kl. 9.30–14")).toBe(
      "FREQ=MONTHLY;BYDAY=1SA,3SA;BYMONTH=4,5,6,7,8,9,10",
    );
  });

  it("reads the last Saturday of April", () => {
    expect(parse("sidste lørdag i april kl. 10-16")).toMatchObject({ kind: "rule", rrule: "FREQ=YEARLY;BYMONTH=4;BYDAY=-1SA" });
  });

  it("reads a single day and checks its weekday", () => {
    expect(parse("lørdag d. 12. juni 2027 kl. 10-16")).toEqual({
      kind: "dates",
      startDate: "2027-06-12",
      durationDays: 1,
      startTime: "10:00",
      endTime: "16:00",
    });
    // 14 June 2027 is a Monday: the text contradicts itself, so nothing is read.
    expect(parse("lørdag d. 14. juni 2027 kl. 10-16")).toBeNull();
    expect(parse("14. juni 2027 kl. 10-16")?.startDate).toBe("2027-06-14");
  });

  it("reads events over several days", () => {
    expect(parse("14.-15. juni 2027 kl. 10-17")).toEqual({
      kind: "dates",
      startDate: "2027-06-14",
      durationDays: 2,
      startTime: "10:00",
      endTime: "17:00",
    });
    expect(parse("lørdag og søndag 12.-13. juni 2027 kl. 10-17")?.durationDays).toBe(2);
    expect(parse("30. maj - 1. juni 2027 kl. 10-17")).toMatchObject({ startDate: "2027-05-30", durationDays: 3 });
    expect(parse("30. december - 2. januar 2028 kl. 10-17")).toMatchObject({ startDate: "2027-12-30", durationDays: 4 });
  });

  it("gives up rather than guess", () => {
    for (const text of [
      "hver søndag fra maj til september", // no time
      "hver anden lørdag kl. 10-15", // which Saturday to count from?
      "14. juni kl. 10-16", // which year?
      "søndag d. 12. juni 2027 kl. 10-16", // a Saturday
      "30. februar 2027 kl. 10-16",
      "1.-20. juni 2027 kl. 10-16", // longer than 14 days
      "hver søndag kl. 15-10",
      "hver søndag fra maj til septober kl. 10-15",
      "kom og se kl. 10-15",
      "sidste lørdag i måneden eller første søndag kl. 10-15",
    ]) {
      expect(parse(text), text).toBeNull();
    }
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
