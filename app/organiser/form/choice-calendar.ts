import type { LocalDate, Weekday } from "../../markets/types";

/*
 * The little calendar arithmetic the schedule choices need (schedule-choices.ts), on "YYYY-MM-DD"
 * strings through UTC. Kept apart from app/lib/dates.ts, which brings date-fns and its Danish
 * locale: the choices' schema is loaded in the browser by everyone who fills in the form.
 */

export const CHOICE_WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const satisfies readonly Weekday[];

/** RFC 5545 weekday codes, as app/markets/schedule/rules.ts reads them. */
export const RRULE_DAY_CODES: Record<Weekday, string> = { mon: "MO", tue: "TU", wed: "WE", thu: "TH", fri: "FR", sat: "SA", sun: "SU" };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: LocalDate): [year: number, month: number, day: number] {
  const match = ISO_DATE.exec(date);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [Number.NaN, Number.NaN, Number.NaN];
}

const utc = (date: LocalDate) => {
  const [year, month, day] = parts(date);
  return Date.UTC(year, month - 1, day);
};

const fromUtc = (ms: number): LocalDate => new Date(ms).toISOString().slice(0, 10);

/** A date that exists, written "YYYY-MM-DD" (not 2027-02-30). */
export function isIsoDate(value: string): boolean {
  const [year, month, day] = parts(value);
  if (!Number.isInteger(year) || year < 1000) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A date as a date field sends it ("2027-06-12"), or as a person types it where the browser has
 * no date field ("12-06-2027", "12.6.2027", "12/6/2027"): "YYYY-MM-DD", or null.
 */
export function readDate(text: string): LocalDate | null {
  const value = text.trim();
  if (isIsoDate(value)) return value;
  const danish = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(value);
  if (!danish) return null;
  const iso = `${danish[3]}-${danish[2]!.padStart(2, "0")}-${danish[1]!.padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : null;
}

/** "10:00", "9:30", "9.30", and a time field's "10:00:00": "HH:MM", or null. */
export function readTime(text: string): string | null {
  const match = /^([01]?\d|2[0-3])[:.]([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/.exec(text.trim());
  return match ? `${match[1]!.padStart(2, "0")}:${match[2]}` : null;
}

export function addDaysTo(date: LocalDate, days: number): LocalDate {
  return fromUtc(utc(date) + days * 86_400_000);
}

export function daysFrom(from: LocalDate, to: LocalDate): number {
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

export function weekdayOfDate(date: LocalDate): Weekday {
  return CHOICE_WEEKDAYS[(new Date(utc(date)).getUTCDay() + 6) % 7]!;
}

export function monthOf(date: LocalDate): number {
  return parts(date)[1];
}

/** The months of a season, from `from` round to `to`: 10 → 3 is October to March. */
export function monthRange(from: number, to: number): number[] {
  const months = [from];
  for (let month = from; month !== to;) {
    month = (month % 12) + 1;
    months.push(month);
  }
  return months;
}

/** Which of its weekday in the month a date is: 1 for the first, and -1 for the last. */
export function weekdayPlaceInMonth(date: LocalDate): { fromStart: number; fromEnd: number } {
  const [year, month, day] = parts(date);
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { fromStart: Math.ceil(day / 7), fromEnd: -Math.ceil((length - day + 1) / 7) };
}

/** Whole weeks (Monday to Sunday) from the week of `from` to the week of `date`. */
export function weeksBetween(from: LocalDate, date: LocalDate): number {
  const monday = (day: LocalDate) => addDaysTo(day, -CHOICE_WEEKDAYS.indexOf(weekdayOfDate(day)));
  return Math.round(daysFrom(monday(from), monday(date)) / 7);
}

/** Today in Denmark, without the date library (the server passes its own today). */
export function danishToday(now: Date = new Date()): LocalDate {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The weekdays of the month a monthly rule may choose: 1–4 = first to fourth, -2 = second to last, -1 = last, in the form's order. */
export const MONTH_ORDINALS = [1, 2, 3, 4, -2, -1] as const;
