import { t } from "~/lib/i18n";
import type { Weekday } from "../../../markets/types";
import { CHOICE_WEEKDAYS, MONTH_ORDINALS, addDaysTo, monthOf, readDate, weekdayOfDate } from "../choice-calendar";

/* The words of the schedule's controls, each a literal key so the build can put the text in place. */

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: t("organiser.schedule.weekdays.mon"),
  tue: t("organiser.schedule.weekdays.tue"),
  wed: t("organiser.schedule.weekdays.wed"),
  thu: t("organiser.schedule.weekdays.thu"),
  fri: t("organiser.schedule.weekdays.fri"),
  sat: t("organiser.schedule.weekdays.sat"),
  sun: t("organiser.schedule.weekdays.sun"),
};

export const WEEKDAY_OPTIONS = CHOICE_WEEKDAYS.map((day) => ({ value: day, label: WEEKDAY_NAMES[day] }));

export const MONTH_NAMES = [
  t("organiser.schedule.months.m1"),
  t("organiser.schedule.months.m2"),
  t("organiser.schedule.months.m3"),
  t("organiser.schedule.months.m4"),
  t("organiser.schedule.months.m5"),
  t("organiser.schedule.months.m6"),
  t("organiser.schedule.months.m7"),
  t("organiser.schedule.months.m8"),
  t("organiser.schedule.months.m9"),
  t("organiser.schedule.months.m10"),
  t("organiser.schedule.months.m11"),
  t("organiser.schedule.months.m12"),
];

const ORDINAL_NAMES: Record<(typeof MONTH_ORDINALS)[number], string> = {
  1: t("organiser.schedule.ordinals.first"),
  2: t("organiser.schedule.ordinals.second"),
  3: t("organiser.schedule.ordinals.third"),
  4: t("organiser.schedule.ordinals.fourth"),
  [-2]: t("organiser.schedule.ordinals.secondLast"),
  [-1]: t("organiser.schedule.ordinals.last"),
};

export const ORDINAL_OPTIONS = MONTH_ORDINALS.map((n) => ({ value: String(n), label: ORDINAL_NAMES[n] }));

/** "søndag 13. juni": day `index` of days in a row from `first`, or null while the first day is not a date. */
export function dayInARow(first: string | undefined, index: number): string | null {
  const start = first ? readDate(first) : null;
  if (!start) return null;
  const date = addDaysTo(start, index);
  return `${WEEKDAY_NAMES[weekdayOfDate(date)].toLowerCase()} ${Number(date.slice(8, 10))}. ${MONTH_NAMES[monthOf(date) - 1]!.toLowerCase()}`;
}
