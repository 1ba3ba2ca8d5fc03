import type { CancelledDate, LocalDate, LocalTime, OpeningHours, ScheduleSpec, Weekday } from "../../markets/types";
import { CHOICE_WEEKDAYS, MONTH_ORDINALS, RRULE_DAY_CODES, addDaysTo, danishToday, daysFrom, isIsoDate, monthRange, readTime, weekdayOfDate } from "./choice-calendar";
import type { DateChoice, HoursChoice, MonthOrdinal, RuleChoice, ScheduleChoices, ScheduleFormValues, WeekChoice } from "./schedule-choice-values";

/**
 * Choices (schedule-choices.ts) to the schedules a market is stored with, and back. The specs come
 * in the shape the database gives back (canonicalSchedule, snapshot.ts), so a schedule that was not
 * changed compares equal to the stored one. Reading back is strict: a stored schedule the choices
 * cannot show exactly (an imported free rule, a date cancelled by "Aflys denne dato") gives null,
 * and the edit form shows it as prose with the offer to replace it.
 */

const MAX_DAYS = 14;
const MAX_DATES = 60;

function spec(fields: Partial<ScheduleSpec> & Pick<ScheduleSpec, "kind" | "startDate">): ScheduleSpec {
  return { endDate: null, rrule: null, startTime: null, endTime: null, durationDays: 1, openingHours: null, cancelled: [], ...fields };
}

const dateSpec = (startDate: LocalDate, hours: HoursChoice, durationDays = 1) => spec({ kind: "dates", startDate, startTime: hours.aabner, endTime: hours.lukker, durationDays });

const sameHours = (a: HoursChoice, b: HoursChoice) => a.aabner === b.aabner && a.lukker === b.lukker;

/** "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU;BYMONTH=5,6,7,8,9", "FREQ=MONTHLY;BYDAY=-2SA". */
export function ruleText(rule: RuleChoice): string {
  const parts =
    rule.gentagelse === "uge"
      ? ["FREQ=WEEKLY", ...(rule.interval === 2 ? ["INTERVAL=2"] : []), `BYDAY=${rule.ugedage.map((day) => RRULE_DAY_CODES[day]).join(",")}`]
      : ["FREQ=MONTHLY", `BYDAY=${rule.numre.map((n) => `${n}${RRULE_DAY_CODES[rule.ugedag]}`).join(",")}`];
  const months = rule.saeson ? monthRange(rule.saeson.fra, rule.saeson.til) : [];
  if (months.length && months.length < 12) parts.push(`BYMONTH=${months.join(",")}`);
  return parts.join(";");
}

/**
 * The schedules to store. Days in a row with the same hours are one event of several days; with
 * hours of their own, one date each. A shop's week holds from `today` unless a day is given.
 */
export function schedulesFromChoices(choices: ScheduleChoices, today: LocalDate = danishToday()): ScheduleSpec[] {
  switch (choices.tidsplan) {
    case "dato":
      return [dateSpec(choices.enkelt.dato, choices.enkelt)];
    case "datoer":
      return [...choices.datoer].sort((a, b) => (a.dato < b.dato ? -1 : 1)).map((row) => dateSpec(row.dato, row));
    case "dage": {
      const { fra, tider } = choices.dage;
      if (tider.every((hours) => sameHours(hours, tider[0]!))) return [dateSpec(fra, tider[0]!, tider.length)];
      return tider.map((hours, index) => dateSpec(addDaysTo(fra, index), hours));
    }
    case "regel": {
      const rule = choices.regel;
      const cancelled: CancelledDate[] = rule.aflyst.map(({ dato, note }) => (note ? { date: dato, note } : { date: dato }));
      return [spec({ kind: "rule", startDate: rule.fra, endDate: rule.til, rrule: ruleText(rule), startTime: rule.aabner, endTime: rule.lukker, cancelled })];
    }
    case "aabningstider": {
      const openingHours: OpeningHours = {};
      for (const day of CHOICE_WEEKDAYS) {
        const hours = choices.aabningstider.dage[day];
        if (hours) openingHours[day] = [[hours.aabner, hours.lukker]];
      }
      return [spec({ kind: "opening_hours", startDate: choices.aabningstider.fra ?? today, openingHours })];
    }
  }
}

/* ---- Back to the form ---- */

const hoursValues = (hours: HoursChoice) => ({ aabner: hours.aabner, lukker: hours.lukker });

/** The form's text for choices (what a page shows in its fields). */
export function formValuesFromChoices(choices: ScheduleChoices): ScheduleFormValues {
  switch (choices.tidsplan) {
    case "dato":
      return { tidsplan: "dato", enkelt: { dato: choices.enkelt.dato, ...hoursValues(choices.enkelt) } };
    case "datoer":
      return { tidsplan: "datoer", datoer: choices.datoer.map((row) => ({ dato: row.dato, ...hoursValues(row) })) };
    case "dage":
      return { tidsplan: "dage", dage: { fra: choices.dage.fra, tider: choices.dage.tider.map(hoursValues) } };
    case "regel": {
      const rule = choices.regel;
      const pattern =
        rule.gentagelse === "uge"
          ? { gentagelse: "uge", interval: String(rule.interval), ugedage: [...rule.ugedage] }
          : { gentagelse: "maaned", numre: rule.numre.map(String), ugedag: rule.ugedag };
      return {
        tidsplan: "regel",
        regel: {
          ...pattern,
          ...(rule.saeson ? { saesonFra: String(rule.saeson.fra), saesonTil: String(rule.saeson.til) } : {}),
          fra: rule.fra,
          ...(rule.til ? { til: rule.til } : {}),
          ...hoursValues(rule),
          aflyst: rule.aflyst.map(({ dato, note }) => (note ? { dato, note } : { dato })),
        },
      };
    }
    case "aabningstider": {
      const week: NonNullable<ScheduleFormValues["aabningstider"]> = choices.aabningstider.fra ? { fra: choices.aabningstider.fra } : {};
      for (const day of CHOICE_WEEKDAYS) {
        const hours = choices.aabningstider.dage[day];
        week[day] = hours ? { aabner: hours.aabner, lukker: hours.lukker === "24:00" ? "00:00" : hours.lukker } : { lukket: "on" };
      }
      return { tidsplan: "aabningstider", aabningstider: week };
    }
  }
}

function hoursOf(spec: ScheduleSpec): HoursChoice | null {
  const aabner = spec.startTime ? readTime(spec.startTime) : null;
  const lukker = spec.endTime ? readTime(spec.endTime) : null;
  return aabner && lukker && aabner === spec.startTime && lukker === spec.endTime && lukker > aabner ? { aabner, lukker } : null;
}

const noCancellations = (spec: ScheduleSpec) => !spec.cancelled || spec.cancelled.length === 0;

function datesFromSpecs(specs: ScheduleSpec[]): ScheduleChoices | null {
  const days: (DateChoice & { duration: number })[] = [];
  for (const spec of specs) {
    const hours = hoursOf(spec);
    const duration = spec.durationDays ?? 1;
    // A cancelled date has no field here: the choices would lose it.
    if (!hours || !isIsoDate(spec.startDate) || !noCancellations(spec) || !Number.isInteger(duration) || duration < 1 || duration > MAX_DAYS) return null;
    days.push({ dato: spec.startDate, ...hours, duration });
  }
  days.sort((a, b) => (a.dato < b.dato ? -1 : 1));
  const { duration, ...first } = days[0]!;
  if (days.length === 1) {
    return duration === 1
      ? { tidsplan: "dato", enkelt: first }
      : { tidsplan: "dage", dage: { fra: first.dato, tider: Array.from({ length: duration }, () => hoursValues(first)) } };
  }
  if (days.some((day) => day.duration !== 1) || days.length > MAX_DATES) return null;
  if (days.some((day, index) => index > 0 && day.dato === days[index - 1]!.dato)) return null;
  // Days in a row with hours of their own are what "Flere dage i træk" stores as one date each;
  // with the same hours it would have stored one event, so those are dates of their own.
  const inARow = days.length <= MAX_DAYS && daysFrom(first.dato, days.at(-1)!.dato) === days.length - 1;
  if (inARow && days.some((day) => !sameHours(day, first))) return { tidsplan: "dage", dage: { fra: first.dato, tider: days.map(hoursValues) } };
  return { tidsplan: "datoer", datoer: days.map(({ dato, aabner, lukker }) => ({ dato, aabner, lukker })) };
}

/** The subset of RRULE bodies the choices make; anything else is null. */
function ruleFromSpec(spec: ScheduleSpec): RuleChoice | null {
  const hours = hoursOf(spec);
  if (!hours || !isIsoDate(spec.startDate) || (spec.durationDays ?? 1) !== 1) return null;
  const parts = new Map<string, string>();
  for (const part of (spec.rrule ?? "")
    .trim()
    .replace(/^RRULE:/i, "")
    .split(";")) {
    const match = /^([A-Z]+)=(.+)$/i.exec(part.trim());
    if (!match || parts.has(match[1]!.toUpperCase())) return null;
    parts.set(match[1]!.toUpperCase(), match[2]!.trim().toUpperCase());
  }
  if ([...parts.keys()].some((key) => !["FREQ", "INTERVAL", "BYDAY", "BYMONTH", "UNTIL", "WKST"].includes(key))) return null;
  if ((parts.get("WKST") ?? "MO") !== "MO") return null;

  const dayByCode = new Map(CHOICE_WEEKDAYS.map((day) => [RRULE_DAY_CODES[day], day]));
  const byDay: { n: number | null; day: Weekday }[] = [];
  for (const item of (parts.get("BYDAY") ?? "").split(",").filter(Boolean)) {
    const match = /^([+-]?\d)?([A-Z]{2})$/.exec(item);
    const day = match ? dayByCode.get(match[2]!) : undefined;
    if (!match || !day) return null;
    byDay.push({ n: match[1] === undefined ? null : Number(match[1]), day });
  }

  let months: number[] = [];
  if (parts.has("BYMONTH")) {
    months = parts.get("BYMONTH")!.split(",").map(Number);
    if (!months.every((month) => Number.isInteger(month) && month >= 1 && month <= 12)) return null;
  }
  const saeson = seasonOf(months);
  if (saeson === undefined) return null;

  let til = spec.endDate ?? null;
  if (til !== null && !isIsoDate(til)) return null;
  if (parts.has("UNTIL")) {
    const match = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(parts.get("UNTIL")!);
    const until = match ? `${match[1]}-${match[2]}-${match[3]}` : "";
    if (!isIsoDate(until)) return null;
    if (til === null || until < til) til = until;
  }
  const cancelled = spec.cancelled ?? [];
  if (!cancelled.every((entry) => isIsoDate(entry.date))) return null;
  const common = { ...hours, saeson, fra: spec.startDate, til, aflyst: cancelled.map(({ date, note }) => ({ dato: date, note: note || null })) };

  const interval = Number(parts.get("INTERVAL") ?? "1");
  if (parts.get("FREQ") === "WEEKLY") {
    if ((interval !== 1 && interval !== 2) || byDay.some((entry) => entry.n !== null)) return null;
    // Without BYDAY a weekly rule keeps the weekday of its first day.
    const days = byDay.length ? byDay.map((entry) => entry.day) : [weekdayOfDate(spec.startDate)];
    return { gentagelse: "uge", interval, ugedage: CHOICE_WEEKDAYS.filter((day) => days.includes(day)), ...common };
  }
  if (parts.get("FREQ") === "MONTHLY" && interval === 1 && byDay.length) {
    const weekday = byDay[0]!.day;
    const numre = MONTH_ORDINALS.filter((n) => byDay.some((entry) => entry.n === n));
    if (byDay.some((entry) => entry.day !== weekday || !MONTH_ORDINALS.includes(entry.n as MonthOrdinal)) || numre.length !== new Set(byDay.map((entry) => entry.n)).size)
      return null;
    return { gentagelse: "maaned", numre, ugedag: weekday, ...common };
  }
  return null;
}

/** The season of BYMONTH: null for all year, undefined for months that are not one run (May, June and August). */
function seasonOf(months: number[]): { fra: number; til: number } | null | undefined {
  const set = new Set(months);
  if (set.size === 0 || set.size === 12) return null;
  const start = [...set].find((month) => !set.has(month === 1 ? 12 : month - 1));
  if (start === undefined) return undefined;
  const run = monthRange(start, ((start + set.size - 2) % 12) + 1);
  return run.every((month) => set.has(month)) ? { fra: start, til: run.at(-1)! } : undefined;
}

function weekFromSpec(spec: ScheduleSpec): WeekChoice | null {
  if (!isIsoDate(spec.startDate) || spec.endDate || !noCancellations(spec) || !spec.openingHours) return null;
  const dage = {} as Record<Weekday, HoursChoice | null>;
  for (const day of CHOICE_WEEKDAYS) {
    const intervals = spec.openingHours[day] ?? [];
    if (!Array.isArray(intervals) || intervals.length > 1) return null;
    const [opens, closes] = intervals[0] ?? [];
    if (opens === undefined) {
      dage[day] = null;
      continue;
    }
    const aabner = readTime(opens);
    const lukker: LocalTime | null = closes === "24:00" ? closes : readTime(closes ?? "");
    if (aabner !== opens || lukker !== closes || !lukker || lukker <= aabner) return null;
    dage[day] = { aabner, lukker };
  }
  if (Object.keys(spec.openingHours).some((key) => !CHOICE_WEEKDAYS.includes(key as Weekday))) return null;
  return { fra: spec.startDate, dage };
}

/** The choices a stored schedule was made from, or null when they cannot show it exactly. */
export function choicesFromSpecs(specs: readonly ScheduleSpec[]): ScheduleChoices | null {
  if (!specs.length) return null;
  if (specs.every((spec) => spec.kind === "dates")) return datesFromSpecs([...specs]);
  if (specs.length !== 1) return null;
  const only = specs[0]!;
  if (only.kind === "rule") {
    const regel = ruleFromSpec(only);
    return regel ? { tidsplan: "regel", regel } : null;
  }
  if (only.kind === "opening_hours") {
    const week = weekFromSpec(only);
    return week ? { tidsplan: "aabningstider", aabningstider: week } : null;
  }
  return null;
}

/**
 * The form's values for a market's stored schedules: {} for none (a new market), null when they
 * cannot be shown as choices (then show describeSchedule's prose and offer to replace them).
 */
export function choicesFromSchedules(specs: readonly ScheduleSpec[]): ScheduleFormValues | null {
  if (!specs.length) return {};
  const choices = choicesFromSpecs(specs);
  return choices ? formValuesFromChoices(choices) : null;
}

/* ---- Values from elsewhere ---- */

function strings(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function stringList(value: unknown): string | string[] | undefined {
  if (typeof value === "string") return value;
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : undefined;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function list(value: unknown): Record<string, unknown>[] | undefined {
  return Array.isArray(value) ? value.map(record) : undefined;
}

function only<T extends string>(value: Record<string, unknown>, keys: readonly T[]): Partial<Record<T, string>> {
  const result: Partial<Record<T, string>> = {};
  for (const key of keys) {
    const text = strings(value[key]);
    if (text !== undefined) result[key] = text;
  }
  return result;
}

/**
 * The schedule's part of any form values (Conform's `initialValue` of a reply, a saved draft):
 * only its own fields, only text, so the component can trust what it shows.
 */
export function scheduleFormValues(values: unknown): ScheduleFormValues {
  const all = record(values);
  const result: ScheduleFormValues = {};
  const kind = strings(all.tidsplan);
  if (kind !== undefined) result.tidsplan = kind;
  if (all.enkelt !== undefined) result.enkelt = only(record(all.enkelt), ["dato", "aabner", "lukker"]);
  const dates = list(all.datoer);
  if (dates) result.datoer = dates.map((row) => only(row, ["dato", "aabner", "lukker"]));
  if (all.dage !== undefined) {
    const days = record(all.dage);
    result.dage = { ...only(days, ["fra"]), tider: list(days.tider)?.map((row) => only(row, ["aabner", "lukker"])) };
  }
  if (all.regel !== undefined) {
    const rule = record(all.regel);
    result.regel = {
      ...only(rule, ["gentagelse", "interval", "ugedag", "saesonFra", "saesonTil", "fra", "til", "aabner", "lukker"]),
      ugedage: stringList(rule.ugedage),
      numre: stringList(rule.numre),
      aflyst: list(rule.aflyst)?.map((row) => only(row, ["dato", "note"])),
    };
  }
  if (all.aabningstider !== undefined) {
    const week = record(all.aabningstider);
    const values: NonNullable<ScheduleFormValues["aabningstider"]> = only(week, ["fra"]);
    for (const day of CHOICE_WEEKDAYS) if (week[day] !== undefined) values[day] = only(record(week[day]), ["aabner", "lukker", "lukket"]);
    result.aabningstider = values;
  }
  return result;
}
