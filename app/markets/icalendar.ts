import { t } from "../lib/i18n";
import { addMonths, DANISH_TIME_ZONE, localDateTimeToInstant } from "./dates";
import { expandSchedule, parseRule } from "./schedules";
import type { LocalDate, LocalTime, Occurrence, ScheduleSpec } from "./types";

/**
 * iCalendar (RFC 5545) for one market (its schedules as recurring events) and for a list of
 * occurrences (the feed of a register filter). Times are written as Danish wall-clock times with
 * TZID=Europe/Copenhagen and the zone's definition, so calendar programs keep 10:00 at 10:00 on
 * both sides of the change to and from summer time.
 */

export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8";

/** "Aflyst." or "Aflyst: Pinse", the description of a cancelled opening. */
function cancelledNote(note: string | null | undefined): string {
  return note ? t("markets.ics.cancelledWithNote", { note }) : t("markets.ics.cancelled");
}
export const PRODID = "-//Loppeguiden//DA";
const UID_DOMAIN = "loppeguiden.dk";
const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;
const DESCRIPTION_CHARS = 300;

/** The facts of a market that its events carry. */
export interface IcsMarket {
  id: string;
  slug: string;
  name: string;
  description: string;
  venueName: string | null;
  street: string | null;
  postalCode: number;
  city: string;
  latitude: number | null;
  longitude: number | null;
}

/** The fields of a markets row an event needs (numbers arrive as strings from PostgreSQL). */
export interface IcsMarketRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  venue_name: string | null;
  street: string | null;
  postal_code: number | string;
  city: string;
  latitude: number | string | null;
  longitude: number | string | null;
}

export function icsMarketFromRow(row: IcsMarketRow): IcsMarket {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    venueName: row.venue_name,
    street: row.street,
    postalCode: Number(row.postal_code),
    city: row.city,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
  };
}

export interface IcsSchedule {
  id: string;
  spec: ScheduleSpec;
}

/** One dated opening of a market, as the feed lists it. */
export interface IcsOccurrence {
  scheduleId: string;
  date: LocalDate;
  endDate: LocalDate;
  startTime: LocalTime;
  endTime: LocalTime;
  status: "scheduled" | "cancelled";
  note?: string | null;
  market: IcsMarket;
}

export interface IcsOptions {
  /** The site's public address without a trailing slash, for each event's URL. */
  baseUrl: string;
  /** DTSTAMP of every event. */
  now?: Date;
}

// ---------------------------------------------------------------------------------------------
// Content lines

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    // Control characters other than tab and line feed may not appear in a content line.
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\n/g, "\\n");
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

const zoned = (name: string, date: LocalDate, time: LocalTime) =>
  `${name};TZID=${DANISH_TIME_ZONE}:${localDateTimeValue(date, time)}`;

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

// ---------------------------------------------------------------------------------------------
// Events

export function marketUrl(baseUrl: string, slug: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/markeder/${slug}`;
}

export function marketAddress(market: Pick<IcsMarket, "venueName" | "street" | "postalCode" | "city">): string {
  return [market.venueName, market.street, `${market.postalCode} ${market.city}`].filter(Boolean).join(", ");
}

/** The description cut at a word near 300 characters, so a calendar entry stays readable. */
export function shortDescription(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= DESCRIPTION_CHARS) return clean;
  const cut = clean.slice(0, DESCRIPTION_CHARS);
  const space = cut.lastIndexOf(" ");
  return `${(space > DESCRIPTION_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:–-]+$/, "")}…`;
}

/** GEO takes at most six decimals in practice (about 10 cm): more only adds noise. */
function geoNumber(value: number): string {
  return String(Number(value.toFixed(6)));
}

function commonProperties(market: IcsMarket, options: IcsOptions, extraDescription?: string): string[] {
  const url = marketUrl(options.baseUrl, market.slug);
  const description = [extraDescription, shortDescription(market.description), url].filter(Boolean).join("\n\n");
  const lines = [
    `SUMMARY:${escapeText(market.name)}`,
    `LOCATION:${escapeText(marketAddress(market))}`,
  ];
  if (market.latitude !== null && market.longitude !== null) {
    lines.push(`GEO:${geoNumber(market.latitude)};${geoNumber(market.longitude)}`);
  }
  lines.push(`URL:${url}`, `DESCRIPTION:${escapeText(description)}`);
  return lines;
}

function stamp(options: IcsOptions): string {
  return `DTSTAMP:${utcDateTimeValue(options.now ?? new Date())}`;
}

function minutes(time: LocalTime): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/**
 * A nominal duration ("P1DT7H"): days keep the clock time across a change of summer time, where
 * an exact one (DTEND on a recurring event) would move the closing time by an hour.
 */
function nominalDuration(days: number, startTime: LocalTime, endTime: LocalTime): string {
  const total = minutes(endTime) - minutes(startTime);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  const time = `${hours ? `${hours}H` : ""}${rest ? `${rest}M` : ""}`;
  return `P${days ? `${days}D` : ""}${time ? `T${time}` : ""}` || "PT0M";
}

/** The first opening of a schedule, looked for a year ahead first and then as far as it may run. */
function firstOccurrence(spec: ScheduleSpec): Occurrence | null {
  const near = expandSchedule(spec, { from: spec.startDate, to: addMonths(spec.startDate, 13) });
  if (near.length) return near[0]!;
  const last = spec.endDate ?? addMonths(spec.startDate, 12 * 100);
  if (last <= addMonths(spec.startDate, 13)) return null;
  return expandSchedule(spec, { from: spec.startDate, to: last })[0] ?? null;
}

/**
 * The RRULE to publish: the stored body with FREQ first and the schedule's end written as UNTIL in
 * UTC, as RFC 5545 requires next to a DTSTART with TZID. A COUNT that the end date cuts short
 * becomes that UNTIL.
 */
function publishedRule(spec: ScheduleSpec, startTime: LocalTime): string | null {
  const parsed = parseRule(spec.rrule ?? "");
  if ("error" in parsed) return null;
  const { rule } = parsed;
  const parts = (spec.rrule ?? "")
    .trim()
    .replace(/^RRULE:/i, "")
    .split(";")
    .map((part) => part.trim().toUpperCase())
    .filter((part) => part && !part.startsWith("UNTIL="));
  let until = [rule.until, spec.endDate].filter((date): date is LocalDate => !!date).sort()[0] ?? null;
  if (rule.count !== null) {
    if (spec.endDate && expandSchedule(spec, { from: spec.startDate, to: spec.endDate }).length < rule.count) {
      parts.splice(0, parts.length, ...parts.filter((part) => !part.startsWith("COUNT=")));
      until = spec.endDate;
    } else {
      until = null;
    }
  }
  const ordered = [...parts.filter((part) => part.startsWith("FREQ=")), ...parts.filter((part) => !part.startsWith("FREQ="))];
  // UNTIL is inclusive: the last allowed day at opening time is exactly the last instance.
  if (until) ordered.push(`UNTIL=${utcDateTimeValue(localDateTimeToInstant(until, startTime))}`);
  return ordered.join(";");
}

/**
 * The VEVENT of one schedule: a recurring event for a rule, a single (possibly multi-day) event
 * for dates, nothing for a shop's opening hours or a schedule that cannot be expanded.
 */
export function scheduleEvent(market: IcsMarket, schedule: IcsSchedule, options: IcsOptions): string[] | null {
  const { spec } = schedule;
  if (spec.kind === "opening_hours") return null;
  let first: Occurrence | null;
  try {
    first = firstOccurrence(spec);
  } catch {
    return null;
  }
  if (!first) return null;
  const lines = ["BEGIN:VEVENT", `UID:${schedule.id}@${UID_DOMAIN}`, stamp(options), zoned("DTSTART", first.date, first.startTime)];

  if (spec.kind === "rule") {
    const rule = publishedRule(spec, first.startTime);
    if (!rule) return null;
    const extraDays = (spec.durationDays ?? 1) - 1;
    lines.push(
      extraDays
        ? `DURATION:${nominalDuration(extraDays, first.startTime, first.endTime)}`
        : zoned("DTEND", first.endDate, first.endTime),
      `RRULE:${rule}`,
    );
    const cancelled = [...new Set((spec.cancelled ?? []).map((entry) => entry.date))]
      .filter((date) => date >= first.date)
      .sort();
    if (cancelled.length) {
      lines.push(`EXDATE;TZID=${DANISH_TIME_ZONE}:${cancelled.map((date) => localDateTimeValue(date, first.startTime)).join(",")}`);
    }
    lines.push(...commonProperties(market, options));
  } else {
    lines.push(zoned("DTEND", first.endDate, first.endTime));
    const note = first.status === "cancelled" ? cancelledNote(first.note) : undefined;
    lines.push(...commonProperties(market, options, note));
    if (first.status === "cancelled") lines.push("STATUS:CANCELLED");
  }
  lines.push("END:VEVENT");
  return lines;
}

/** A market's calendar: one event per schedule. Shops give a calendar with no events. */
export function marketCalendar(market: IcsMarket, schedules: readonly IcsSchedule[], options: IcsOptions): string {
  const events = schedules
    .map((schedule) => scheduleEvent(market, schedule, options))
    .filter((event): event is string[] => event !== null);
  return calendarDocument(market.name, events);
}

/** One event per opening; a cancelled opening stays in the feed as CANCELLED, so subscribers see it go. */
export function occurrenceEvent(occurrence: IcsOccurrence, options: IcsOptions): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${occurrence.scheduleId}-${occurrence.date.replace(/-/g, "")}@${UID_DOMAIN}`,
    stamp(options),
    zoned("DTSTART", occurrence.date, occurrence.startTime),
    zoned("DTEND", occurrence.endDate, occurrence.endTime),
  ];
  const cancelled = occurrence.status === "cancelled";
  const note = cancelled ? cancelledNote(occurrence.note) : (occurrence.note ?? undefined);
  lines.push(...commonProperties(occurrence.market, options, note));
  if (cancelled) lines.push("STATUS:CANCELLED");
  lines.push("END:VEVENT");
  return lines;
}

export function occurrenceCalendar(name: string, occurrences: readonly IcsOccurrence[], options: IcsOptions): string {
  return calendarDocument(
    name,
    occurrences.map((occurrence) => occurrenceEvent(occurrence, options)),
  );
}
