import { site } from "~/lib/site-context.server";
import { todayInDenmark } from "~/lib/dates";
import { parseFilterParams } from "~/filters/filter-query.server";
import { feedIcsResponse } from "~/calendar/ics.server";
import type { Route } from "./+types/register.ics";

/**
 * GET /register.ics?…: the openings of the markets /register would list for the same query, as
 * an iCalendar feed to import or subscribe to. Filters that cannot be read are left out, as on
 * /register.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const today = todayInDenmark();
  const { filters } = parseFilterParams(url.searchParams, today);
  const answer = await feedIcsResponse(site().database.db, filters, { baseUrl: site().config.baseUrl, today });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
