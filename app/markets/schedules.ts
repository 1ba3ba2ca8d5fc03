import * as rruleModule from "rrule";
import { t } from "../lib/i18n";
import {
  addDays,
  danishMonthName,
  danishWeekdayNames,
  daysBetween,
  daysInMonth,
  floatingDate,
  formatLongDanishDate,
  fromFloatingDate,
  isLocalDate,
  isLocalTime,
  localDateTimeToInstant,
  todayInDenmark,
  weekdayOf,
} from "./dates";
import { validateOpeningHours } from "./opening-hours";
import { WEEKDAYS, type LocalDate, type Occurrence, type ScheduleSpec, type Weekday } from "./types";

// rrule ships CommonJS to Node, whose ESM loader then offers only a default export, and ESM to
// bundlers, which offer the named ones (and warn about a `.default` they can see).
const { RRule } = ("RRule" in rruleModule ? rruleModule : Reflect.get(rruleModule, "default")) as typeof rruleModule;

export const MAX_DURATION_DAYS = 14;
/** The longest column a note or a rule may fill (db/migrations/0002_markets.ts). */
const MAX_NOTE_LENGTH = 300;
const MAX_RULE_LENGTH = 300;
const RULE_CACHE_LIMIT = 5_000;

export type ScheduleField = keyof ScheduleSpec;

/** One problem with a schedule, in Danish, for the field a form or the importer shows it by. */
export interface ScheduleIssue {
  field: ScheduleField;
  message: string;
}

/** A schedule that cannot be expanded; `issues` say why in Danish. */
export class ScheduleError extends Error {
  constructor(readonly issues: ScheduleIssue[]) {
    super(t("markets.schedule.unusable", { issues: issues.map((issue) => issue.message).join(" ") }));
    this.name = "ScheduleError";
  }
}

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------

function timeToMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Every problem with a schedule, in Danish, by field; empty when it can be used. */
export function validateSchedule(spec: ScheduleSpec): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  const add = (field: ScheduleField, message: string) => issues.push({ field, message });
  if (spec.kind !== "dates" && spec.kind !== "rule" && spec.kind !== "opening_hours") {
    add("kind", t("markets.schedule.errors.kind"));
    return issues;
  }
  const startValid = isLocalDate(spec.startDate);
  if (!startValid) add("startDate", t("markets.schedule.errors.startDate"));
  if (spec.endDate !== null && spec.endDate !== undefined) {
    if (!isLocalDate(spec.endDate)) add("endDate", t("markets.schedule.errors.endDate"));
    else if (startValid && spec.endDate < spec.startDate) add("endDate", t("markets.schedule.errors.endBeforeStart"));
  }

  if (spec.kind === "opening_hours") {
    if (!spec.openingHours) add("openingHours", t("markets.schedule.errors.openingHoursMissing"));
    else for (const message of validateOpeningHours(spec.openingHours)) add("openingHours", message);
  } else {
    if (spec.kind === "rule") {
      const parsed = parseRule(spec.rrule ?? "");
      if ("error" in parsed) add("rrule", parsed.error);
    }
    const startTime = spec.startTime ?? "";
    const endTime = spec.endTime ?? "";
    if (startTime === "") add("startTime", t("markets.schedule.errors.startTimeMissing"));
    else if (!isLocalTime(startTime)) add("startTime", t("markets.schedule.errors.startTimeFormat"));
    if (endTime === "") add("endTime", t("markets.schedule.errors.endTimeMissing"));
    else if (!isLocalTime(endTime)) add("endTime", t("markets.schedule.errors.endTimeFormat"));
    else if (isLocalTime(startTime) && timeToMinutes(endTime) <= timeToMinutes(startTime)) {
      add("endTime", t("markets.schedule.errors.endBeforeStartTime"));
    }
    const duration = spec.durationDays ?? 1;
    if (!Number.isInteger(duration) || duration < 1 || duration > MAX_DURATION_DAYS) {
      add("durationDays", t("markets.schedule.errors.duration", { max: MAX_DURATION_DAYS }));
    }
  }

  const cancelled = spec.cancelled ?? [];
  if (!Array.isArray(cancelled)) {
    add("cancelled", t("markets.schedule.errors.cancelledUnreadable"));
    return issues;
  }
  const seen = new Set<string>();
  for (const entry of cancelled) {
    const date = (entry as { date?: unknown } | null)?.date;
    if (!isLocalDate(date)) {
      add("cancelled", t("markets.schedule.errors.cancelledDate", { date: String(date) }));
      continue;
    }
    if (seen.has(date)) add("cancelled", t("markets.schedule.errors.cancelledTwice", { date: formatLongDanishDate(date) }));
    seen.add(date);
    const note = entry.note;
    if (note !== undefined && note !== null && (typeof note !== "string" || note.length > MAX_NOTE_LENGTH)) {
      add("cancelled", t("markets.schedule.errors.cancelledNote", { max: MAX_NOTE_LENGTH }));
    }
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------

const RRULE_WEEKDAY_OBJECTS = {
  mon: RRule.MO,
  tue: RRule.TU,
  wed: RRule.WE,
  thu: RRule.TH,
  fri: RRule.FR,
  sat: RRule.SA,
  sun: RRule.SU,
};

const FREQUENCIES = { DAILY: RRule.DAILY, WEEKLY: RRule.WEEKLY, MONTHLY: RRule.MONTHLY, YEARLY: RRule.YEARLY };

// The daily job expands the same few rules for thousands of markets.
const ruleDatesCache = new Map<string, LocalDate[]>();

function minDate(...dates: (LocalDate | null | undefined)[]): LocalDate {
  return dates.filter((date): date is LocalDate => !!date).reduce((a, b) => (b < a ? b : a));
}

/** The start dates a rule gives from `from` to `last`, both inclusive. */
function ruleDates(body: string, rule: ParsedRule, startDate: LocalDate, from: LocalDate, last: LocalDate): LocalDate[] {
  // When every period takes part and nothing is counted, where iteration starts does not change
  // which dates come out, so start at the window rather than years back at the first market day.
  // A rule without BYDAY or BYMONTHDAY takes its day from the start date, so it cannot move.
  const movable =
    rule.interval === 1 && rule.count === null && (rule.freq === "DAILY" || rule.byDay.length > 0 || rule.byMonthDay.length > 0);
  const iterationStart = movable && from > startDate ? from : startDate;
  const key = `${body}|${iterationStart}|${from}|${last}`;
  const cached = ruleDatesCache.get(key);
  if (cached) return cached;

  const rrule = new RRule({
    freq: FREQUENCIES[rule.freq],
    interval: rule.interval,
    byweekday: rule.byDay.length
      ? rule.byDay.map(({ weekday, n }) => (n === null ? RRULE_WEEKDAY_OBJECTS[weekday] : RRULE_WEEKDAY_OBJECTS[weekday].nth(n)))
      : null,
    bymonth: rule.byMonth.length ? rule.byMonth : null,
    bymonthday: rule.byMonthDay.length ? rule.byMonthDay : null,
    count: rule.count,
    wkst: rule.weekStart ? RRULE_WEEKDAY_OBJECTS[rule.weekStart] : null,
    // Floating time: UTC midnight stands for the Danish calendar day, so the machine's zone and
    // summer time never shift a date.
    dtstart: floatingDate(iterationStart),
    until: floatingDate(last),
  });
  const dates = rrule
    .all()
    .map(fromFloatingDate)
    .filter((date) => date >= from);
  if (ruleDatesCache.size >= RULE_CACHE_LIMIT) ruleDatesCache.clear();
  ruleDatesCache.set(key, dates);
  return dates;
}

/**
 * The concrete openings of a schedule whose first day lies in the window (both ends inclusive).
 * Shops (kind "opening_hours") have none. Throws a ScheduleError for a schedule that does not
 * validate, such as one without opening and closing times.
 */
export function expandSchedule(spec: ScheduleSpec, window: { from: LocalDate; to: LocalDate }): Occurrence[] {
  if (!isLocalDate(window.from) || !isLocalDate(window.to)) {
    throw new RangeError(`Ugyldigt datointerval: ${window.from} til ${window.to}`);
  }
  const issues = validateSchedule(spec);
  if (issues.length) throw new ScheduleError(issues);
  if (spec.kind === "opening_hours") return [];

  let dates: LocalDate[];
  if (spec.kind === "dates") {
    dates = spec.startDate >= window.from && spec.startDate <= window.to ? [spec.startDate] : [];
  } else {
    const body = spec.rrule ?? "";
    const parsed = parseRule(body);
    if ("error" in parsed) throw new ScheduleError([{ field: "rrule", message: parsed.error }]);
    const last = minDate(window.to, spec.endDate, parsed.rule.until);
    dates = last < window.from || last < spec.startDate ? [] : ruleDates(body, parsed.rule, spec.startDate, window.from, last);
  }

  const startTime = spec.startTime!;
  const endTime = spec.endTime!;
  const extraDays = (spec.durationDays ?? 1) - 1;
  const cancelled = new Map((spec.cancelled ?? []).map((entry) => [entry.date, entry.note]));
  return dates.map((date) => {
    const endDate = extraDays ? addDays(date, extraDays) : date;
    const occurrence: Occurrence = {
      date,
      endDate,
      startTime,
      endTime,
      startsAt: localDateTimeToInstant(date, startTime).toISOString(),
      endsAt: localDateTimeToInstant(endDate, endTime).toISOString(),
      status: cancelled.has(date) ? "cancelled" : "scheduled",
    };
    const note = cancelled.get(date);
    if (note) occurrence.note = note;
    return occurrence;
  });
}

// ---------------------------------------------------------------------------------------------
// Reading what Danish organisers write. Only phrases that mean one thing are read; anything else
// gives null, so the importer asks a person rather than publishing a wrong date.

/** Ordinal words for "første lørdag", "sidste lørdag"; shared with the prose writer. */
export const DANISH_ORDINALS = new Map<number, string>([
  [1, t("markets.schedule.ordinals.first")],
  [2, t("markets.schedule.ordinals.second")],
  [3, t("markets.schedule.ordinals.third")],
  [4, t("markets.schedule.ordinals.fourth")],
  [5, t("markets.schedule.ordinals.fifth")],
  [-1, t("markets.schedule.ordinals.last")],
  [-2, t("markets.schedule.ordinals.secondLast")],
]);
const ORDINAL_BY_WORD = new Map([...DANISH_ORDINALS].map(([n, word]) => [word, n]));

const MONTH_BY_WORD = new Map<string, number>();
for (let index = 0; index < 12; index++) {
  const name = danishMonthName(index);
  MONTH_BY_WORD.set(name, index + 1);
  MONTH_BY_WORD.set(name.slice(0, 3), index + 1);
}
MONTH_BY_WORD.set("sept", 9);

const WEEKDAY_BY_WORD = new Map<string, Weekday>();
danishWeekdayNames().forEach((name, index) => {
  WEEKDAY_BY_WORD.set(name, WEEKDAYS[index]!);
  WEEKDAY_BY_WORD.set(`${name}e`, WEEKDAYS[index]!);
});

const month = (word: string | undefined) => MONTH_BY_WORD.get((word ?? "").replace(/\.$/, ""));
const weekday = (word: string | undefined) => WEEKDAY_BY_WORD.get(word ?? "");

function listOf<T>(text: string, read: (word: string) => T | undefined): T[] | null {
  const items = text.split(/, | og /).map(read);
  return items.every((item) => item !== undefined) ? (items as T[]) : null;
}

function clock(hours: string | undefined, minutes: string | undefined): string | null {
  const text = `${(hours ?? "").padStart(2, "0")}:${minutes ?? "00"}`;
  return isLocalTime(text) ? text : null;
}

function dateOf(year: string | undefined, monthWord: string | undefined, day: string | undefined): LocalDate | null {
  const m = month(monthWord);
  if (m === undefined || !year || !day) return null;
  const date = `${year}-${String(m).padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isLocalDate(date) ? date : null;
}

const W = "([a-zæøå]+)";
const M = "([a-zæøå]+\\.?)";
const DAY_PREFIX = "(?:d\\. ?|den )?";

type Draft = Omit<ScheduleSpec, "startTime" | "endTime">;

function readDates(head: string): Draft | null {
  let match = new RegExp(`^(?:${W} )?${DAY_PREFIX}(\\d{1,2})\\.? ${M} (\\d{4})$`).exec(head);
  if (match) {
    const date = dateOf(match[4], match[3], match[2]);
    if (!date) return null;
    if (match[1] !== undefined && weekday(match[1]) !== weekdayOf(date)) return null;
    return { kind: "dates", startDate: date, durationDays: 1 };
  }
  let first: LocalDate | null = null;
  let last: LocalDate | null = null;
  let weekdays: [string, string] | null = null;
  match = new RegExp(`^(?:${W}(?: og |-| til )${W} )?${DAY_PREFIX}(\\d{1,2})\\.? ?(?:-|til) ?(\\d{1,2})\\.? ${M} (\\d{4})$`).exec(head);
  if (match) {
    first = dateOf(match[6], match[5], match[3]);
    last = dateOf(match[6], match[5], match[4]);
    if (match[1] !== undefined) weekdays = [match[1], match[2]!];
  } else {
    match = new RegExp(`^${DAY_PREFIX}(\\d{1,2})\\.? ${M}(?: (\\d{4}))? ?(?:-|til) ?(\\d{1,2})\\.? ${M} (\\d{4})$`).exec(head);
    if (!match) return null;
    const lastYear = match[6]!;
    // "30. december – 2. januar 2028" began in 2027: the year is implied, not guessed.
    const firstYear = match[3] ?? String(Number(lastYear) - ((month(match[2]) ?? 0) > (month(match[5]) ?? 0) ? 1 : 0));
    first = dateOf(firstYear, match[2], match[1]);
    last = dateOf(lastYear, match[5], match[4]);
  }
  if (!first || !last) return null;
  const durationDays = daysBetween(first, last) + 1;
  if (durationDays < 2 || durationDays > MAX_DURATION_DAYS) return null;
  if (weekdays && (weekday(weekdays[0]) !== weekdayOf(first) || weekday(weekdays[1]) !== weekdayOf(last))) return null;
  return { kind: "dates", startDate: first, durationDays };
}

function monthRange(from: number, to: number): number[] {
  const months = [from];
  for (let m = from; m !== to; ) {
    m = (m % 12) + 1;
    months.push(m);
  }
  return months;
}

function readRule(head: string, today: LocalDate): Draft | null {
  const rule = (body: string): Draft => ({ kind: "rule", startDate: today, rrule: body, durationDays: 1 });
  const code = (day: Weekday) => RRULE_WEEKDAYS[day];

  // "sidste lørdag i april" first: its "i april" is not a season.
  let match = new RegExp(`^(?:hvert år )?(?:den )?${W} ${W} i ${M}$`).exec(head);
  if (match && month(match[3]) !== undefined) {
    const n = ORDINAL_BY_WORD.get(match[1]!);
    const day = weekday(match[2]);
    if (n === undefined || !day) return null;
    return rule(`FREQ=YEARLY;BYMONTH=${month(match[3])};BYDAY=${n}${code(day)}`);
  }

  let core = head;
  let months: number[] = [];
  const season =
    new RegExp(` fra ${M} (?:til|-) ${M}$`).exec(head) ??
    new RegExp(` (?:i )?${M} ?- ?${M}$`).exec(head) ??
    new RegExp(` i ${M}()$`).exec(head);
  const from = month(season?.[1]);
  const to = season?.[2] === "" ? from : month(season?.[2]);
  // " i måneden" is no season; an unknown word where a month should be is read as none either.
  if (season && from !== undefined && to !== undefined) {
    months = monthRange(from, to);
    core = head.slice(0, season.index);
  }
  const byMonth = months.length ? `;BYMONTH=${months.join(",")}` : "";

  match = /^(?:hver|alle) ([a-zæøå, ]+)$/.exec(core);
  if (match) {
    const days = listOf(match[1]!, weekday);
    return days ? rule(`FREQ=WEEKLY;BYDAY=${days.map(code).join(",")}${byMonth}`) : null;
  }
  match = new RegExp(`^(?:hver )?([a-zæøå, ]+) ${W} i (?:måneden|hver måned)$`).exec(core);
  if (match) {
    const ordinals = listOf(match[1]!, (word) => ORDINAL_BY_WORD.get(word));
    const day = weekday(match[2]);
    if (!ordinals || !day) return null;
    return rule(`FREQ=MONTHLY;BYDAY=${ordinals.map((n) => `${n}${code(day)}`).join(",")}${byMonth}`);
  }
  return null;
}

/**
 * A schedule draft from a Danish phrase: "hver søndag fra maj til september kl. 10-15",
 * "første lørdag i måneden kl. 9-14", "sidste lørdag i april kl. 10-16", "lørdag d. 14. juni
 * 2027 kl. 10-16", "14.-15. juni 2027 kl. 10-17". Rules start `today`. Null when the text says
 * something else or something that does not add up (a weekday that does not fit the date).
 */
export function parseDanishSchedule(text: string, options: { today?: LocalDate } = {}): ScheduleSpec | null {
  const normalised = text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.,;]+$/, "");
  const time = /^(.*?)[, ]*(?:fra )?kl\.? ?(\d{1,2})(?:[.:](\d{2}))? ?(?:-|til) ?(?:kl\.? ?)?(\d{1,2})(?:[.:](\d{2}))?$/.exec(
    normalised,
  );
  if (!time) return null;
  const startTime = clock(time[2], time[3]);
  const endTime = clock(time[4], time[5]);
  if (!startTime || !endTime) return null;
  const head = time[1]!.trim();
  const draft = readDates(head) ?? readRule(head, options.today ?? todayInDenmark());
  if (!draft) return null;
  const spec: ScheduleSpec = { ...draft, startTime, endTime };
  return validateSchedule(spec).length ? null : spec;
}
