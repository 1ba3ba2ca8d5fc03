import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { expandSchedule } from "../markets/schedule/expansion";
import type { ScheduleSpec } from "../markets/types";
import { marketCalendar, occurrenceCalendar, type IcsMarket, type IcsOccurrence, type IcsSchedule } from "./market-events";

const MARKET: IcsMarket = {
  id: "5f0c7a52-1111-4222-8333-000000000001",
  slug: "loppemarked-paa-noerrebro",
  name: "Loppemarked på Nørrebro",
  description: "Hver søndag på Blågårds Plads; tøj, bøger og kuriositeter.\nKaffe i boden.",
  venueName: "Blågårds Plads",
  street: "Blågårdsgade 1",
  postalCode: 2200,
  city: "København N",
  latitude: 55.6941,
  longitude: 12.5496,
};
const OPTIONS = { baseUrl: "https://loppeguiden.dk", now: new Date("2026-11-01T12:00:00Z") };

const octets = (text: string) => Buffer.byteLength(text, "utf8");

function parseCalendar(text: string): ICAL.Component {
  const calendar = ICAL.Component.fromString(text);
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar;
}

/** Start and end instants of every instance of an event that starts within the year. */
function instances(event: ICAL.Event, from: string, to: string): { start: string; end: string }[] {
  const result: { start: string; end: string }[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    const start = next.toJSDate().toISOString();
    if (start > to) break;
    if (start < from) continue;
    const details = event.getOccurrenceDetails(next);
    result.push({ start, end: details.endDate.toJSDate().toISOString() });
  }
  return result;
}

function expected(spec: ScheduleSpec, from: string, to: string) {
  return expandSchedule(spec, { from, to })
    .filter((occurrence) => occurrence.status === "scheduled")
    .map((occurrence) => ({ start: occurrence.startsAt, end: occurrence.endsAt }));
}

function oneEvent(spec: ScheduleSpec, market: IcsMarket = MARKET): { text: string; event: ICAL.Event } {
  const text = marketCalendar(market, [{ id: "sched-1", spec }], OPTIONS);
  const events = parseCalendar(text).getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  return { text, event: new ICAL.Event(events[0]) };
}

describe("content lines", () => {
  it("writes a calendar of CRLF lines no longer than 75 octets, with the required header", () => {
    const text = marketCalendar(
      MARKET,
      [{ id: "s", spec: { kind: "rule", startDate: "2027-01-01", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" } }],
      OPTIONS,
    );
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = text.split("\r\n").slice(0, -1);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(0, 5)).toEqual(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Loppeguiden//DA", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]);
    expect(lines).toContain("X-WR-CALNAME:Loppemarked på Nørrebro");
    expect(lines).toContain("BEGIN:VTIMEZONE");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
  });
});

describe("a market with a rule", () => {
  const weeklySunday: ScheduleSpec = {
    kind: "rule",
    // A Wednesday: the rule's first Sunday, not this day, must become DTSTART.
    startDate: "2026-12-30",
    rrule: "FREQ=WEEKLY;BYDAY=SU",
    startTime: "10:00",
    endTime: "15:00",
    durationDays: 1,
    cancelled: [{ date: "2027-04-04", note: "Påske" }, { date: "2027-10-31" }],
  };

  it("round-trips through ical.js to the same openings as expandSchedule over a year with both changes of summer time", () => {
    const { text, event } = oneEvent(weeklySunday);
    expect(text).toContain("DTSTART;TZID=Europe/Copenhagen:20270103T100000");
    expect(text).toContain("DTEND;TZID=Europe/Copenhagen:20270103T150000");
    expect(text).toContain("RRULE:FREQ=WEEKLY;BYDAY=SU");
    const got = instances(event, "2027-01-01T00:00:00.000Z", "2027-12-31T23:00:00.000Z");
    const want = expected(weeklySunday, "2027-01-01", "2027-12-31");
    expect(want.length).toBe(50);
    expect(got).toEqual(want);
    // 10:00 in Copenhagen is 09:00 UTC in winter and 08:00 UTC in summer.
    expect(got.find((o) => o.start.startsWith("2027-03-21"))?.start).toBe("2027-03-21T09:00:00.000Z");
    expect(got.find((o) => o.start.startsWith("2027-03-28"))?.start).toBe("2027-03-28T08:00:00.000Z");
    expect(got.find((o) => o.start.startsWith("2027-10-24"))?.start).toBe("2027-10-24T08:00:00.000Z");
    expect(got.find((o) => o.start.startsWith("2027-11-07"))?.start).toBe("2027-11-07T09:00:00.000Z");
  });

  it("leaves out cancelled dates with EXDATE", () => {
    const { text, event } = oneEvent(weeklySunday);
    expect(text).toContain("EXDATE;TZID=Europe/Copenhagen:20270404T100000,20271031T100000");
    const starts = instances(event, "2027-01-01T00:00:00.000Z", "2027-12-31T23:00:00.000Z").map((o) => o.start.slice(0, 10));
    expect(starts).toContain("2027-03-28");
    expect(starts).not.toContain("2027-04-04");
    expect(starts).not.toContain("2027-10-31");
    expect(starts).toContain("2027-11-07");
  });

  it("carries the place, the link and a stable UID", () => {
    const { text, event } = oneEvent(weeklySunday);
    expect(event.uid).toBe("sched-1@loppeguiden.dk");
    expect(event.summary).toBe("Loppemarked på Nørrebro");
    expect(event.location).toBe("Blågårds Plads, Blågårdsgade 1, 2200 København N");
    expect(event.component.getFirstPropertyValue("geo")).toEqual([55.6941, 12.5496]);
    expect(event.component.getFirstPropertyValue("url")).toBe("https://loppeguiden.dk/markeder/loppemarked-paa-noerrebro");
    expect(event.description).toContain("Hver søndag på Blågårds Plads; tøj, bøger og kuriositeter. Kaffe i boden.");
    expect(text).toContain("DTSTAMP:20261101T120000Z");
    expect(marketCalendar(MARKET, [{ id: "sched-1", spec: weeklySunday }], { ...OPTIONS, now: new Date("2030-01-01T00:00:00Z") }).replace(/DTSTAMP:\S+/g, "")).toBe(
      text.replace(/DTSTAMP:\S+/g, ""),
    );
  });

  it("has no GEO when the market has no coordinates", () => {
    const { text } = oneEvent(weeklySunday, { ...MARKET, latitude: null, longitude: null });
    expect(text).not.toContain("GEO:");
  });

  it("expands the first Saturday of the month like expandSchedule", () => {
    const spec: ScheduleSpec = { kind: "rule", startDate: "2026-11-15", rrule: "FREQ=MONTHLY;BYDAY=1SA", startTime: "09:30", endTime: "14:00" };
    const { event } = oneEvent(spec);
    expect(instances(event, "2027-01-01T00:00:00.000Z", "2027-12-31T23:00:00.000Z")).toEqual(expected(spec, "2027-01-01", "2027-12-31"));
  });

  it("writes the end date as UNTIL in UTC, at the last day's opening time", () => {
    const spec: ScheduleSpec = { ...weeklySunday, endDate: "2027-06-30", cancelled: [] };
    const { text, event } = oneEvent(spec);
    expect(text).toContain("RRULE:FREQ=WEEKLY;BYDAY=SU;UNTIL=20270630T080000Z");
    const got = instances(event, "2026-01-01T00:00:00.000Z", "2028-12-31T00:00:00.000Z");
    expect(got).toEqual(expected(spec, "2026-01-01", "2028-12-31"));
    expect(got.at(-1)?.start).toBe("2027-06-27T08:00:00.000Z");
  });

  it("turns an UNTIL date in the stored rule into UTC and keeps the earlier of it and the end date", () => {
    const spec: ScheduleSpec = { kind: "rule", startDate: "2027-01-01", endDate: "2027-12-31", rrule: "until=20270301;FREQ=WEEKLY;BYDAY=SA", startTime: "10:00", endTime: "12:00" };
    const { text, event } = oneEvent(spec);
    expect(text).toContain("RRULE:FREQ=WEEKLY;BYDAY=SA;UNTIL=20270301T090000Z");
    expect(instances(event, "2026-01-01T00:00:00.000Z", "2028-12-31T00:00:00.000Z")).toEqual(expected(spec, "2026-01-01", "2028-12-31"));
  });

  it("replaces a COUNT that the end date cuts short, and keeps one it does not", () => {
    const cut: ScheduleSpec = { kind: "rule", startDate: "2027-01-02", endDate: "2027-01-20", rrule: "FREQ=WEEKLY;BYDAY=SA;COUNT=10", startTime: "10:00", endTime: "12:00" };
    const cutText = oneEvent(cut).text;
    expect(cutText).not.toContain("COUNT=");
    expect(instances(oneEvent(cut).event, "2026-01-01T00:00:00.000Z", "2028-01-01T00:00:00.000Z")).toEqual(expected(cut, "2026-01-01", "2028-01-01"));
    const kept: ScheduleSpec = { ...cut, endDate: "2027-12-31" };
    expect(oneEvent(kept).text).toContain("RRULE:FREQ=WEEKLY;BYDAY=SA;COUNT=10\r\n");
    expect(instances(oneEvent(kept).event, "2026-01-01T00:00:00.000Z", "2028-01-01T00:00:00.000Z")).toHaveLength(10);
  });

  it("keeps the closing time of a two-day market on the clock across the change to summer time", () => {
    // The last weekend of March: summer time starts in the night between the two days.
    const spec: ScheduleSpec = { kind: "rule", startDate: "2027-01-01", rrule: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SA", startTime: "10:00", endTime: "17:00", durationDays: 2 };
    const { text, event } = oneEvent(spec);
    expect(text).toContain("DURATION:P1DT7H");
    const got = instances(event, "2027-01-01T00:00:00.000Z", "2029-01-01T00:00:00.000Z");
    expect(got).toEqual(expected(spec, "2027-01-01", "2029-01-01"));
    expect(got[0]).toEqual({ start: "2027-03-27T09:00:00.000Z", end: "2027-03-28T15:00:00.000Z" });
  });
});

describe("a market with dates", () => {
  it("is one event from the first day's opening to the last day's closing", () => {
    const spec: ScheduleSpec = { kind: "dates", startDate: "2027-06-12", startTime: "10:00", endTime: "17:00", durationDays: 3 };
    const { text, event } = oneEvent(spec);
    expect(event.component.hasProperty("rrule")).toBe(false);
    expect(event.isRecurring()).toBe(false);
    expect(text).toContain("DTEND;TZID=Europe/Copenhagen:20270614T170000");
    expect(event.startDate.toJSDate().toISOString()).toBe("2027-06-12T08:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2027-06-14T15:00:00.000Z");
    expect(text).not.toContain("STATUS:CANCELLED");
  });

  it("is CANCELLED when its only date is cancelled", () => {
    const spec: ScheduleSpec = { kind: "dates", startDate: "2027-06-12", startTime: "10:00", endTime: "17:00", cancelled: [{ date: "2027-06-12", note: "Regnvejr" }] };
    const { text, event } = oneEvent(spec);
    expect(event.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(event.description).toContain("Aflyst: Regnvejr");
    expect(text).toContain("STATUS:CANCELLED");
  });

  it("gives one event per schedule, each with its own UID", () => {
    const schedules: IcsSchedule[] = [
      { id: "a", spec: { kind: "rule", startDate: "2027-05-01", rrule: "FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9", startTime: "10:00", endTime: "15:00" } },
      { id: "b", spec: { kind: "dates", startDate: "2027-12-04", startTime: "11:00", endTime: "16:00" } },
      { id: "c", spec: { kind: "opening_hours", startDate: "2027-01-01", openingHours: { sat: [["10:00", "14:00"]] } } },
    ];
    const events = parseCalendar(marketCalendar(MARKET, schedules, OPTIONS))
      .getAllSubcomponents("vevent")
      .map((e) => new ICAL.Event(e));
    expect(events.map((event) => event.uid)).toEqual(["a@loppeguiden.dk", "b@loppeguiden.dk"]);
  });

  it("gives a shop a valid calendar without events", () => {
    const text = marketCalendar(MARKET, [{ id: "c", spec: { kind: "opening_hours", startDate: "2027-01-01", openingHours: { sat: [["10:00", "14:00"]] } } }], OPTIONS);
    const calendar = parseCalendar(text);
    expect(calendar.getAllSubcomponents("vevent")).toHaveLength(0);
    expect(calendar.getAllSubcomponents("vtimezone")).toHaveLength(1);
  });
});

describe("the feed of openings", () => {
  const occurrence = (date: string, extra: Partial<IcsOccurrence> = {}): IcsOccurrence => ({
    scheduleId: "sched-9",
    date,
    endDate: date,
    startTime: "10:00",
    endTime: "15:00",
    status: "scheduled",
    market: MARKET,
    ...extra,
  });

  it("has one event per opening with a UID per date, cancelled ones marked", () => {
    const text = occurrenceCalendar(
      "Loppeguiden – markeder",
      [occurrence("2027-03-21"), occurrence("2027-03-28", { status: "cancelled", note: "Storm" }), occurrence("2027-07-03", { endDate: "2027-07-04", endTime: "17:00" })],
      OPTIONS,
    );
    const events = parseCalendar(text)
      .getAllSubcomponents("vevent")
      .map((e) => new ICAL.Event(e));
    expect(events.map((event) => event.uid)).toEqual(["sched-9-20270321@loppeguiden.dk", "sched-9-20270328@loppeguiden.dk", "sched-9-20270703@loppeguiden.dk"]);
    expect(events.map((event) => event.startDate.toJSDate().toISOString())).toEqual(["2027-03-21T09:00:00.000Z", "2027-03-28T08:00:00.000Z", "2027-07-03T08:00:00.000Z"]);
    expect(events[2]!.endDate.toJSDate().toISOString()).toBe("2027-07-04T15:00:00.000Z");
    expect(events.map((event) => event.component.getFirstPropertyValue("status"))).toEqual([null, "CANCELLED", null]);
    expect(events.every((event) => event.isRecurring() === false)).toBe(true);
    expect(text).toContain("X-WR-CALNAME:Loppeguiden – markeder");
  });
});
