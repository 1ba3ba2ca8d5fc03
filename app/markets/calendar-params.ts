import { t } from "~/lib/i18n";
import { firstDayOfMonth, isYearMonth, lastDayOfMonth, monthOf, type YearMonth } from "./calendar-grid";
import { isLocalDate } from "./dates";
import { filterFormToParams, parseFilterParams, type FilterForm, type ParsedFilters } from "./filter-params";
import type { LocalDate } from "./types";

/**
 * The query of /kalender: the filters of /register plus which month (?maaned=2027-06), which day
 * (?dag=2027-06-14) and which view (?visning=liste). Unreadable values fall back to a month that
 * can be shown and say so in Danish; they never fail the page.
 */

export type CalendarView = "maaned" | "liste";
export type CalendarField = "maaned" | "dag";

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

function intersect(
  range: { from: LocalDate; to: LocalDate },
  from: LocalDate | undefined,
  to: LocalDate | undefined,
): { from: LocalDate; to: LocalDate } | null {
  const start = from && from > range.from ? from : range.from;
  const end = to && to < range.to ? to : range.to;
  return start <= end ? { from: start, to: end } : null;
}

export function parseCalendarParams(params: URLSearchParams, today: LocalDate, now: Date = new Date()): CalendarParams {
  const parsed = parseFilterParams(params, today, now);
  const calendarErrors: CalendarParams["calendarErrors"] = {};

  const dayParam = (params.get("dag") ?? "").trim();
  const day = dayParam && isLocalDate(dayParam) && isYearMonth(monthOf(dayParam)) ? dayParam : null;
  if (dayParam && !day) calendarErrors.dag = INVALID_DAY;

  const monthParam = (params.get("maaned") ?? "").trim();
  const monthValid = isYearMonth(monthParam);
  if (monthParam && !monthValid) calendarErrors.maaned = INVALID_MONTH;

  // A day names its month; a month outside a period chosen in the filters gives way to the
  // period's first month (the filter form keeps the month it was sent from).
  const { dateFrom, dateTo } = parsed.filters;
  const filterStart = dateFrom && isYearMonth(monthOf(dateFrom)) ? dateFrom : null;
  const overlapsFilter = (candidate: string) =>
    (!dateFrom || lastDayOfMonth(candidate as YearMonth) >= dateFrom) && (!dateTo || firstDayOfMonth(candidate as YearMonth) <= dateTo);
  const month = day ? monthOf(day) : monthValid && overlapsFilter(monthParam) ? monthParam : monthOf(filterStart ?? today);

  const view: CalendarView = params.get("visning") === "liste" ? "liste" : "maaned";
  const monthSpan = { from: firstDayOfMonth(month), to: lastDayOfMonth(month) };
  return {
    ...parsed,
    month,
    day,
    view,
    range: intersect(day ? { from: day, to: day } : monthSpan, dateFrom, dateTo),
    monthRange: intersect(monthSpan, dateFrom, dateTo),
    calendarErrors,
  };
}

/** A /kalender link that keeps the filters; month, day and view as given. */
export function calendarHref(
  form: FilterForm,
  state: { month?: YearMonth; day?: LocalDate | null; view?: CalendarView; page?: number } = {},
): string {
  const params = filterFormToParams(form, state.page ?? 1);
  if (state.day) params.set("dag", state.day);
  else if (state.month) params.set("maaned", state.month);
  if (state.view === "liste") params.set("visning", "liste");
  const query = params.toString();
  return query ? `/kalender?${query}` : "/kalender";
}

/** The feed of the same filters (/register.ics), for calendar programs to subscribe to. */
export function feedHref(form: FilterForm): string {
  const query = filterFormToParams({ ...form, sort: "" }).toString();
  return query ? `/register.ics?${query}` : "/register.ics";
}
