import { danishMonthName, danishWeekdayNames, daysBetween, isLocalDate, isLocalTime, todayInDenmark, weekdayOf } from "../lib/dates";
import { DANISH_ORDINALS } from "../markets/schedule/prose";
import { RRULE_WEEKDAYS } from "../markets/schedule/rules";
import { MAX_DURATION_DAYS, validateSchedule } from "../markets/schedule/validation";
import { WEEKDAYS, type LocalDate, type ScheduleSpec, type Weekday } from "../markets/types";

/**
 * Reading what Danish organisers write, for the importer. Only phrases that mean one thing are
 * read; anything else gives null, so the importer asks a person rather than publishing a wrong date.
 */

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
  return items.every((item) => item !== undefined) ? items : null;
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
  for (let m = from; m !== to;) {
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
  const season = new RegExp(` fra ${M} (?:til|-) ${M}$`).exec(head) ?? new RegExp(` (?:i )?${M} ?- ?${M}$`).exec(head) ?? new RegExp(` i ${M}()$`).exec(head);
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
  const time = /^(.*?)[, ]*(?:fra )?kl\.? ?(\d{1,2})(?:[.:](\d{2}))? ?(?:-|til) ?(?:kl\.? ?)?(\d{1,2})(?:[.:](\d{2}))?$/.exec(normalised);
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
