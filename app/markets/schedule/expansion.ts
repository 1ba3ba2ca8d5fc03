import * as rruleModule from "rrule";
import { addDays, floatingDate, fromFloatingDate, isLocalDate, localDateTimeToInstant } from "../../lib/dates";
import type { LocalDate, Occurrence, ScheduleSpec } from "../types";
import { parseRule, RULE_CACHE_LIMIT, type ParsedRule } from "./rules";
import { ScheduleError, validateSchedule } from "./validation";

// rrule ships CommonJS to Node, whose ESM loader then offers only a default export, and ESM to
// bundlers, which offer the named ones (and warn about a `.default` they can see).
const { RRule } = "RRule" in rruleModule ? rruleModule : Reflect.get(rruleModule, "default");

const RRULE_WEEKDAY_OBJECTS = {
  mon: RRule.MO,
  tue: RRule.TU,
  wed: RRule.WE,
  thu: RRule.TH,
  fri: RRule.FR,
  sat: RRule.SA,
  sun: RRule.SU,
};

const FREQUENCIES = { DAILY: RRule.DAILY, WEEKLY: RRule.WEEKLY, MONTHLY: RRule.MONTHLY, YEARLY: RRule.YEARLY };

// The daily job expands the same few rules for thousands of markets.
const ruleDatesCache = new Map<string, LocalDate[]>();

function minDate(...dates: (LocalDate | null | undefined)[]): LocalDate {
  return dates.filter((date): date is LocalDate => !!date).reduce((a, b) => (b < a ? b : a));
}

/** The start dates a rule gives from `from` to `last`, both inclusive. */
function ruleDates(body: string, rule: ParsedRule, startDate: LocalDate, from: LocalDate, last: LocalDate): LocalDate[] {
  // When every period takes part and nothing is counted, where iteration starts does not change
  // which dates come out, so start at the window rather than years back at the first market day.
  // A rule without BYDAY or BYMONTHDAY takes its day from the start date, so it cannot move.
  const movable = rule.interval === 1 && rule.count === null && (rule.freq === "DAILY" || rule.byDay.length > 0 || rule.byMonthDay.length > 0);
  const iterationStart = movable && from > startDate ? from : startDate;
  const key = `${body}|${iterationStart}|${from}|${last}`;
  const cached = ruleDatesCache.get(key);
  if (cached) return cached;

  const rrule = new RRule({
    freq: FREQUENCIES[rule.freq],
    interval: rule.interval,
    byweekday: rule.byDay.length ? rule.byDay.map(({ weekday, n }) => (n === null ? RRULE_WEEKDAY_OBJECTS[weekday] : RRULE_WEEKDAY_OBJECTS[weekday].nth(n))) : null,
    bymonth: rule.byMonth.length ? rule.byMonth : null,
    bymonthday: rule.byMonthDay.length ? rule.byMonthDay : null,
    count: rule.count,
    wkst: rule.weekStart ? RRULE_WEEKDAY_OBJECTS[rule.weekStart] : null,
    // Floating time: UTC midnight stands for the Danish calendar day, so the machine's zone and
    // summer time never shift a date.
    dtstart: floatingDate(iterationStart),
    until: floatingDate(last),
  });
  const dates = rrule
    .all()
    .map(fromFloatingDate)
    .filter((date) => date >= from);
  if (ruleDatesCache.size >= RULE_CACHE_LIMIT) ruleDatesCache.clear();
  ruleDatesCache.set(key, dates);
  return dates;
}

/**
 * The concrete openings of a schedule whose first day lies in the window (both ends inclusive).
 * Shops (kind "opening_hours") have none. Throws a ScheduleError for a schedule that does not
 * validate, such as one without opening and closing times.
 */
export function expandSchedule(spec: ScheduleSpec, window: { from: LocalDate; to: LocalDate }): Occurrence[] {
  if (!isLocalDate(window.from) || !isLocalDate(window.to)) {
    throw new RangeError(`Ugyldigt datointerval: ${window.from} til ${window.to}`);
  }
  const issues = validateSchedule(spec);
  if (issues.length) throw new ScheduleError(issues);
  if (spec.kind === "opening_hours") return [];

  let dates: LocalDate[];
  if (spec.kind === "dates") {
    dates = spec.startDate >= window.from && spec.startDate <= window.to ? [spec.startDate] : [];
  } else {
    const body = spec.rrule ?? "";
    const parsed = parseRule(body);
    if ("error" in parsed) throw new ScheduleError([{ field: "rrule", message: parsed.error }]);
    const last = minDate(window.to, spec.endDate, parsed.rule.until);
    dates = last < window.from || last < spec.startDate ? [] : ruleDates(body, parsed.rule, spec.startDate, window.from, last);
  }

  const startTime = spec.startTime!;
  const endTime = spec.endTime!;
  const extraDays = (spec.durationDays ?? 1) - 1;
  const cancelled = new Map((spec.cancelled ?? []).map((entry) => [entry.date, entry.note]));
  return dates.map((date) => {
    const endDate = extraDays ? addDays(date, extraDays) : date;
    const occurrence: Occurrence = {
      date,
      endDate,
      startTime,
      endTime,
      startsAt: localDateTimeToInstant(date, startTime).toISOString(),
      endsAt: localDateTimeToInstant(endDate, endTime).toISOString(),
      status: cancelled.has(date) ? "cancelled" : "scheduled",
    };
    const note = cancelled.get(date);
    if (note) occurrence.note = note;
    return occurrence;
  });
}
