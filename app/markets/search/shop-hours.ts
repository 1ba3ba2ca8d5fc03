import { WEEKDAYS, type CancelledDate, type OpeningHours } from "../types";

/** One row of market_search_hours, without the market. */
export interface ShopHoursRow {
  weekday: number;
  opens: string;
  closes: string;
  valid_from: string;
  valid_to: string | null;
  closed_dates: string;
}

export interface OpeningHoursSchedule {
  start_date: string;
  end_date: string | null;
  opening_hours: string | null;
  cancelled: string | null;
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A shop's week as rows that "open at" can compare in SQL: one per day and interval, ISO weekday
 * 1–7. An interval that closes at or before it opens runs past midnight and is split in two, the
 * second half on the next day. Malformed entries are skipped rather than guessed at.
 */
export function shopHoursRows(schedule: OpeningHoursSchedule): ShopHoursRow[] {
  const week = parseJson<OpeningHours>(schedule.opening_hours, {});
  const cancelled = parseJson<CancelledDate[]>(schedule.cancelled, []);
  const closedDates = Array.isArray(cancelled) && cancelled.length ? ` ${cancelled.map((c) => c.date).join(" ")} ` : "";
  const base = { valid_from: schedule.start_date, valid_to: schedule.end_date, closed_dates: closedDates };
  const rows: ShopHoursRow[] = [];
  WEEKDAYS.forEach((day, index) => {
    const weekday = index + 1;
    for (const interval of week[day] ?? []) {
      const [opens, closes] = Array.isArray(interval) ? interval : [];
      // A shop open until midnight closes at "24:00" (schedule/opening-hours.ts).
      if (typeof opens !== "string" || typeof closes !== "string" || !TIME.test(opens) || !(TIME.test(closes) || closes === "24:00")) continue;
      if (closes > opens) {
        rows.push({ ...base, weekday, opens, closes });
      } else {
        rows.push({ ...base, weekday, opens, closes: "24:00" });
        if (closes > "00:00") rows.push({ ...base, weekday: (weekday % 7) + 1, opens: "00:00", closes });
      }
    }
  });
  return rows;
}
