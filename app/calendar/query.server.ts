import { z } from "zod";
import { t } from "~/lib/i18n";
import { optionalParam, searchParamsSchema } from "~/lib/search-params.server";
import { firstDayOfMonth, isYearMonth, lastDayOfMonth, monthOf, type YearMonth } from "./grid";
import type { CalendarField, CalendarView } from "./links";
import { isLocalDate } from "../lib/dates";
import { parseFilterParams, type ParsedFilters } from "../filters/filter-query.server";
import type { LocalDate } from "../markets/types";

/**
 * Reading the query of /kalender (the links are ./links.ts): the filters of /register
 * plus month, day and view. Unreadable values fall back to a month that can be shown and say so
 * in Danish; they never fail the page. Loaders only: this module brings zod.
 */

export interface CalendarParams extends ParsedFilters {
  month: YearMonth;
  day: LocalDate | null;
  view: CalendarView;
  /** The days whose openings are shown: the day or the month, narrowed by the date filter; null when nothing is left. */
  range: { from: LocalDate; to: LocalDate } | null;
  /** The month, narrowed by the date filter: the days the month table counts. */
  monthRange: { from: LocalDate; to: LocalDate } | null;
  calendarErrors: Partial<Record<CalendarField, string>>;
}

export const INVALID_MONTH = t("filterErrors.month");
export const INVALID_DAY = t("filterErrors.day");

/** The calendar's own parameters; the filters are parseFilterParams'. */
export const calendarQuery = searchParamsSchema({
  /** A day that exists, in a month the calendar can show; spaces around it do no harm. */
  dag: optionalParam(
    z.string().refine((day) => isLocalDate(day) && isYearMonth(monthOf(day))),
    { trim: true },
  ),
  /** "YYYY-MM" from 2000 to 2100. */
  maaned: optionalParam(z.string().refine(isYearMonth), { trim: true }),
  /** The list for visning=liste; the month table for anything else. */
  visning: z.enum(["maaned", "liste"]).catch("maaned"),
});

function intersect(range: { from: LocalDate; to: LocalDate }, from: LocalDate | undefined, to: LocalDate | undefined): { from: LocalDate; to: LocalDate } | null {
  const start = from && from > range.from ? from : range.from;
  const end = to && to < range.to ? to : range.to;
  return start <= end ? { from: start, to: end } : null;
}

export function parseCalendarParams(params: URLSearchParams, today: LocalDate, now: Date = new Date()): CalendarParams {
  const parsed = parseFilterParams(params, today, now);
  const query = calendarQuery.parse(params);
  const calendarErrors: CalendarParams["calendarErrors"] = {};
  if (query.dag === null) calendarErrors.dag = INVALID_DAY;
  if (query.maaned === null) calendarErrors.maaned = INVALID_MONTH;
  const day = query.dag ?? null;

  // A day names its month; a month outside a period chosen in the filters gives way to the
  // period's first month (the filter form keeps the month it was sent from).
  const { dateFrom, dateTo } = parsed.filters;
  const filterStart = dateFrom && isYearMonth(monthOf(dateFrom)) ? dateFrom : null;
  const overlapsFilter = (candidate: YearMonth) => (!dateFrom || lastDayOfMonth(candidate) >= dateFrom) && (!dateTo || firstDayOfMonth(candidate) <= dateTo);
  const month = day ? monthOf(day) : query.maaned && overlapsFilter(query.maaned) ? query.maaned : monthOf(filterStart ?? today);

  const monthSpan = { from: firstDayOfMonth(month), to: lastDayOfMonth(month) };
  return {
    ...parsed,
    month,
    day,
    view: query.visning,
    range: intersect(day ? { from: day, to: day } : monthSpan, dateFrom, dateTo),
    monthRange: intersect(monthSpan, dateFrom, dateTo),
    calendarErrors,
  };
}
