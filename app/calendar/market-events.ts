import { addMonths, DANISH_TIME_ZONE, localDateTimeToInstant } from "../lib/dates";
import { t } from "../lib/i18n";
import { calendarDocument, escapeText, geoNumber, localDateTimeValue, nominalDuration, utcDateTimeValue, vevent, zonedDateTime } from "../lib/icalendar";
import { expandSchedule } from "../markets/schedule/expansion";
import { parseRule } from "../markets/schedule/rules";
import type { LocalDate, LocalTime, Occurrence, ScheduleSpec } from "../markets/types";

/**
 * iCalendar (RFC 5545) for one market (its schedules as recurring events) and for a list of
 * occurrences (the feed of a register filter), written with app/lib/icalendar.ts.
 */

/** "Aflyst." or "Aflyst: Pinse", the description of a cancelled opening. */
function cancelledNote(note: string | null | undefined): string {
  return note ? t("markets.ics.cancelledWithNote", { note }) : t("markets.ics.cancelled");
}
const UID_DOMAIN = "loppeguiden.dk";
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

function commonProperties(market: IcsMarket, options: IcsOptions, extraDescription?: string): string[] {
  const url = marketUrl(options.baseUrl, market.slug);
  const description = [extraDescription, shortDescription(market.description), url].filter(Boolean).join("\n\n");
  const lines = [`SUMMARY:${escapeText(market.name)}`, `LOCATION:${escapeText(marketAddress(market))}`];
  if (market.latitude !== null && market.longitude !== null) {
    lines.push(`GEO:${geoNumber(market.latitude)};${geoNumber(market.longitude)}`);
  }
  lines.push(`URL:${url}`, `DESCRIPTION:${escapeText(description)}`);
  return lines;
}

function stamp(options: IcsOptions): string {
  return `DTSTAMP:${utcDateTimeValue(options.now ?? new Date())}`;
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
  const lines = [`UID:${schedule.id}@${UID_DOMAIN}`, stamp(options), zonedDateTime("DTSTART", first.date, first.startTime)];

  if (spec.kind === "rule") {
    const rule = publishedRule(spec, first.startTime);
    if (!rule) return null;
    const extraDays = (spec.durationDays ?? 1) - 1;
    lines.push(extraDays ? `DURATION:${nominalDuration(extraDays, first.startTime, first.endTime)}` : zonedDateTime("DTEND", first.endDate, first.endTime), `RRULE:${rule}`);
    const cancelled = [...new Set((spec.cancelled ?? []).map((entry) => entry.date))].filter((date) => date >= first.date).sort();
    if (cancelled.length) {
      lines.push(`EXDATE;TZID=${DANISH_TIME_ZONE}:${cancelled.map((date) => localDateTimeValue(date, first.startTime)).join(",")}`);
    }
    lines.push(...commonProperties(market, options));
  } else {
    lines.push(zonedDateTime("DTEND", first.endDate, first.endTime));
    const note = first.status === "cancelled" ? cancelledNote(first.note) : undefined;
    lines.push(...commonProperties(market, options, note));
    if (first.status === "cancelled") lines.push("STATUS:CANCELLED");
  }
  return vevent(lines);
}

/** A market's calendar: one event per schedule. Shops give a calendar with no events. */
export function marketCalendar(market: IcsMarket, schedules: readonly IcsSchedule[], options: IcsOptions): string {
  const events = schedules.map((schedule) => scheduleEvent(market, schedule, options)).filter((event): event is string[] => event !== null);
  return calendarDocument(market.name, events);
}

/** One event per opening; a cancelled opening stays in the feed as CANCELLED, so subscribers see it go. */
export function occurrenceEvent(occurrence: IcsOccurrence, options: IcsOptions): string[] {
  const lines = [
    `UID:${occurrence.scheduleId}-${occurrence.date.replace(/-/g, "")}@${UID_DOMAIN}`,
    stamp(options),
    zonedDateTime("DTSTART", occurrence.date, occurrence.startTime),
    zonedDateTime("DTEND", occurrence.endDate, occurrence.endTime),
  ];
  const cancelled = occurrence.status === "cancelled";
  const note = cancelled ? cancelledNote(occurrence.note) : (occurrence.note ?? undefined);
  lines.push(...commonProperties(occurrence.market, options, note));
  if (cancelled) lines.push("STATUS:CANCELLED");
  return vevent(lines);
}

export function occurrenceCalendar(name: string, occurrences: readonly IcsOccurrence[], options: IcsOptions): string {
  return calendarDocument(
    name,
    occurrences.map((occurrence) => occurrenceEvent(occurrence, options)),
  );
}
