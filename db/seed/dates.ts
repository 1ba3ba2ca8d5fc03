import type { LocalDate } from "../../app/markets/types";

/**
 * Calendar arithmetic on Danish local dates ("YYYY-MM-DD"). Demo schedules are plain calendar
 * dates, so they are computed on UTC midnights where no summer-time change can shift a day.
 */

const DAY_MS = 86_400_000;

export const MONTHS = ["januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september", "oktober", "november", "december"];
/** Monday first, as RRULE's MO…SU and date-fns's ISO weekdays. */
export const WEEKDAY_NAMES = ["mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag"];
export const RRULE_DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;

function toDate(date: LocalDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromDate(date: Date): LocalDate {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return fromDate(new Date(toDate(date).getTime() + days * DAY_MS));
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(date: LocalDate): number {
  return (toDate(date).getUTCDay() + 6) % 7;
}

/** The first date on or after `date` that falls on `weekday`. */
export function nextWeekday(date: LocalDate, weekday: number): LocalDate {
  return addDays(date, (weekday - weekdayIndex(date) + 7) % 7);
}

export const monthOf = (date: LocalDate) => Number(date.slice(5, 7));
export const yearOf = (date: LocalDate) => Number(date.slice(0, 4));

/** "lørdag den 14. juni 2025" */
export function longDate(date: LocalDate): string {
  return `${WEEKDAY_NAMES[weekdayIndex(date)]} den ${Number(date.slice(8, 10))}. ${MONTHS[monthOf(date) - 1]} ${yearOf(date)}`;
}

/** "kl. 10–15", "kl. 9.30–14.30": how Danish writes opening times in running text. */
export function timeSpan(start: string, end: string): string {
  const short = (t: string) => {
    const [h, m] = t.split(":");
    return m === "00" ? String(Number(h)) : `${Number(h)}.${m}`;
  };
  return `kl. ${short(start)}–${short(end)}`;
}

/** "fra maj til september" for 5,6,7,8,9; "fra oktober til marts" for 10,11,12,1,2,3. */
export function monthSpan(months: readonly number[]): string {
  if (months.length === 1) return `i ${MONTHS[months[0]! - 1]}`;
  return `fra ${MONTHS[months[0]! - 1]} til ${MONTHS[months[months.length - 1]! - 1]}`;
}
