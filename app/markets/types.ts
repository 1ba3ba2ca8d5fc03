import type { LocalDate, LocalTime, Weekday } from "../lib/dates";

/**
 * The shapes of the market domain, shared by the database layer, the pages, the demo data and
 * the importer. Dates a visitor sees are Danish local dates ("YYYY-MM-DD") and times ("HH:MM")
 * in Europe/Copenhagen; instants are ISO-8601 UTC strings.
 */

export const MARKET_TYPES = [
  "flea_market",
  "vendor_market",
  "swap_market",
  "antique_market",
  "shelf_market",
  "thrift_store",
  "design_secondhand",
  "specialty_market",
  "themed_event",
] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

/** Types that are shops with weekly opening hours rather than dated markets. */
export const SHOP_TYPES: readonly MarketType[] = ["shelf_market", "thrift_store", "design_secondhand"];

export const MARKET_STATUSES = ["draft", "pending", "published", "rejected", "archived"] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

export const MARKET_SOURCES = ["demo", "import", "user"] as const;
export type MarketSource = (typeof MARKET_SOURCES)[number];

export const SETTINGS = ["indoor", "outdoor", "both"] as const;
export type Setting = (typeof SETTINGS)[number];

export const FACILITIES = ["toilets", "food", "parking", "wheelchair", "dogs", "card_payment", "mobilepay"] as const;
export type Facility = (typeof FACILITIES)[number];

// The days and clock times of the calendar live with the date helpers (app/lib/dates.ts).
export { WEEKDAYS, type LocalDate, type LocalTime, type Weekday } from "../lib/dates";

/** Weekly opening hours of a shop: each day a list of [opens, closes] intervals; a missing day is closed. */
export type OpeningHours = Partial<Record<Weekday, [LocalTime, LocalTime][]>>;

/**
 * A picture of a market (table market_images), served under /billeder/: one file per width in
 * `widths` ("{storageKey}-{width}.webp"), or, when widths is null, the one file at storageKey.
 */
export interface MarketImage {
  storageKey: string;
  widths: number[] | null;
  width: number;
  height: number;
  alt: string;
}

export interface CancelledDate {
  date: LocalDate;
  note?: string;
}

/**
 * How a market recurs (table market_schedules).
 * - kind "dates": a one-off, or a multi-day event: starts on `startDate`, lasts `durationDays`.
 * - kind "rule": an RFC 5545 RRULE body in floating local time, e.g.
 *   "FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9" (every Sunday May–September),
 *   "FREQ=MONTHLY;BYDAY=1SA" (first Saturday of the month),
 *   "FREQ=YEARLY;BYMONTH=4;BYDAY=-1SA" (last Saturday of April),
 *   "FREQ=WEEKLY;BYDAY=SA;BYMONTH=10,11,12,1,2,3" (winter season October–March),
 *   starting at `startDate`, optionally ending at `endDate`; each occurrence lasts `durationDays`.
 * - kind "opening_hours": a shop; `openingHours` holds the week; no occurrences are made.
 * `startTime`/`endTime` are the opening and closing time of each day of an occurrence.
 */
export interface ScheduleSpec {
  kind: "dates" | "rule" | "opening_hours";
  startDate: LocalDate;
  endDate?: LocalDate | null;
  rrule?: string | null;
  startTime?: LocalTime | null;
  endTime?: LocalTime | null;
  durationDays?: number;
  openingHours?: OpeningHours | null;
  cancelled?: CancelledDate[];
}

/** One concrete opening (table market_occurrences). */
export interface Occurrence {
  date: LocalDate;
  /** Last day, for multi-day events; equal to `date` otherwise. */
  endDate: LocalDate;
  startTime: LocalTime;
  endTime: LocalTime;
  /** UTC instants of the opening and closing, computed in Europe/Copenhagen. */
  startsAt: string;
  endsAt: string;
  status: "scheduled" | "cancelled";
  note?: string;
}
