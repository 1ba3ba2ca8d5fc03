import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../lib/db/schema";
import { byteOrder, dialectOf, toNumber } from "../lib/db/dialect.server";
import { addDays } from "../lib/dates";
import type { MarketFilters } from "../filters/filters";
import { icsMarketFromRow, type IcsMarketRow, type IcsOccurrence } from "./market-events";
import { filterSql } from "../markets/query/conditions.server";
import { MAX_DURATION_DAYS } from "../markets/schedule/validation";
import { searchDb } from "../markets/search/index.server";
import type { LocalDate, MarketType } from "../markets/types";

/**
 * The openings of published markets by day, for /kalender and the /register.ics feed: rows of
 * market_occurrences joined with their markets, narrowed by the filters of /register. A market
 * counts on every day an opening runs, so the second day of a weekend market is a market day too.
 */

export interface DayRange {
  from: LocalDate;
  to: LocalDate;
}

/** One opening as the calendar lists it, under `day`: its first day, or the range's first day when it began earlier. */
export interface CalendarEntry {
  day: LocalDate;
  marketId: string;
  scheduleId: string;
  slug: string;
  name: string;
  type: MarketType;
  city: string;
  postalCode: number;
  date: LocalDate;
  endDate: LocalDate;
  startTime: string;
  endTime: string;
  status: "scheduled" | "cancelled";
  note: string | null;
}

export interface CalendarPage {
  total: number;
  entries: CalendarEntry[];
}

export const FEED_MONTHS = 3;
export const FEED_MAX_EVENTS = 1000;

/**
 * The market conditions of the filters, as findMarkets applies them (text, type, region or
 * location, indoor/outdoor, free entry). Null when a filter names a place that does not exist, so
 * nothing can match. Dates are the caller's range; "open now" and sorting do not apply to a
 * calendar of days.
 */
function marketConditions(db: Kysely<Database>, filters: MarketFilters, range: DayRange) {
  return filterSql(db, filters, { alias: "m", from: range.from, parts: ["listed", "text", "types", "place", "setting", "freeEntry"] });
}

function overlapping(range: DayRange): RawBuilder<SqlBool> {
  // No opening lasts longer than MAX_DURATION_DAYS, so the lower bound on local_date lets the
  // date index skip the years of history before the range.
  const earliest = addDays(range.from, 1 - MAX_DURATION_DAYS);
  return sql<SqlBool>`(o.local_date >= ${earliest} and o.local_date <= ${range.to} and o.end_date >= ${range.from})`;
}

/**
 * How many markets have a scheduled opening on each day of the range (days without any are left
 * out). A market with two openings on one day counts once.
 */
export async function countMarketsByDay(db: Kysely<Database>, filters: MarketFilters, range: DayRange): Promise<Record<LocalDate, number>> {
  const narrowing = await marketConditions(db, filters, range);
  if (!narrowing) return {};
  const { rows } = await sql<{ market_id: string; local_date: string; end_date: string }>`
    select distinct o.market_id, o.local_date, o.end_date
    from market_occurrences o join markets m on m.id = o.market_id ${narrowing.join}
    where o.status = 'scheduled' and ${overlapping(range)} and ${sql.join(narrowing.conditions, sql` and `)}`.execute(searchDb(db));
  const marketsByDay = new Map<LocalDate, Set<string>>();
  for (const row of rows) {
    const first = row.local_date > range.from ? row.local_date : range.from;
    const last = row.end_date < range.to ? row.end_date : range.to;
    for (let day = first; day <= last; day = addDays(day, 1)) {
      const markets = marketsByDay.get(day) ?? new Set<string>();
      markets.add(row.market_id);
      marketsByDay.set(day, markets);
    }
  }
  const counts: Record<LocalDate, number> = {};
  for (const day of [...marketsByDay.keys()].sort()) counts[day] = marketsByDay.get(day)!.size;
  return counts;
}

interface EntryRow {
  day: string;
  market_id: string;
  schedule_id: string;
  slug: string;
  name: string;
  type: string;
  city: string;
  postal_code: number | string;
  local_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  status: string;
  note: string | null;
  total: number | string;
}

/**
 * The openings that run on a day of the range, cancelled ones included, ordered by the day they
 * are listed under, opening time, name and id (the same on both databases), a page at a time.
 */
export async function findCalendarEntries(
  db: Kysely<Database>,
  filters: MarketFilters,
  range: DayRange,
  options: { page?: number; pageSize?: number } = {},
): Promise<CalendarPage> {
  const narrowing = await marketConditions(db, filters, range);
  if (!narrowing) return { total: 0, entries: [] };
  const kind = dialectOf(db);
  const pageSize = Math.max(1, Math.floor(options.pageSize ?? 50));
  const offset = (Math.max(1, Math.floor(options.page ?? 1)) - 1) * pageSize;
  const day = sql<string>`(case when o.local_date < ${range.from} then ${range.from} else o.local_date end)`;
  const { rows } = await sql<EntryRow>`
    select ${day} as day, o.market_id, o.schedule_id, m.slug, m.name, m.type, m.city, m.postal_code,
      o.local_date, o.end_date, o.start_time, o.end_time, o.status, o.note, count(*) over () as total
    from market_occurrences o join markets m on m.id = o.market_id ${narrowing.join}
    where ${overlapping(range)} and ${sql.join(narrowing.conditions, sql` and `)}
    order by ${day}, o.start_time, ${byteOrder(kind, sql.ref<string>("m.sort_name"))},
      ${byteOrder(kind, sql.ref<string>("m.id"))}, o.schedule_id
    limit ${pageSize} offset ${offset}`.execute(searchDb(db));
  let total = rows.length ? toNumber(rows[0]!.total) : 0;
  if (!rows.length && offset > 0) {
    const counted = await sql<{ total: string | number }>`select count(*) as total
      from market_occurrences o join markets m on m.id = o.market_id ${narrowing.join}
      where ${overlapping(range)} and ${sql.join(narrowing.conditions, sql` and `)}`.execute(searchDb(db));
    total = toNumber(counted.rows[0]?.total);
  }
  return {
    total,
    entries: rows.map((row) => ({
      day: row.day,
      marketId: row.market_id,
      scheduleId: row.schedule_id,
      slug: row.slug,
      name: row.name,
      type: row.type as MarketType,
      city: row.city,
      postalCode: Number(row.postal_code),
      date: row.local_date,
      endDate: row.end_date,
      startTime: row.start_time,
      endTime: row.end_time,
      status: row.status === "cancelled" ? "cancelled" : "scheduled",
      note: row.note,
    })),
  };
}

/** An occurrence with the market fields its event needs. */
export interface FeedRow extends IcsMarketRow {
  schedule_id: string;
  local_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  status: string;
  note: string | null;
}

/**
 * The openings for a subscribed calendar: those starting in the range, in date order, at most
 * `limit` (1000 by default) so a feed of the whole country stays a size calendar programs take.
 */
export async function feedOccurrences(db: Kysely<Database>, filters: MarketFilters, range: DayRange, limit = FEED_MAX_EVENTS): Promise<IcsOccurrence[]> {
  const narrowing = await marketConditions(db, filters, range);
  if (!narrowing) return [];
  const kind = dialectOf(db);
  const { rows } = await sql<FeedRow>`
    select o.schedule_id, o.local_date, o.end_date, o.start_time, o.end_time, o.status, o.note,
      m.id, m.slug, m.name, m.description, m.venue_name, m.street, m.postal_code, m.city, m.latitude, m.longitude
    from market_occurrences o join markets m on m.id = o.market_id ${narrowing.join}
    where o.local_date >= ${range.from} and o.local_date <= ${range.to} and ${sql.join(narrowing.conditions, sql` and `)}
    order by o.local_date, o.start_time, ${byteOrder(kind, sql.ref<string>("m.sort_name"))},
      ${byteOrder(kind, sql.ref<string>("o.schedule_id"))}
    limit ${Math.max(0, Math.min(FEED_MAX_EVENTS, Math.floor(limit)))}`.execute(searchDb(db));
  return rows.map(occurrenceFromFeedRow);
}

/** A feed's row as the event it becomes (also the saved markets' feed, app/saved/). */
export function occurrenceFromFeedRow(row: FeedRow): IcsOccurrence {
  return {
    scheduleId: row.schedule_id,
    date: row.local_date,
    endDate: row.end_date,
    startTime: row.start_time,
    endTime: row.end_time,
    status: row.status === "cancelled" ? "cancelled" : "scheduled",
    note: row.note,
    market: icsMarketFromRow(row),
  };
}
