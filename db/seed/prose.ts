import type { OpeningHours, ScheduleSpec, Weekday } from "../../app/markets/types";
import { WEEKDAYS } from "../../app/markets/types";
import { addDays, longDate, MONTHS, monthSpan, RRULE_DAYS, timeSpan, WEEKDAY_NAMES } from "./dates";

/** The demo schedules in running Danish text, for the descriptions ("hver søndag fra maj til september"). */

const ORDINALS: Record<string, string> = { "1": "første", "2": "anden", "3": "tredje", "4": "fjerde", "-1": "sidste" };
const NUMBERS = ["", "én", "to", "tre", "fire", "fem", "seks", "syv"];

const dayName = (code: string) => WEEKDAY_NAMES[RRULE_DAYS.indexOf(code as (typeof RRULE_DAYS)[number])]!;

/** "a", "a og b", "a, b og c". */
export function joinDanish(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} og ${items[items.length - 1]}`;
}

/** Only the rule shapes db/seed/concepts.ts writes. */
export function ruleText(rrule: string): string {
  const parts = Object.fromEntries(rrule.split(";").map((part) => part.split("=") as [string, string]));
  const months = parts.BYMONTH ? parts.BYMONTH.split(",").map(Number) : [];
  if (parts.FREQ === "WEEKLY") {
    const days = joinDanish(parts.BYDAY!.split(",").map(dayName));
    const every = parts.INTERVAL === "2" ? "hver anden" : "hver";
    return `${every} ${days}${months.length ? ` ${monthSpan(months)}` : ""}`;
  }
  if (parts.BYMONTHDAY) return `den ${parts.BYMONTHDAY}. ${MONTHS[months[0]! - 1]} hvert år`;
  const [, n, code] = /^(-?\d)([A-Z]{2})$/.exec(parts.BYDAY!)!;
  const nth = `den ${ORDINALS[n!]} ${dayName(code!)}`;
  if (parts.FREQ === "YEARLY") return `${nth} i ${MONTHS[months[0]! - 1]} hvert år`;
  if (months.length === 2) return `${nth} i ${MONTHS[months[0]! - 1]} og ${MONTHS[months[1]! - 1]}`;
  return `${nth} i måneden${months.length ? ` ${monthSpan(months)}` : ""}`;
}

/** "Loppemarkedet holdes hver søndag fra maj til september kl. 10–15." */
export function scheduleSentence(subject: string, specs: readonly ScheduleSpec[]): string {
  const first = specs[0]!;
  const time = timeSpan(first.startTime!, first.endTime!);
  const days = first.durationDays ?? 1;
  if (first.kind === "dates") {
    if (days === 1) return `${subject} holdes ${longDate(first.startDate)} ${time}.`;
    const end = addDays(first.startDate, days - 1);
    const start = longDate(first.startDate).replace(/ \d{4}$/, "");
    return `${subject} løber over ${NUMBERS[days]} dage, fra ${start} til ${longDate(end)}, med åbent ${time} alle dage.`;
  }
  const when = joinDanish(specs.map((spec) => ruleText(spec.rrule!)));
  if (days === 1) return `${subject} holdes ${when} ${time}.`;
  return `${subject} begynder ${when} og varer ${NUMBERS[days]} dage med åbent ${time} hver dag.`;
}

/** "mandag til fredag kl. 10–17.30 og lørdag kl. 10–14" */
export function openingHoursText(hours: OpeningHours): string {
  const groups: { days: Weekday[]; text: string }[] = [];
  for (const day of WEEKDAYS) {
    const intervals = hours[day];
    if (!intervals?.length) continue;
    const text = intervals.map(([open, close]) => timeSpan(open, close)).join(" og ");
    const last = groups[groups.length - 1];
    const adjacent = last && WEEKDAYS.indexOf(last.days[last.days.length - 1]!) === WEEKDAYS.indexOf(day) - 1;
    if (last && adjacent && last.text === text) last.days.push(day);
    else groups.push({ days: [day], text });
  }
  const name = (day: Weekday) => WEEKDAY_NAMES[WEEKDAYS.indexOf(day)]!;
  return joinDanish(
    groups.map(({ days, text }) => {
      const span =
        days.length === 7
          ? "alle ugens dage"
          : days.length === 1
            ? name(days[0]!)
            : days.length === 2
              ? `${name(days[0]!)} og ${name(days[1]!)}`
              : `${name(days[0]!)} til ${name(days[days.length - 1]!)}`;
      return `${span} ${text}`;
    }),
  );
}
