import { da } from "date-fns/locale";
import type { Day } from "date-fns";
import { addDays, danishMonthName, danishWeekdayNames, daysInMonth, startOfWeekMonday } from "../lib/dates";
import type { LocalDate } from "../markets/types";

/**
 * The month view of /kalender: months as "YYYY-MM", laid out in Danish weeks (Monday first), with
 * blank cells before the 1st and after the last day rather than days of the neighbouring months.
 */

/** "2027-06". */
export type YearMonth = string;

const YEAR_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** Months the calendar can show; outside them the URL is treated as unreadable. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

export function parseYearMonth(value: string): { year: number; month: number } | null {
  const match = YEAR_MONTH.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < FIRST_YEAR || year > LAST_YEAR) return null;
  return { year, month: Number(match[2]) };
}

export function isYearMonth(value: unknown): value is YearMonth {
  return typeof value === "string" && parseYearMonth(value) !== null;
}

function parseOrThrow(month: YearMonth): { year: number; month: number } {
  const parsed = parseYearMonth(month);
  if (!parsed) throw new RangeError(`Ugyldig måned: "${month}"`);
  return parsed;
}

export function monthOf(date: LocalDate): YearMonth {
  return date.slice(0, 7);
}

export function firstDayOfMonth(month: YearMonth): LocalDate {
  parseOrThrow(month);
  return `${month}-01`;
}

export function lastDayOfMonth(month: YearMonth): LocalDate {
  const { year, month: m } = parseOrThrow(month);
  return `${month}-${String(daysInMonth(year, m)).padStart(2, "0")}`;
}

/** The month `months` later (or earlier, when negative). */
export function shiftMonth(month: YearMonth, months: number): YearMonth {
  const { year, month: m } = parseOrThrow(month);
  const index = year * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** "juni 2027". */
export function monthTitle(month: YearMonth): string {
  const { year, month: m } = parseOrThrow(month);
  return `${danishMonthName(m - 1)} ${year}`;
}

/** The column headings, Monday first: "mandag" with its short form "man.". */
export function weekdayHeadings(): { name: string; short: string }[] {
  const short = ([1, 2, 3, 4, 5, 6, 0] as Day[]).map((day) => da.localize.day(day, { width: "abbreviated" }));
  return danishWeekdayNames().map((name, index) => ({ name, short: short[index]! }));
}

/**
 * The weeks of a month, Monday to Sunday, each a row of seven cells: a date, or null for the days
 * that belong to the month before or after. Four to six rows.
 */
export function monthGrid(month: YearMonth): (LocalDate | null)[][] {
  const first = firstDayOfMonth(month);
  const last = lastDayOfMonth(month);
  const weeks: (LocalDate | null)[][] = [];
  for (let monday = startOfWeekMonday(first); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, index) => {
        const date = addDays(monday, index);
        return date >= first && date <= last ? date : null;
      }),
    );
  }
  return weeks;
}
