import { TZDate } from "@date-fns/tz";
import { format, type Day, type Month } from "date-fns";
import { da } from "date-fns/locale";
import { BoundedMemo } from "./memo/bounded-memo";
import { t } from "./i18n";

/**
 * Danish calendar dates and clock times (product §9, foundations §7). The server runs in UTC and markets
 * happen in Denmark, so every conversion between an instant and a date a person reads goes
 * through Europe/Copenhagen here, never through the machine's time zone.
 */

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** "HH:MM" in Danish local time. */
export type LocalTime = string;
/** "YYYY-MM-DD" in Danish local time. */
export type LocalDate = string;

export const DANISH_TIME_ZONE = "Europe/Copenhagen";
/** product §9: prints like "lør. 14. jun. 2027" with date-fns' Danish locale. */
export const DANISH_DATE_FORMAT = "EEE d. MMM yyyy";

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function parseLocalDate(value: string): { year: number; month: number; day: number } | null {
  const match = LOCAL_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** A real calendar date written "YYYY-MM-DD" (so not 2027-02-30). */
export function isLocalDate(value: unknown): value is LocalDate {
  return typeof value === "string" && parseLocalDate(value) !== null;
}

/** "HH:MM" from 00:00 to 23:59. */
export function isLocalTime(value: unknown): value is LocalTime {
  return typeof value === "string" && LOCAL_TIME.test(value);
}

/** month is 1–12. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/**
 * A local date as a Date at UTC midnight: "floating" time, the form rrule and plain calendar
 * arithmetic work in. Only UTC getters may read it.
 */
export function floatingDate(local: LocalDate): Date {
  const parsed = parseLocalDate(local);
  if (!parsed) throw new RangeError(`Ugyldig dato: "${local}"`);
  return new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day));
}

export function fromFloatingDate(date: Date): LocalDate {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function addDays(local: LocalDate, days: number): LocalDate {
  const date = floatingDate(local);
  date.setUTCDate(date.getUTCDate() + days);
  return fromFloatingDate(date);
}

/** Calendar months; the 31st becomes the last day of a shorter month. */
export function addMonths(local: LocalDate, months: number): LocalDate {
  const parsed = parseLocalDate(local);
  if (!parsed) throw new RangeError(`Ugyldig dato: "${local}"`);
  const index = parsed.year * 12 + (parsed.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(parsed.day, daysInMonth(year, month)))}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((floatingDate(to).getTime() - floatingDate(from).getTime()) / 86_400_000);
}

export function weekdayOf(local: LocalDate): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(floatingDate(local).getUTCDay() + 6) % 7]!;
}

/** Monday of the week `local` falls in (Danish weeks start on Monday). */
export function startOfWeekMonday(local: LocalDate): LocalDate {
  return addDays(local, -WEEKDAYS.indexOf(weekdayOf(local)));
}

/**
 * "This weekend": from Monday to Saturday the coming Saturday and Sunday; on a Sunday the
 * weekend that is still going on.
 */
export function weekendOf(local: LocalDate): { saturday: LocalDate; sunday: LocalDate } {
  const saturday = addDays(startOfWeekMonday(local), 5);
  return { saturday, sunday: addDays(saturday, 1) };
}

/** "januar" … "december"; monthIndex 0–11 as in JavaScript. */
export function danishMonthName(monthIndex: number): string {
  if (!Number.isInteger(monthIndex) || monthIndex < 0 || monthIndex > 11) {
    throw new RangeError(`Ugyldigt månedsnummer: ${monthIndex}`);
  }
  return da.localize.month(monthIndex as Month, { width: "wide" });
}

/** "mandag" … "søndag", Monday first. */
export function danishWeekdayNames(): string[] {
  return ([1, 2, 3, 4, 5, 6, 0] as Day[]).map((day) => da.localize.day(day, { width: "wide" }));
}

// Converting a wall-clock time takes Intl work; the daily job asks for the same few thousand
// (date, time) pairs for every market, so remember them.
const instantCache = new Map<string, number>();
const INSTANT_CACHE_LIMIT = 20_000;

/**
 * The instant of a Danish wall-clock time. A time skipped when summer time starts (02:30 on the
 * last Sunday of March) moves an hour forward; a time that happens twice in October is the later.
 */
export function localDateTimeToInstant(date: LocalDate, time: LocalTime): Date {
  const key = `${date}T${time}`;
  const cached = instantCache.get(key);
  if (cached !== undefined) return new Date(cached);
  const parsed = parseLocalDate(date);
  const clock = LOCAL_TIME.exec(time);
  if (!parsed) throw new RangeError(`Ugyldig dato: "${date}"`);
  if (!clock) throw new RangeError(`Ugyldigt klokkeslæt: "${time}"`);
  const instant = new TZDate(parsed.year, parsed.month - 1, parsed.day, Number(clock[1]), Number(clock[2]), DANISH_TIME_ZONE).getTime();
  if (instantCache.size >= INSTANT_CACHE_LIMIT) instantCache.clear();
  instantCache.set(key, instant);
  return new Date(instant);
}

/** The Danish date and clock time of an instant. */
export function instantToLocal(instant: Date): { date: LocalDate; time: LocalTime } {
  if (Number.isNaN(instant.getTime())) throw new RangeError("Ugyldigt tidspunkt");
  const local = new TZDate(instant.getTime(), DANISH_TIME_ZONE);
  return {
    date: `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
}

export function todayInDenmark(now: Date = new Date()): LocalDate {
  return instantToLocal(now).date;
}

const FALLBACKS = {
  missing: t("dates.missing"),
  invalid: t("dates.invalid"),
  formatError: t("dates.formatError"),
} as const;

export interface FormatDanishDateOptions {
  /** The fallback texts in lower case, for use inside a sentence. */
  lowercase?: boolean;
  /** A date-fns pattern; product §9's by default. */
  pattern?: string;
}

const INSTANT_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/;

/** The instant a value stands for, in Copenhagen; null when it cannot be read. */
function toDanishDate(value: string | Date): TZDate | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : new TZDate(value.getTime(), DANISH_TIME_ZONE);
  }
  const text = value.trim();
  const local = parseLocalDate(text);
  // A bare date is a Danish calendar day, not midnight UTC (which is the day before in Denmark).
  if (local) return new TZDate(local.year, local.month - 1, local.day, 12, 0, DANISH_TIME_ZONE);
  if (INSTANT_WITH_ZONE.test(text)) {
    const instant = new Date(text);
    return Number.isNaN(instant.getTime()) ? null : new TZDate(instant.getTime(), DANISH_TIME_ZONE);
  }
  // Without an offset a date-time is Danish wall-clock time, never the machine's.
  const wall = WALL_CLOCK.exec(text);
  if (wall && isLocalDate(wall[1]) && isLocalTime(wall[2])) {
    return new TZDate(localDateTimeToInstant(wall[1], wall[2]).getTime(), DANISH_TIME_ZONE);
  }
  return null;
}

/**
 * A date as visitors read it, "lør. 14. jun. 2027", in Danish time. Never throws: missing,
 * unreadable and unformattable values give the texts of product §8.
 */
export function formatDanishDate(value: string | Date | null | undefined, options: FormatDanishDateOptions = {}): string {
  const fallback = (key: keyof typeof FALLBACKS) => (options.lowercase ? FALLBACKS[key].toLowerCase() : FALLBACKS[key]);
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) {
    return fallback("missing");
  }
  if (typeof value !== "string" && !(value instanceof Date)) return fallback("invalid");
  const pattern = options.pattern ?? DANISH_DATE_FORMAT;
  const text = typeof value === "string" ? formattedDates.get(`${pattern}\n${value}`, () => formatInDenmark(value, pattern)) : formatInDenmark(value, pattern);
  return typeof text === "string" ? text : fallback(text.failed);
}

/**
 * The texts of dates given as text, by pattern: a page of market cards formats the same few dates
 * again and again, and date-fns in a time zone took a twentieth of a landing page's time.
 */
const formattedDates = new BoundedMemo<string, string | { failed: "invalid" | "formatError" }>(5000);

function formatInDenmark(value: string | Date, pattern: string): string | { failed: "invalid" | "formatError" } {
  const date = toDanishDate(value);
  if (!date) return { failed: "invalid" };
  try {
    return format(date, pattern, { locale: da });
  } catch {
    return { failed: "formatError" };
  }
}

/** "14. juni 2027": the long form used in running text. */
export function formatLongDanishDate(local: LocalDate, withYear = true): string {
  const parsed = parseLocalDate(local);
  if (!parsed) throw new RangeError(`Ugyldig dato: "${local}"`);
  const dayMonth = `${parsed.day}. ${danishMonthName(parsed.month - 1)}`;
  return withYear ? `${dayMonth} ${parsed.year}` : dayMonth;
}
