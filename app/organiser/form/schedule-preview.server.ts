import { addDays, danishWeekdayNames, isLocalDate, weekdayOf } from "~/lib/dates";
import { t } from "~/lib/i18n";
import { capitalise } from "../../markets/format";
import { expandSchedule } from "../../markets/schedule/expansion";
import { shopHoursOn } from "../../markets/schedule/opening-hours";
import { describeDateRange, describeSchedule, formatIntervals } from "../../markets/schedule/prose";
import { validateSchedule } from "../../markets/schedule/validation";
import { WEEKDAYS, type LocalDate, type LocalTime, type ScheduleSpec } from "../../markets/types";
import type { SchedulePreview } from "./schedule-preview";

const NEXT_DATES = 5;
/** How far ahead the next dates are looked for: a year first, then far enough for a market held once a year. */
const HORIZONS_IN_DAYS = [366, 5 * 366];
/** A shop's open days are looked for within this many days: a week holds at least one. */
const SHOP_DAYS_AHEAD = 7 * NEXT_DATES;

interface Entry {
  date: LocalDate;
  time: LocalTime;
  text: string;
}

const weekdayName = (date: LocalDate) => capitalise(danishWeekdayNames()[WEEKDAYS.indexOf(weekdayOf(date))]!);

function dayText(date: LocalDate, endDate: LocalDate, intervals: [LocalTime, LocalTime][]): string {
  const day = endDate === date ? `${weekdayName(date)} ${describeDateRange(date, date)}` : describeDateRange(date, endDate);
  return t("organiser.schedule.preview.occurrence", { day, times: formatIntervals(intervals) });
}

/** Openings of dated markets and rules that have not ended by `today`: one still running counts. */
function openings(specs: ScheduleSpec[], today: LocalDate, horizon: number): Entry[] {
  const window = { from: addDays(today, -13), to: addDays(today, horizon) };
  return specs
    .filter((spec) => spec.kind !== "opening_hours")
    .flatMap((spec) => expandSchedule(spec, window))
    .filter((occurrence) => occurrence.endDate >= today)
    .map((occurrence) => {
      const text = dayText(occurrence.date, occurrence.endDate, [[occurrence.startTime, occurrence.endTime]]);
      return { date: occurrence.date, time: occurrence.startTime, text: occurrence.status === "cancelled" ? t("organiser.schedule.preview.cancelled", { date: text }) : text };
    });
}

/** A shop's next open days and their hours. */
function shopDays(specs: ScheduleSpec[], today: LocalDate): Entry[] {
  const shops = specs.filter((spec) => spec.kind === "opening_hours");
  if (!shops.length) return [];
  const start = shops.map((spec) => spec.startDate).reduce((a, b) => (b < a ? b : a));
  const first = start > today ? start : today;
  const entries: Entry[] = [];
  for (let offset = 0; offset < SHOP_DAYS_AHEAD && entries.length < NEXT_DATES; offset++) {
    const date = addDays(first, offset);
    const intervals = shopHoursOn(shops, date);
    if (intervals.length) entries.push({ date, time: intervals[0]![0], text: dayText(date, date, intervals) });
  }
  return entries;
}

/**
 * The prose of each schedule and the next five openings from `today`, in Danish with their times;
 * a cancelled opening among them says so. Schedules that do not validate are left out.
 */
export function schedulePreview(specs: readonly ScheduleSpec[], today: LocalDate): SchedulePreview {
  if (!isLocalDate(today)) throw new RangeError(`Ugyldig dato: ${today}`);
  const usable = specs.filter((spec) => validateSchedule(spec).length === 0);
  const shop = shopDays(usable, today);
  let dated: Entry[] = [];
  for (const horizon of HORIZONS_IN_DAYS) {
    dated = openings(usable, today, horizon);
    if (dated.length >= NEXT_DATES) break;
  }
  const entries = [...dated, ...shop].sort((a, b) => (a.date === b.date ? (a.time < b.time ? -1 : a.time > b.time ? 1 : 0) : a.date < b.date ? -1 : 1));
  return {
    prose: usable.map((spec) => describeSchedule(spec, { today })),
    nextDates: entries.slice(0, NEXT_DATES).map((entry) => entry.text),
  };
}
