import { addDays, daysInMonth, parseLocalDate, startOfWeekMonday, weekdayOf } from "../../lib/dates";
import type { PostalRange } from "../regions";
import type { LocalDate } from "../types";

/**
 * Filters as full-text tokens. Besides its words, each market's index row carries tokens for its
 * type, its postal code and every day it is open, so a search with text, a region and dates is one
 * full-text query that the engine answers by intersecting posting lists (FTS5 on SQLite, GIN on
 * PostgreSQL) instead of testing thousands of candidate rows one by one.
 *
 * Every facet token starts with "zq", which no normalised Danish word does; indexTerms and
 * searchTerms drop words that start with it, so text can never hit a facet.
 */
export const FACET_PREFIX = "zq";

export const typeToken = (type: string) => `${FACET_PREFIX}t${type.replace(/[^a-z0-9]/g, "")}`;

/** 8260 → zqp8, zqp82, zqp826, zqp8260: a range of postal codes is then a few prefixes. */
export function postalTokens(code: number): string[] {
  if (!Number.isInteger(code) || code < 1000 || code > 9999) return [];
  const digits = String(code);
  return Array.from({ length: digits.length }, (_, i) => `${FACET_PREFIX}p${digits.slice(0, i + 1)}`);
}

/**
 * The fewest prefix tokens that cover exactly the codes from..to (four-digit Danish codes;
 * Greenland and the Faroes use 3800–3999). 1000–3799 → zqp1, zqp2, zqp30 … zqp36, zqp37.
 */
export function postalRangeTokens(ranges: readonly PostalRange[]): string[] {
  const tokens = new Set<string>();
  const cover = (prefix: string, low: number, high: number, from: number, to: number) => {
    if (to < low || from > high) return;
    if (from <= low && to >= high) {
      tokens.add(`${FACET_PREFIX}p${prefix}`);
      return;
    }
    const step = (high - low + 1) / 10;
    for (let digit = 0; digit < 10; digit++) {
      const childLow = low + digit * step;
      cover(prefix + digit, childLow, childLow + step - 1, from, to);
    }
  };
  for (const [from, to] of ranges) {
    for (let first = 1; first <= 9; first++) cover(String(first), first * 1000, first * 1000 + 999, from, to);
  }
  return [...tokens];
}

export const dayToken = (date: LocalDate) => `${FACET_PREFIX}d${date.replace(/-/g, "")}`;
export const monthToken = (date: LocalDate) => `${FACET_PREFIX}m${date.slice(0, 7).replace("-", "")}`;
/** The week (Monday to Sunday) a day lies in, named by its Monday. */
export const weekToken = (date: LocalDate) => `${FACET_PREFIX}w${startOfWeekMonday(date).replace(/-/g, "")}`;

/** Shops: open on this ISO weekday (1 = Monday) at some hour. */
export const shopDayToken = (weekday: number) => `${FACET_PREFIX}s${weekday}`;

/** The day, week and month tokens of every day from `from` to `to`, as an index row holds them. */
export function openDayTokens(from: LocalDate, to: LocalDate): string[] {
  const tokens: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    tokens.push(dayToken(day));
    if (day === from || weekdayOf(day) === "mon") tokens.push(weekToken(day));
    if (day === from || day.endsWith("-01")) tokens.push(monthToken(day));
  }
  return tokens;
}

/** Longer ranges are answered without tokens; a month token stands for every day of it. */
export const MAX_RANGE_DAYS = 800;

/**
 * Few tokens that cover "open on some day from..to": month tokens for whole months, week tokens
 * for whole weeks, day tokens for the rest (a 30-day range is at most 16). Null when the range is
 * too long to be worth it.
 */
export function dateRangeTokens(from: LocalDate, to: LocalDate): string[] | null {
  if (to < from) return [];
  const tokens: string[] = [];
  let day = from;
  let steps = 0;
  while (day <= to) {
    if (++steps > MAX_RANGE_DAYS) return null;
    const parsed = parseLocalDate(day)!;
    const monthEnd = `${day.slice(0, 8)}${String(daysInMonth(parsed.year, parsed.month)).padStart(2, "0")}`;
    const sunday = addDays(day, 6);
    if (day.endsWith("-01") && monthEnd <= to) {
      tokens.push(monthToken(day));
      day = addDays(monthEnd, 1);
    } else if (weekdayOf(day) === "mon" && sunday <= to) {
      tokens.push(weekToken(day));
      day = addDays(sunday, 1);
    } else {
      tokens.push(dayToken(day));
      day = addDays(day, 1);
    }
  }
  return tokens;
}
