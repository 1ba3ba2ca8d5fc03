import type { YearMonth } from "./grid";
import { filterFormToParams, type FilterForm } from "../filters/filter-form";
import type { LocalDate } from "../markets/types";

/**
 * The query of /kalender: the filters of /register plus which month (?maaned=2027-06), which day
 * (?dag=2027-06-14) and which view (?visning=liste). This half writes the links and runs in the
 * browser too; reading the query is ./query.server.ts (loaders only, with zod).
 */

export type CalendarView = "maaned" | "liste";
export type CalendarField = "maaned" | "dag";

/** A /kalender link that keeps the filters; month, day and view as given. */
export function calendarHref(form: FilterForm, state: { month?: YearMonth; day?: LocalDate | null; view?: CalendarView; page?: number } = {}): string {
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
