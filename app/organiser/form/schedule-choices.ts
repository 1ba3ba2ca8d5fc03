import { z } from "zod";
import { t } from "~/lib/i18n";
import type { LocalDate, LocalTime, Weekday } from "../../markets/types";
import { CHOICE_WEEKDAYS, MONTH_ORDINALS, monthOf, monthRange, readDate, readTime, weekdayOfDate, weekdayPlaceInMonth, weeksBetween } from "./choice-calendar";
import { CHOICE_LIMITS, type DateChoice, type HoursChoice, type MonthOrdinal, type RuleChoice, type ScheduleChoices, type WeekChoice } from "./schedule-choice-values";

/**
 * The schedule of a market as an organiser builds it from choices (/opret-marked, "Datoer og
 * tider"): one date, several dates, days in a row with hours of their own, a repeating rule, or a
 * shop's week. No rule syntax is shown. The schema checks the fields, readScheduleChoices types them,
 * schedulesFromChoices (schedule-choice-specs.ts) turns the choices into the ScheduleSpecs the market
 * is stored with, and choicesFromSchedules reads those back into the fields for the edit form.
 *
 * The form's fields (Conform's names; lists are indexed, checkbox groups repeat their name):
 *
 *   tidsplan                        dato | datoer | dage | regel | aabningstider
 *   enkelt.dato, .aabner, .lukker   Én dato
 *   datoer[i].dato, .aabner, .lukker    Flere datoer (empty rows are ignored)
 *   dage.fra, dage.tider[i].aabner, dage.tider[i].lukker    Flere dage i træk (day i is fra + i)
 *   regel.gentagelse                uge | maaned
 *   regel.interval                  1 | 2 (hver uge, hver anden uge)
 *   regel.ugedage                   mon … sun, repeated (weekly)
 *   regel.numre                     1 | 2 | 3 | 4 | -2 | -1, repeated (monthly: første … sidste)
 *   regel.ugedag                    mon … sun (monthly)
 *   regel.saesonFra, .saesonTil     1 … 12, both or neither (season, may run over new year)
 *   regel.fra, regel.til            first day (required), last day (optional)
 *   regel.aabner, regel.lukker
 *   regel.aflyst[i].dato, regel.aflyst[i].note    cancelled dates (empty rows are ignored)
 *   aabningstider.fra               optional: the week holds from this day (today when empty)
 *   aabningstider.<mon…sun>.aabner, .lukker, .lukket ("on")   a day with no times is closed
 *
 * Only the chosen kind is read, so a page without JavaScript can show every part at once.
 * Every message is Danish and stands at the field it is about.
 */

export {
  CHOICE_LIMITS,
  CHOICE_WEEKDAYS,
  MONTH_ORDINALS,
  SCHEDULE_FORM_MAX_BYTES,
  SCHEDULE_KINDS,
  type DateChoice,
  type DateValues,
  type HoursChoice,
  type HoursValues,
  type MonthOrdinal,
  type RuleChoice,
  type ScheduleChoices,
  type ScheduleFormValues,
  type ScheduleKind,
  type WeekChoice,
} from "./schedule-choice-values";

/* ---- The schema ---- */

const text = z.string().optional();
const rawHours = z.object({ aabner: text, lukker: text });
const rawDate = rawHours.extend({ dato: text });
const rawDay = rawHours.extend({ lukket: text });
// Rows a crafted post might send beyond what the page offers are refused as a whole.
const rows = <T extends z.ZodType>(row: T, max: number) =>
  z
    .array(row.optional())
    .max(max, { error: t("organiser.schedule.errors.tooManyRows") })
    .optional();

const rawSchema = z.discriminatedUnion(
  "tidsplan",
  [
    z.object({ tidsplan: z.literal("dato"), enkelt: rawDate.optional() }),
    z.object({ tidsplan: z.literal("datoer"), datoer: rows(rawDate, CHOICE_LIMITS.dates * 2) }),
    z.object({ tidsplan: z.literal("dage"), dage: z.object({ fra: text, tider: rows(rawHours, CHOICE_LIMITS.days) }).optional() }),
    z.object({
      tidsplan: z.literal("regel"),
      regel: z
        .object({
          gentagelse: text,
          interval: text,
          ugedage: z.array(z.string()).max(7).optional(),
          numre: z.array(z.string()).max(MONTH_ORDINALS.length).optional(),
          ugedag: text,
          saesonFra: text,
          saesonTil: text,
          fra: text,
          til: text,
          aabner: text,
          lukker: text,
          aflyst: rows(z.object({ dato: text, note: text }), CHOICE_LIMITS.cancelled * 2),
        })
        .optional(),
    }),
    z.object({
      tidsplan: z.literal("aabningstider"),
      aabningstider: z
        .object({
          fra: text,
          mon: rawDay.optional(),
          tue: rawDay.optional(),
          wed: rawDay.optional(),
          thu: rawDay.optional(),
          fri: rawDay.optional(),
          sat: rawDay.optional(),
          sun: rawDay.optional(),
        })
        .optional(),
    }),
  ],
  { error: t("organiser.schedule.errors.kind") },
);

type Raw = z.output<typeof rawSchema>;
type Path = (string | number)[];

/** Reads the typed text of one kind, collecting every problem at its field. */
class Reader {
  readonly issues: { path: Path; message: string }[] = [];

  problem(path: Path, message: string): null {
    this.issues.push({ path, message });
    return null;
  }

  date(value: string | undefined, path: Path, required = t("organiser.schedule.errors.dateRequired")): LocalDate | null {
    if (value === undefined || value.trim() === "") return this.problem(path, required);
    return readDate(value) ?? this.problem(path, t("organiser.schedule.errors.dateInvalid"));
  }

  optionalDate(value: string | undefined, path: Path): LocalDate | null {
    return value === undefined || value.trim() === "" ? null : this.date(value, path);
  }

  time(value: string | undefined, path: Path, required: string): LocalTime | null {
    if (value === undefined || value.trim() === "") return this.problem(path, required);
    return readTime(value) ?? this.problem(path, t("organiser.schedule.errors.timeInvalid"));
  }

  /** Opening and closing time of a market day; the closing after the opening. */
  hours(raw: { aabner?: string; lukker?: string } | undefined, path: Path): HoursChoice | null {
    const aabner = this.time(raw?.aabner, [...path, "aabner"], t("organiser.schedule.errors.opensRequired"));
    const lukker = this.time(raw?.lukker, [...path, "lukker"], t("organiser.schedule.errors.closesRequired"));
    if (!aabner || !lukker) return null;
    if (lukker <= aabner) return this.problem([...path, "lukker"], t("organiser.schedule.errors.closesBeforeOpens"));
    return { aabner, lukker };
  }

  dated(raw: { dato?: string; aabner?: string; lukker?: string } | undefined, path: Path): DateChoice | null {
    const dato = this.date(raw?.dato, [...path, "dato"]);
    const hours = this.hours(raw, path);
    return dato && hours ? { dato, ...hours } : null;
  }
}

const filled = (row: Record<string, string | undefined> | undefined) => !!row && Object.values(row).some((value) => value !== undefined && value.trim() !== "");

function readSeveralDates(reader: Reader, raw: Extract<Raw, { tidsplan: "datoer" }>): DateChoice[] {
  const rows = raw.datoer ?? [];
  const indices = rows.flatMap((row, index) => (filled(row) ? [index] : []));
  if (!indices.length) {
    reader.problem(["datoer", 0, "dato"], t("organiser.schedule.errors.noDates"));
    return [];
  }
  if (indices.length > CHOICE_LIMITS.dates)
    reader.problem(["datoer", indices[CHOICE_LIMITS.dates]!, "dato"], t("organiser.schedule.errors.tooManyDates", { max: CHOICE_LIMITS.dates }));
  const seen = new Set<string>();
  const dates: DateChoice[] = [];
  for (const index of indices) {
    const row = reader.dated(rows[index], ["datoer", index]);
    if (!row) continue;
    if (seen.has(row.dato)) reader.problem(["datoer", index, "dato"], t("organiser.schedule.errors.dateTwice"));
    seen.add(row.dato);
    dates.push(row);
  }
  return dates.sort((a, b) => (a.dato < b.dato ? -1 : a.dato > b.dato ? 1 : 0));
}

function readDaysInARow(reader: Reader, raw: Extract<Raw, { tidsplan: "dage" }>): { fra: LocalDate; tider: HoursChoice[] } | null {
  const fra = reader.date(raw.dage?.fra, ["dage", "fra"]);
  const rows = raw.dage?.tider ?? [];
  let count = 0;
  rows.forEach((row, index) => {
    if (filled(row)) count = index + 1;
  });
  // A day is the day after the one before it: a gap would move every later day's hours.
  const tider: HoursChoice[] = [];
  for (let index = 0; index < Math.max(count, 2); index++) {
    const row = rows[index];
    if (index >= count) {
      reader.problem(["dage", "tider", index, "aabner"], t("organiser.schedule.errors.daysTooFew"));
      break;
    }
    if (!filled(row)) {
      reader.problem(["dage", "tider", index, "aabner"], t("organiser.schedule.errors.dayGap", { n: index + 1 }));
      continue;
    }
    const hours = reader.hours(row, ["dage", "tider", index]);
    if (hours) tider.push(hours);
  }
  return fra ? { fra, tider } : null;
}

const isWeekday = (value: string | undefined): value is Weekday => CHOICE_WEEKDAYS.includes(value as Weekday);

function readMonth(reader: Reader, value: string | undefined, path: Path): number | null {
  if (value === undefined || value === "") return null;
  const month = Number(value);
  return Number.isInteger(month) && month >= 1 && month <= 12 ? month : reader.problem(path, t("organiser.schedule.errors.monthInvalid"));
}

/** Whether the rule holds a market on this day: the check of a cancelled date. */
export function isRuleDay(rule: RuleChoice, date: LocalDate): boolean {
  if (date < rule.fra || (rule.til !== null && date > rule.til)) return false;
  if (rule.saeson && !monthRange(rule.saeson.fra, rule.saeson.til).includes(monthOf(date))) return false;
  const weekday = weekdayOfDate(date);
  if (rule.gentagelse === "uge") return rule.ugedage.includes(weekday) && weeksBetween(rule.fra, date) % rule.interval === 0;
  const place = weekdayPlaceInMonth(date);
  return weekday === rule.ugedag && rule.numre.some((n) => n === place.fromStart || n === place.fromEnd);
}

function readRule(reader: Reader, raw: NonNullable<Extract<Raw, { tidsplan: "regel" }>["regel"]> | undefined): RuleChoice | null {
  const path = (...rest: Path) => ["regel", ...rest];
  const gentagelse = raw?.gentagelse;
  if (gentagelse !== "uge" && gentagelse !== "maaned") reader.problem(path("gentagelse"), t("organiser.schedule.errors.repeatRequired"));

  let pattern: { gentagelse: "uge"; interval: 1 | 2; ugedage: Weekday[] } | { gentagelse: "maaned"; numre: MonthOrdinal[]; ugedag: Weekday } | null = null;
  if (gentagelse === "uge") {
    const interval = raw?.interval === "2" ? 2 : raw?.interval === "1" ? 1 : reader.problem(path("interval"), t("organiser.schedule.errors.intervalRequired"));
    const chosen = raw?.ugedage ?? [];
    const ugedage = CHOICE_WEEKDAYS.filter((day) => chosen.includes(day));
    if (!ugedage.length || chosen.some((day) => !isWeekday(day))) reader.problem(path("ugedage"), t("organiser.schedule.errors.weekdaysRequired"));
    else if (interval) pattern = { gentagelse, interval, ugedage };
  } else if (gentagelse === "maaned") {
    const chosen = raw?.numre ?? [];
    const numre = MONTH_ORDINALS.filter((n) => chosen.includes(String(n)));
    if (!numre.length || numre.length !== chosen.length) reader.problem(path("numre"), t("organiser.schedule.errors.ordinalsRequired"));
    const ugedag = raw?.ugedag;
    if (!isWeekday(ugedag)) reader.problem(path("ugedag"), t("organiser.schedule.errors.weekdayRequired"));
    else if (numre.length && numre.length === chosen.length) pattern = { gentagelse, numre, ugedag };
  }

  const from = readMonth(reader, raw?.saesonFra, path("saesonFra"));
  const to = readMonth(reader, raw?.saesonTil, path("saesonTil"));
  const seasonGiven = [raw?.saesonFra, raw?.saesonTil].map((value) => value !== undefined && value !== "");
  if (seasonGiven[0] !== seasonGiven[1]) {
    reader.problem(path(seasonGiven[0] ? "saesonTil" : "saesonFra"), t("organiser.schedule.errors.seasonIncomplete"));
  }
  const saeson = from !== null && to !== null ? { fra: from, til: to } : null;

  const fra = reader.date(raw?.fra, path("fra"), t("organiser.schedule.errors.firstDayRequired"));
  const til = reader.optionalDate(raw?.til, path("til"));
  if (fra && til && til < fra) reader.problem(path("til"), t("organiser.schedule.errors.lastBeforeFirst"));
  const hours = reader.hours(raw, ["regel"]);

  // Cancelled dates are read whatever else is wrong, so that all their messages come at once.
  const aflyst: { dato: LocalDate; note: string | null }[] = [];
  const places = new Map<string, number>();
  (raw?.aflyst ?? []).forEach((row, index) => {
    if (!filled(row)) return;
    const dato = reader.date(row?.dato, path("aflyst", index, "dato"));
    const note = row?.note?.trim() || null;
    if (note && note.length > CHOICE_LIMITS.note) reader.problem(path("aflyst", index, "note"), t("organiser.schedule.errors.noteTooLong", { max: CHOICE_LIMITS.note }));
    if (!dato) return;
    if (places.has(dato)) reader.problem(path("aflyst", index, "dato"), t("organiser.schedule.errors.cancelledTwice"));
    else places.set(dato, index);
    aflyst.push({ dato, note });
  });
  if (aflyst.length > CHOICE_LIMITS.cancelled) reader.problem(path("aflyst"), t("organiser.schedule.errors.tooManyRows"));

  if (!pattern || !fra || !hours) return null;
  const rule: RuleChoice = { ...pattern, ...hours, saeson, fra, til, aflyst: [] };
  for (const [dato, index] of places) {
    if (!isRuleDay(rule, dato)) reader.problem(path("aflyst", index, "dato"), t("organiser.schedule.errors.notMarketDay"));
  }
  // A date given twice has its message already; it is cancelled once.
  rule.aflyst = aflyst.filter((entry, i) => aflyst.findIndex((other) => other.dato === entry.dato) === i).sort((a, b) => (a.dato < b.dato ? -1 : 1));
  return rule;
}

/** Midnight is written 00:00 in a time field; as a closing time it is the end of the day. */
const MIDNIGHT = "24:00";

function readWeek(reader: Reader, raw: NonNullable<Extract<Raw, { tidsplan: "aabningstider" }>["aabningstider"]> | undefined): WeekChoice {
  const fra = reader.optionalDate(raw?.fra, ["aabningstider", "fra"]);
  const dage = {} as Record<Weekday, HoursChoice | null>;
  let problems = false;
  for (const day of CHOICE_WEEKDAYS) {
    const row = raw?.[day];
    dage[day] = null;
    if (row?.lukket) continue;
    const given = [row?.aabner, row?.lukker].map((value) => value !== undefined && value.trim() !== "");
    if (!given[0] && !given[1]) continue;
    const path: Path = ["aabningstider", day];
    const aabner = reader.time(row?.aabner, [...path, "aabner"], t("organiser.schedule.errors.shopOpensRequired"));
    const typed = reader.time(row?.lukker, [...path, "lukker"], t("organiser.schedule.errors.shopClosesRequired"));
    const lukker = typed === "00:00" ? MIDNIGHT : typed;
    if (!aabner || !lukker) {
      problems = true;
      continue;
    }
    if (lukker <= aabner) {
      problems = true;
      reader.problem([...path, "lukker"], t("organiser.schedule.errors.closesBeforeOpens"));
      continue;
    }
    dage[day] = { aabner, lukker };
  }
  if (!problems && CHOICE_WEEKDAYS.every((day) => dage[day] === null)) reader.problem(["aabningstider", "mon", "aabner"], t("organiser.schedule.errors.shopClosed"));
  return { fra, dage };
}

function readChoices(raw: Raw, reader: Reader): ScheduleChoices | null {
  switch (raw.tidsplan) {
    case "dato": {
      const enkelt = reader.dated(raw.enkelt, ["enkelt"]);
      return enkelt ? { tidsplan: "dato", enkelt } : null;
    }
    case "datoer":
      return { tidsplan: "datoer", datoer: readSeveralDates(reader, raw) };
    case "dage": {
      const dage = readDaysInARow(reader, raw);
      return dage ? { tidsplan: "dage", dage } : null;
    }
    case "regel": {
      const regel = readRule(reader, raw.regel);
      return regel ? { tidsplan: "regel", regel } : null;
    }
    case "aabningstider":
      return { tidsplan: "aabningstider", aabningstider: readWeek(reader, raw.aabningstider) };
  }
}

/**
 * The schedule step's fields, checked: parse a post with parseSubmission (or Conform's parseWithZod),
 * then readScheduleChoices(submission.value). Only refinements, no transform, so that the schema
 * can be the root of a form, or part of one (z.intersection with the step's other fields), and
 * formConstraint still reads it.
 */
export const scheduleChoicesSchema = rawSchema.superRefine((raw, context) => {
  const reader = new Reader();
  readChoices(raw, reader);
  for (const issue of reader.issues) context.addIssue({ code: "custom", message: issue.message, path: issue.path });
});

/** What scheduleChoicesSchema gives: the fields as sent, every one checked. */
export type ScheduleChoiceFields = z.output<typeof scheduleChoicesSchema>;

/**
 * The choices in the checked fields, typed and tidied (dates "YYYY-MM-DD", times "HH:MM", empty
 * rows gone, dates in order). Throws for fields the schema has not passed.
 */
export function readScheduleChoices(fields: ScheduleChoiceFields): ScheduleChoices {
  const reader = new Reader();
  const choices = readChoices(fields, reader);
  if (!choices || reader.issues.length) throw new RangeError(`Tidsplanen kan ikke læses: ${reader.issues.map((issue) => issue.message).join(" ")}`);
  return choices;
}

export { choicesFromSchedules, formValuesFromChoices, schedulesFromChoices, scheduleFormValues } from "./schedule-choice-specs";
