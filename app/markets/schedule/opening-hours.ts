import { t } from "../../lib/i18n";
import { danishWeekdayNames, instantToLocal, isLocalTime, weekdayOf } from "../../lib/dates";
import { WEEKDAYS, type LocalDate, type LocalTime, type OpeningHours, type ScheduleSpec, type Weekday } from "../types";

/**
 * A shop's week (thrift stores, shelf markets, design second-hand), read in Danish time: the
 * server's clock is UTC, so 23:30 on a Danish Sunday is 21:30 or 22:30 UTC depending on the season.
 */

/** A shop open until midnight closes at "24:00". */
function isClosingTime(value: unknown): value is LocalTime {
  return value === "24:00" || isLocalTime(value);
}

/** The day's intervals, sorted; nothing for a closed day or one that cannot be read. */
export function hoursOn(openingHours: OpeningHours | null | undefined, day: Weekday): [LocalTime, LocalTime][] {
  const intervals = openingHours?.[day];
  if (!Array.isArray(intervals)) return [];
  return intervals
    .filter((interval): interval is [LocalTime, LocalTime] => Array.isArray(interval) && isLocalTime(interval[0]) && isClosingTime(interval[1]) && interval[0] < interval[1])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** Danish messages for a week that cannot be shown or evaluated; empty when it is fine. */
export function validateOpeningHours(openingHours: unknown): string[] {
  if (typeof openingHours !== "object" || openingHours === null || Array.isArray(openingHours)) {
    return [t("markets.schedule.openingHours.unreadable")];
  }
  const names = danishWeekdayNames();
  const messages: string[] = [];
  for (const [key, intervals] of Object.entries(openingHours)) {
    const index = WEEKDAYS.indexOf(key as Weekday);
    if (index < 0) {
      messages.push(t("markets.schedule.openingHours.notWeekday", { key }));
      continue;
    }
    const day = names[index]!;
    if (!Array.isArray(intervals)) {
      messages.push(t("markets.schedule.openingHours.dayUnreadable", { day }));
      continue;
    }
    for (const interval of intervals as unknown[]) {
      const pair: unknown[] = Array.isArray(interval) ? interval : [];
      const [opens, closes] = pair;
      if (!isLocalTime(opens) || !isClosingTime(closes)) {
        messages.push(t("markets.schedule.openingHours.dayFormat", { day }));
      } else if (closes <= opens) {
        messages.push(t("markets.schedule.openingHours.dayOrder", { day }));
      }
    }
    const valid = hoursOn(openingHours, key as Weekday);
    if (valid.length === intervals.length && valid.some((interval, i) => i > 0 && interval[0] < valid[i - 1]![1])) {
      messages.push(t("markets.schedule.openingHours.dayOverlap", { day }));
    }
  }
  return messages;
}

/** Whether the shop is open at this instant, in Danish time; the closing minute is closed. */
export function isOpenAt(openingHours: OpeningHours | null | undefined, instant: Date): boolean {
  const { date, time } = instantToLocal(instant);
  return hoursOn(openingHours, weekdayOf(date)).some(([opens, closes]) => opens <= time && time < closes);
}

/** The Danish day an instant falls on and the shop's hours that day (empty when closed). */
export function todaysHours(openingHours: OpeningHours | null | undefined, instant: Date): { date: LocalDate; weekday: Weekday; intervals: [LocalTime, LocalTime][] } {
  const { date } = instantToLocal(instant);
  const weekday = weekdayOf(date);
  return { date, weekday, intervals: hoursOn(openingHours, weekday) };
}

/**
 * A shop's hours on a Danish day, for "I dag" on its page: the weekly hours of every schedule
 * valid that day, none on a day it is closed, in order. Empty when the shop is closed.
 */
export function shopHoursOn(schedules: readonly ScheduleSpec[], day: LocalDate): [LocalTime, LocalTime][] {
  const weekday = weekdayOf(day);
  return schedules
    .filter((schedule) => schedule.kind === "opening_hours" && schedule.startDate <= day && (!schedule.endDate || schedule.endDate >= day))
    .filter((schedule) => !(schedule.cancelled ?? []).some((closed) => closed.date === day))
    .flatMap((schedule) => hoursOn(schedule.openingHours, weekday))
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}
