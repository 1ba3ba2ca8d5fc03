import { addDays, weekdayOf } from "../../lib/dates";
import { WEEKDAYS, type LocalDate } from "../types";
import type { ShopHoursRow } from "./shop-hours";

/**
 * The hours each listed market is open on the days of the openings window, as rows of
 * market_openings: "Åbent nu" then reads the intervals of one day from an index instead of
 * working out every market's occurrences and weekly hours on each request.
 *
 * Two days: today, and tomorrow for the hours after midnight until the daily job has moved the
 * window on (openings.server.ts). The job re-indexes every market each night, and every write
 * re-indexes what it wrote, so the rows are never older than the market.
 */
export const OPENING_DAYS = 2;

export interface OpeningRow {
  day: LocalDate;
  opens: string;
  closes: string;
}

/** A scheduled occurrence: every day from local_date to end_date has the same hours. */
export interface OccurrenceHours {
  local_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
}

export function openingDays(from: LocalDate): LocalDate[] {
  return Array.from({ length: OPENING_DAYS }, (_, i) => addDays(from, i));
}

export function isInOpeningsWindow(from: LocalDate, day: LocalDate): boolean {
  return day >= from && day <= addDays(from, OPENING_DAYS - 1);
}

/**
 * The intervals a market is open on each day of the window: its scheduled occurrences running
 * that day, and its shop hours for that weekday unless the day is closed. The same rule as the
 * general "open at" condition (conditions.server.ts), which answers for instants outside the window.
 *
 * Overlapping or touching intervals of a day are merged, so that at any instant at most one row
 * of a market is open: "Åbent nu" counts and pages the rows themselves.
 */
export function openingRows(from: LocalDate, occurrences: readonly OccurrenceHours[], hours: readonly ShopHoursRow[]): OpeningRow[] {
  const rows: OpeningRow[] = [];
  for (const day of openingDays(from)) {
    const intervals: [opens: string, closes: string][] = [];
    for (const o of occurrences) {
      if (o.local_date <= day && o.end_date >= day && o.start_time < o.end_time) intervals.push([o.start_time, o.end_time]);
    }
    const weekday = WEEKDAYS.indexOf(weekdayOf(day)) + 1;
    for (const h of hours) {
      const valid = h.valid_from <= day && (h.valid_to === null || h.valid_to >= day) && !h.closed_dates.includes(` ${day} `);
      if (h.weekday === weekday && valid && h.opens < h.closes) intervals.push([h.opens, h.closes]);
    }
    intervals.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    let last: OpeningRow | undefined;
    for (const [opens, closes] of intervals) {
      if (last && opens <= last.closes) {
        if (closes > last.closes) last.closes = closes;
      } else {
        last = { day, opens, closes };
        rows.push(last);
      }
    }
  }
  return rows;
}
