import type { Kysely } from "kysely";
import type { Database } from "../lib/db/schema";
import { t } from "../lib/i18n";
import type { MarketFilters } from "../filters/filters";
import { addMonths, todayInDenmark } from "../lib/dates";
import { FEED_MONTHS, feedOccurrences } from "./calendar.server";
import { ICS_CONTENT_TYPE } from "../lib/icalendar";
import { icsMarketFromRow, marketCalendar, occurrenceCalendar } from "./market-events";
import { currentSlugFor } from "../markets/market-detail.server";
import { scheduleRowToSpec } from "../markets/schedule/occurrences.server";
import type { LocalDate } from "../markets/types";
import { reachable } from "../markets/query/visibility.server";

/**
 * The .ics answers, independent of Express and React Router so both can send them: a market's
 * calendar at /markeder/{slug}.ics (server/express-app.ts) and the feed of a register filter at
 * /register.ics (app/routes/register.ics.ts).
 */

export interface IcsResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const TEXT = "text/plain; charset=utf-8";
export const MARKET_NOT_FOUND = t("markets.ics.notFound");
export const NO_DATES = t("markets.ics.noDates");
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function attachment(filename: string, body: string): IcsResponse {
  return {
    status: 200,
    headers: { "Content-Type": ICS_CONTENT_TYPE, "Content-Disposition": `attachment; filename="${filename}"` },
    body,
  };
}

/**
 * A market's schedules as iCalendar. A renamed market's former slug answers 301 to the current
 * one; an unknown slug, or a shop whose only schedule is its weekly opening hours, 404 with a
 * Danish text (such a calendar would have no events, which calendar programs import as nothing).
 */
export async function marketIcsResponse(db: Kysely<Database>, slug: string, options: { baseUrl: string; now?: Date }): Promise<IcsResponse> {
  const notFound = (text: string): IcsResponse => ({ status: 404, headers: { "Content-Type": TEXT }, body: text });
  if (!SLUG.test(slug) || slug.length > 200) return notFound(MARKET_NOT_FOUND);
  const row = await db
    .selectFrom("markets")
    .select(["id", "slug", "name", "description", "venue_name", "street", "postal_code", "city", "latitude", "longitude"])
    .where("slug", "=", slug)
    .where(reachable("status"))
    .executeTakeFirst();
  if (!row) {
    const current = await currentSlugFor(db, slug);
    if (current) return { status: 301, headers: { Location: `/markeder/${current}.ics`, "Content-Type": TEXT }, body: "" };
    return notFound(MARKET_NOT_FOUND);
  }
  const schedules = await db.selectFrom("market_schedules").selectAll().where("market_id", "=", row.id).orderBy("start_date").orderBy("id").execute();
  const dated = schedules.filter((schedule) => schedule.kind !== "opening_hours");
  if (!dated.length) return notFound(NO_DATES);
  const market = icsMarketFromRow(row);
  const specs = dated.flatMap((schedule) => {
    try {
      return [{ id: schedule.id, spec: scheduleRowToSpec(schedule) }];
    } catch {
      // A schedule whose stored JSON cannot be read is left out rather than failing the others.
      return [];
    }
  });
  return attachment(`${row.slug}.ics`, marketCalendar(market, specs, options));
}

/**
 * The openings of the markets a register filter finds, from the filter's first date (today when
 * none) to its last (three months on when none), at most 1000 events.
 */
export async function feedIcsResponse(db: Kysely<Database>, filters: MarketFilters, options: { baseUrl: string; now?: Date; today?: LocalDate }): Promise<IcsResponse> {
  const today = options.today ?? todayInDenmark(options.now);
  const from = filters.dateFrom ?? today;
  const to = filters.dateTo ?? addMonths(from, FEED_MONTHS);
  const occurrences = await feedOccurrences(db, filters, { from, to });
  return attachment("loppeguiden.ics", occurrenceCalendar(t("markets.ics.feedName"), occurrences, options));
}
