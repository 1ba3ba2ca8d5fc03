import { PAGE_PARAM } from "~/lib/page-number";

/** The admin area's people pages and the log (routes/dashboard/admin/brugere/*, log.tsx). */
export const PEOPLE_PATH = "/dashboard/admin/brugere";
export const ADMIN_LOG_PATH = "/dashboard/admin/log";

/** The longest search the page takes: longer ones are cut (a name or an address is shorter). */
export const PEOPLE_QUERY_MAX = 100;

export function personPath(userId: string): string {
  return `${PEOPLE_PATH}/${userId}`;
}

/** The list of people, searched and paged: /dashboard/admin/brugere?q=mette&side=2. */
export function peopleListPath(query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const search = params.toString();
  return search ? `${PEOPLE_PATH}?${search}` : PEOPLE_PATH;
}
