import { t } from "../../lib/i18n";
import { addDays, danishMonthName, danishWeekdayNames, formatLongDanishDate, parseLocalDate, weekdayOf } from "../../lib/dates";
import { capitalise } from "../format";
import { hoursOn } from "./opening-hours";
import { parseRule, type ParsedRule } from "./rules";
import { WEEKDAYS, type LocalDate, type LocalTime, type OpeningHours, type ScheduleSpec, type Weekday } from "../types";

/**
 * Schedules as a Danish sentence for the market page: "Hver søndag fra maj til september
 * kl. 10–15", "Man–fre 10–17.30, lør 10–14, søn lukket". parseDanishSchedule (import/schedule-text.ts)
 * reads these sentences back. The words are in translation.json under "markets.schedule.prose".
 */

const DASH = "–";
/** Ordinal words for "første lørdag", "sidste lørdag"; shared with the importer's reader (app/import/schedule-text.ts). */
export const DANISH_ORDINALS = new Map<number, string>([
  [1, t("markets.schedule.ordinals.first")],
  [2, t("markets.schedule.ordinals.second")],
  [3, t("markets.schedule.ordinals.third")],
  [4, t("markets.schedule.ordinals.fourth")],
  [5, t("markets.schedule.ordinals.fifth")],
  [-1, t("markets.schedule.ordinals.last")],
  [-2, t("markets.schedule.ordinals.secondLast")],
]);
const SHORT_WEEKDAYS: Record<Weekday, string> = {
  mon: t("markets.schedule.prose.weekdaysShort.mon"),
  tue: t("markets.schedule.prose.weekdaysShort.tue"),
  wed: t("markets.schedule.prose.weekdaysShort.wed"),
  thu: t("markets.schedule.prose.weekdaysShort.thu"),
  fri: t("markets.schedule.prose.weekdaysShort.fri"),
  sat: t("markets.schedule.prose.weekdaysShort.sat"),
  sun: t("markets.schedule.prose.weekdaysShort.sun"),
};
/** "hver", "hver anden" …: how often a rule's period comes round, by its INTERVAL. */
const EVERY = new Map([
  [1, t("markets.schedule.prose.every")],
  [2, t("markets.schedule.prose.everySecond")],
  [3, t("markets.schedule.prose.everyThird")],
  [4, t("markets.schedule.prose.everyFourth")],
]);
const CLOSED = t("markets.schedule.prose.closed");

/** "a", "a og b", "a, b og c". */
function joinDanish(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : t("markets.schedule.prose.list", { items: items.slice(0, -1).join(", "), last: items.at(-1)! });
}

/** "10:00" → "10", "17:30" → "17.30", as Danish shop signs write it. */
export function formatClock(time: LocalTime): string {
  const [hours, minutes] = time.split(":");
  const hour = String(Number(hours));
  return minutes === "00" ? hour : `${hour}.${minutes}`;
}

/** "10–12 og 13–17.30"; "lukket" for none. */
export function formatIntervals(intervals: [LocalTime, LocalTime][]): string {
  if (!intervals.length) return CLOSED;
  return joinDanish(intervals.map(([opens, closes]) => `${formatClock(opens)}${DASH}${formatClock(closes)}`));
}

/** "Man–fre 10–17.30, lør 10–14, søn lukket": days in a row with the same hours share a range. */
export function describeOpeningHours(openingHours: OpeningHours | null | undefined): string {
  const days = WEEKDAYS.map((day) => ({ day, text: formatIntervals(hoursOn(openingHours, day)) }));
  if (days.every(({ text }) => text === CLOSED)) return t("markets.schedule.prose.noOpeningHours");
  const groups: { first: Weekday; last: Weekday; text: string }[] = [];
  for (const { day, text } of days) {
    const previous = groups.at(-1);
    if (previous && previous.text === text) previous.last = day;
    else groups.push({ first: day, last: day, text });
  }
  const parts = groups.map(({ first, last, text }) => {
    const label = first === last ? SHORT_WEEKDAYS[first] : `${SHORT_WEEKDAYS[first]}${DASH}${SHORT_WEEKDAYS[last]}`;
    return `${label} ${text}`;
  });
  return capitalise(parts.join(", "));
}

const weekdayName = (day: Weekday) => danishWeekdayNames()[WEEKDAYS.indexOf(day)]!;
const monthName = (month: number) => danishMonthName(month - 1);

/** " fra maj til september", " i maj", " i maj, juni og august". */
function describeSeason(months: number[]): string {
  if (!months.length) return "";
  if (months.length === 1) return ` ${t("markets.schedule.prose.inMonths", { months: monthName(months[0]!) })}`;
  // A season may run over the new year (10,11,12,1,2,3): find where the run starts.
  const set = new Set(months);
  const start = months.find((month) => !set.has(month === 1 ? 12 : month - 1));
  if (start !== undefined && set.size < 12) {
    let end = start;
    while (set.has((end % 12) + 1)) end = (end % 12) + 1;
    const runLength = ((end - start + 12) % 12) + 1;
    if (runLength === set.size) return ` ${t("markets.schedule.prose.season", { from: monthName(start), to: monthName(end) })}`;
  }
  return ` ${t("markets.schedule.prose.inMonths", { months: joinDanish([...months].sort((a, b) => a - b).map(monthName)) })}`;
}

/** The pattern of a rule without times, or null when it has no plain Danish wording here. */
function describeRule(rule: ParsedRule, startDate: LocalDate): string | null {
  const every = EVERY.get(rule.interval);
  if (!every) return null;
  const plainDays = rule.byDay.filter((day) => day.n === null).map((day) => day.weekday);
  const nthDays = rule.byDay.filter((day) => day.n !== null);
  if (nthDays.length && plainDays.length) return null;
  const season = describeSeason(rule.byMonth);

  if (rule.freq === "DAILY" || rule.freq === "WEEKLY") {
    if (rule.byMonthDay.length) return null;
    if (rule.freq === "DAILY" && !plainDays.length) return `${t("markets.schedule.prose.everyDay", { every })}${season}`;
    const days = plainDays.length ? plainDays : [weekdayOf(startDate)];
    if (rule.freq === "DAILY" && rule.interval !== 1) return null;
    return `${every} ${joinDanish(days.map(weekdayName))}${season}`;
  }

  if (rule.freq === "MONTHLY") {
    const period = t("markets.schedule.prose.everyMonth", { every });
    if (nthDays.length) {
      const weekdays = new Set(nthDays.map((day) => day.weekday));
      const ordinals = nthDays.map((day) => DANISH_ORDINALS.get(day.n!));
      if (weekdays.size !== 1 || ordinals.some((word) => !word) || rule.byMonthDay.length) return null;
      const weekday = weekdayName(nthDays[0]!.weekday);
      return `${t("markets.schedule.prose.nthWeekdayIn", { ordinals: joinDanish(ordinals as string[]), weekday, period })}${season}`;
    }
    if (plainDays.length || !rule.byMonthDay.length || rule.byMonthDay.some((day) => day < 0)) return null;
    const days = joinDanish(rule.byMonthDay.map((day) => t("markets.schedule.prose.dayOfMonth", { day })));
    return `${t("markets.schedule.prose.monthDaysIn", { days, period })}${season}`;
  }

  // YEARLY
  if (rule.interval !== 1 || rule.byMonth.length === 0 || plainDays.length) return null;
  const months = joinDanish(rule.byMonth.map(monthName));
  if (nthDays.length === 1 && !rule.byMonthDay.length) {
    const ordinal = DANISH_ORDINALS.get(nthDays[0]!.n!);
    return ordinal ? t("markets.schedule.prose.nthWeekdayIn", { ordinals: ordinal, weekday: weekdayName(nthDays[0]!.weekday), period: months }) : null;
  }
  if (!nthDays.length && rule.byMonthDay.length === 1 && rule.byMonth.length === 1 && rule.byMonthDay[0]! > 0) {
    return t("markets.schedule.prose.yearlyDate", { day: t("markets.schedule.prose.dayOfMonth", { day: rule.byMonthDay[0]! }), month: months });
  }
  return null;
}

/** "14.–16. juni 2027", "30. maj–1. juni 2027", "31. december 2027–2. januar 2028". */
export function describeDateRange(first: LocalDate, last: LocalDate): string {
  const a = parseLocalDate(first);
  const b = parseLocalDate(last);
  if (!a || !b) throw new RangeError(`Ugyldigt datointerval: ${first} til ${last}`);
  if (first === last) return formatLongDanishDate(first);
  if (a.year !== b.year) return `${formatLongDanishDate(first)}${DASH}${formatLongDanishDate(last)}`;
  if (a.month !== b.month) return `${formatLongDanishDate(first, false)}${DASH}${formatLongDanishDate(last)}`;
  return `${a.day}.${DASH}${formatLongDanishDate(last)}`;
}

export interface DescribeOptions {
  /** Leaves out cancellations before this day and mentions a start still to come. */
  today?: LocalDate;
}

/**
 * A schedule as one Danish sentence: "Hver søndag fra maj til september kl. 10–15",
 * "Lørdag 14. juni 2027 kl. 10–16 (aflyst: 14. juni 2027)", "Man–fre 10–17.30, lør 10–14, søn lukket".
 */
export function describeSchedule(spec: ScheduleSpec, options: DescribeOptions = {}): string {
  if (spec.kind === "opening_hours") return describeOpeningHours(spec.openingHours);
  const duration = spec.durationDays ?? 1;
  let text: string;
  const extras: string[] = [];
  if (spec.kind === "dates") {
    text =
      duration > 1 ? describeDateRange(spec.startDate, addDays(spec.startDate, duration - 1)) : `${weekdayName(weekdayOf(spec.startDate))} ${formatLongDanishDate(spec.startDate)}`;
  } else {
    const parsed = parseRule(spec.rrule ?? "");
    const pattern = "rule" in parsed ? describeRule(parsed.rule, spec.startDate) : null;
    text = pattern ?? t("markets.schedule.prose.fixedPlan");
    if (duration > 1) text += `, ${t("markets.schedule.prose.daysAtATime", { count: duration })}`;
    if (options.today && spec.startDate > options.today) extras.push(t("markets.schedule.prose.fromDate", { date: formatLongDanishDate(spec.startDate) }));
    const until = [spec.endDate, "rule" in parsed ? parsed.rule.until : null].filter((date): date is string => !!date).sort()[0];
    if (until) extras.push(t("markets.schedule.prose.untilDate", { date: formatLongDanishDate(until) }));
    if ("rule" in parsed && parsed.rule.count !== null) extras.push(t("markets.schedule.prose.times", { count: parsed.rule.count }));
  }
  if (spec.startTime && spec.endTime) {
    text += ` ${t("markets.schedule.prose.time", { from: formatClock(spec.startTime), to: formatClock(spec.endTime) })}`;
  }
  if (extras.length) text += `, ${extras.join(", ")}`;
  const cancelled = (spec.cancelled ?? [])
    .map((entry) => entry.date)
    .filter((date) => parseLocalDate(date) && (!options.today || date >= options.today))
    .sort();
  if (cancelled.length) text += ` ${t("markets.schedule.prose.cancelled", { dates: joinDanish(cancelled.map((date) => formatLongDanishDate(date))) })}`;
  return capitalise(text);
}
