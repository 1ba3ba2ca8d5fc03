import { DANISH_TIME_ZONE, type LocalDate, type LocalTime } from "./dates";

/**
 * An iCalendar (RFC 5545) writer: escaped and folded content lines, Danish wall-clock times with
 * TZID=Europe/Copenhagen and the zone's definition, so calendar programs keep 10:00 at 10:00 on
 * both sides of the change to and from summer time, and the VEVENT and VCALENDAR around them.
 * What goes into the events is the markets' business (app/calendar/market-events.ts).
 */

export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8";
export const PRODID = "-//Loppeguiden//DA";
const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;

// ---------------------------------------------------------------------------------------------
// Content lines

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // Control characters other than tab and line feed may not appear in a content line.
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\n/g, "\\n")
  );
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * Folds a content line after 75 octets (RFC 5545 §3.1): each continuation starts with a space,
 * which counts towards its 75. Splits only between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** "20270614T100000": a Danish date and clock time as a local DATE-TIME value. */
export function localDateTimeValue(date: LocalDate, time: LocalTime): string {
  return `${date.replace(/-/g, "")}T${time.replace(":", "")}00`;
}

/** "20270614T080000Z": an instant as a UTC DATE-TIME value. */
export function utcDateTimeValue(instant: Date): string {
  return (
    `${instant.getUTCFullYear()}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}` +
    `T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`
  );
}

/** "DTSTART;TZID=Europe/Copenhagen:20270614T100000": a property holding a Danish wall-clock time. */
export const zonedDateTime = (name: string, date: LocalDate, time: LocalTime) => `${name};TZID=${DANISH_TIME_ZONE}:${localDateTimeValue(date, time)}`;

/** GEO takes at most six decimals in practice (about 10 cm): more only adds noise. */
export function geoNumber(value: number): string {
  return String(Number(value.toFixed(6)));
}

function minutes(time: LocalTime): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/**
 * A nominal duration ("P1DT7H"): days keep the clock time across a change of summer time, where
 * an exact one (DTEND on a recurring event) would move the closing time by an hour.
 */
export function nominalDuration(days: number, startTime: LocalTime, endTime: LocalTime): string {
  const total = minutes(endTime) - minutes(startTime);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  const time = `${hours ? `${hours}H` : ""}${rest ? `${rest}M` : ""}`;
  const duration = `${days ? `${days}D` : ""}${time ? `T${time}` : ""}`;
  return duration ? `P${duration}` : "PT0M";
}

// ---------------------------------------------------------------------------------------------
// Components

/**
 * Europe/Copenhagen with the EU rules in force since 1996: summer time from 02:00 on the last
 * Sunday of March to 03:00 on the last Sunday of October.
 */
export const COPENHAGEN_VTIMEZONE: readonly string[] = [
  "BEGIN:VTIMEZONE",
  `TZID:${DANISH_TIME_ZONE}`,
  `X-LIC-LOCATION:${DANISH_TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** A whole VCALENDAR: folded lines joined by CRLF, ending with one. */
export function calendarDocument(name: string, events: readonly string[][]): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${DANISH_TIME_ZONE}`,
    ...COPENHAGEN_VTIMEZONE,
    ...events.flat(),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A VEVENT around its properties. */
export function vevent(properties: readonly string[]): string[] {
  return ["BEGIN:VEVENT", ...properties, "END:VEVENT"];
}
