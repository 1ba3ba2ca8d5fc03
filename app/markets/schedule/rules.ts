import { daysInMonth, isLocalDate } from "../../lib/dates";
import { t } from "../../lib/i18n";
import type { LocalDate, Weekday } from "../types";

/** The longest column a rule may fill (db/migrations/0002_markets.ts). */
const MAX_RULE_LENGTH = 300;
/** How many rules (and rule expansions, ./expansion.ts) are remembered before starting afresh. */
export const RULE_CACHE_LIMIT = 5_000;

// The RRULE bodies we accept: the subset organisers' schedules need, checked strictly because
// rrule itself accepts nonsense ("FREQ=BOGUS") and may spin for seconds on a rule that never
// matches ("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30").

export type RuleFrequency = "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY";

export const RRULE_WEEKDAYS: Record<Weekday, string> = {
  mon: "MO",
  tue: "TU",
  wed: "WE",
  thu: "TH",
  fri: "FR",
  sat: "SA",
  sun: "SU",
};
const WEEKDAY_BY_CODE = new Map(Object.entries(RRULE_WEEKDAYS).map(([day, code]) => [code, day as Weekday]));

export interface RuleWeekday {
  weekday: Weekday;
  /** 1 = first, -1 = last of the month (or of BYMONTH's month); null = every such weekday. */
  n: number | null;
}

export interface ParsedRule {
  freq: RuleFrequency;
  interval: number;
  byDay: RuleWeekday[];
  byMonth: number[];
  byMonthDay: number[];
  count: number | null;
  until: LocalDate | null;
  weekStart: Weekday | null;
}

function integerList(value: string, min: number, max: number): number[] | null {
  const items = value.split(",").map((item) => item.trim());
  if (!items.every((item) => /^[+-]?\d{1,3}$/.test(item))) return null;
  const numbers = items.map(Number);
  return numbers.every((n) => n >= min && n <= max && n !== 0) ? numbers : null;
}

type RuleResult = { rule: ParsedRule } | { error: string };
// Validation and expansion read the same few rule texts for every market of the daily job.
const parsedRules = new Map<string, RuleResult>();

/** Reads an RRULE body ("FREQ=MONTHLY;BYDAY=1SA"); the error is Danish. The result is shared: do not change it. */
export function parseRule(body: string): RuleResult {
  let result = parsedRules.get(body);
  if (!result) {
    result = parseRuleBody(body);
    if (parsedRules.size >= RULE_CACHE_LIMIT) parsedRules.clear();
    parsedRules.set(body, result);
  }
  return result;
}

function parseRuleBody(body: string): RuleResult {
  const text = body.trim().replace(/^RRULE:/i, "");
  if (text === "") return { error: t("markets.schedule.rule.missing") };
  if (text.length > MAX_RULE_LENGTH) return { error: t("markets.schedule.rule.tooLong", { max: MAX_RULE_LENGTH }) };
  const parts = new Map<string, string>();
  for (const part of text.split(";")) {
    const match = /^([A-Za-z]+)=(.+)$/.exec(part.trim());
    if (!match) return { error: t("markets.schedule.rule.unreadable", { part }) };
    const key = match[1]!.toUpperCase();
    if (parts.has(key)) return { error: t("markets.schedule.rule.repeated", { part: key }) };
    parts.set(key, match[2]!.trim().toUpperCase());
  }
  const known = ["FREQ", "INTERVAL", "BYDAY", "BYMONTH", "BYMONTHDAY", "COUNT", "UNTIL", "WKST"];
  const unknown = [...parts.keys()].filter((key) => !known.includes(key));
  if (unknown.length) return { error: t("markets.schedule.rule.unsupported", { parts: unknown.join(", ") }) };

  const freq = parts.get("FREQ");
  if (freq !== "DAILY" && freq !== "WEEKLY" && freq !== "MONTHLY" && freq !== "YEARLY") {
    return { error: t("markets.schedule.rule.frequency") };
  }
  const rule: ParsedRule = {
    freq,
    interval: 1,
    byDay: [],
    byMonth: [],
    byMonthDay: [],
    count: null,
    until: null,
    weekStart: null,
  };
  const interval = parts.get("INTERVAL");
  if (interval !== undefined) {
    const value = integerList(interval, 1, 52);
    if (!value || value.length !== 1) return { error: t("markets.schedule.rule.interval") };
    rule.interval = value[0]!;
  }
  const byMonth = parts.get("BYMONTH");
  if (byMonth !== undefined) {
    const months = integerList(byMonth, 1, 12);
    if (!months) return { error: t("markets.schedule.rule.months") };
    rule.byMonth = months;
  }
  const byDay = parts.get("BYDAY");
  if (byDay !== undefined) {
    for (const item of byDay.split(",")) {
      const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item.trim());
      if (!match) return { error: t("markets.schedule.rule.weekday", { day: item }) };
      const n = match[1] === undefined ? null : Number(match[1]);
      if (n !== null) {
        if (freq !== "MONTHLY" && freq !== "YEARLY") {
          return { error: t("markets.schedule.rule.nthNeedsMonthOrYear") };
        }
        if (n === 0 || n < -5 || n > 5) return { error: t("markets.schedule.rule.nthRange") };
        if (freq === "YEARLY" && rule.byMonth.length === 0) {
          return { error: t("markets.schedule.rule.yearlyNeedsMonth") };
        }
      }
      rule.byDay.push({ weekday: WEEKDAY_BY_CODE.get(match[2]!)!, n });
    }
  }
  const byMonthDay = parts.get("BYMONTHDAY");
  if (byMonthDay !== undefined) {
    if (freq === "WEEKLY") return { error: t("markets.schedule.rule.weeklyMonthDays") };
    const days = integerList(byMonthDay, -31, 31);
    if (!days) return { error: t("markets.schedule.rule.monthDays") };
    if (rule.byDay.some((day) => day.n !== null)) {
      return { error: t("markets.schedule.rule.nthAndMonthDay") };
    }
    const months = rule.byMonth.length ? rule.byMonth : [1, 3, 5, 7, 8, 10, 12];
    // A leap year gives February its 29th; a day no month in the rule has would never happen.
    if (!days.some((day) => day < 0 || months.some((month) => day <= daysInMonth(2028, month)))) {
      return { error: t("markets.schedule.rule.impossibleDate") };
    }
    rule.byMonthDay = days;
  }
  const count = parts.get("COUNT");
  if (count !== undefined) {
    const value = integerList(count, 1, 1000);
    if (!value || value.length !== 1) return { error: t("markets.schedule.rule.count") };
    rule.count = value[0]!;
  }
  const until = parts.get("UNTIL");
  if (until !== undefined) {
    const match = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(until);
    const date = match ? `${match[1]}-${match[2]}-${match[3]}` : "";
    if (!isLocalDate(date)) return { error: t("markets.schedule.rule.until") };
    if (rule.count !== null) return { error: t("markets.schedule.rule.countAndUntil") };
    rule.until = date;
  }
  const weekStart = parts.get("WKST");
  if (weekStart !== undefined) {
    const day = WEEKDAY_BY_CODE.get(weekStart);
    if (!day) return { error: t("markets.schedule.rule.weekStart") };
    rule.weekStart = day;
  }
  return { rule };
}
