import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { containsText, dialectOf } from "../../lib/db/dialect.server";
import type { Database } from "../../lib/db/schema";
import { instantToLocal, weekdayOf } from "../../lib/dates";
import type { MarketFilters } from "../../filters/filters";
import { withinRadius } from "../search/distance.server";
import { searchDb } from "../search/index.server";
import { isInOpeningsWindow } from "../search/openings";
import { openingsFrom } from "../search/openings.server";
import { prepareTextQuery, type TextQuery } from "../../search/text-query.server";
import { MARKET_TEXT_INDEX, textMatchCondition } from "../search/text-query.server";
import { WEEKDAYS, type LocalDate } from "../types";
import { filterAreas, settingMatches, type FilterArea } from "./areas";
import { listed } from "./visibility.server";

/**
 * The filters of /register as SQL, once, for every query that narrows markets by them: the
 * register list, the calendar and its feed, the map, the landing pages. Each reads the filter
 * columns from a markets row (alias m), from its search row (alias s) or from one of its openings
 * rows (alias p, only for an instant the openings hold: openingsHold), which carry copies of the
 * same columns under the same names.
 */

export type MarketAlias = "m" | "s" | "p";

/** The parts a query asks for; the others it answers its own way (the map's memory, the list's full-text tokens). */
export type FilterPart = "listed" | "text" | "types" | "place" | "setting" | "freeEntry" | "dates" | "openNow";

export interface FilterSql {
  /** `join market_search s …` when the text needs the search row of a markets query, else empty. */
  join: RawBuilder<unknown>;
  conditions: RawBuilder<SqlBool>[];
  /** The prepared text, for a query that also ranks by it. */
  textQuery: TextQuery | null;
}

export interface FilterSqlOptions {
  alias: MarketAlias;
  /** The first day a date range counts from (the range's own start, or today). */
  from: LocalDate;
  parts: readonly FilterPart[];
}

const marketId = (alias: MarketAlias) => sql.ref(alias === "m" ? "m.id" : `${alias}.market_id`);

function inPostalRanges(alias: MarketAlias, area: FilterArea & { kind: "postal" }): RawBuilder<SqlBool> {
  const column = sql.ref(`${alias}.postal_code`);
  return sql<SqlBool>`(${sql.join(
    area.ranges.map(([low, high]) => sql`${column} between ${low} and ${high}`),
    sql` or `,
  )})`;
}

export function inArea(alias: MarketAlias, area: FilterArea): RawBuilder<SqlBool> {
  return area.kind === "postal" ? inPostalRanges(alias, area) : withinRadius(area.center, area.radiusKm, alias);
}

/** A scheduled occurrence running on a day from `from` (to `to`, when given). */
export function occursBetween(alias: MarketAlias, from: LocalDate, to: LocalDate | undefined): RawBuilder<SqlBool> {
  const upper = to ? sql` and o.local_date <= ${to}` : sql``;
  return sql<SqlBool>`exists (select 1 from market_occurrences o
    where o.market_id = ${marketId(alias)} and o.status = 'scheduled' and o.end_date >= ${from}${upper})`;
}

/**
 * Open at the instant: a scheduled occurrence whose days include the Danish date and whose hours
 * include the Danish clock time (each day of a multi-day event has the same hours), or a shop
 * whose weekly hours do, unless that day is cancelled.
 *
 * Within the openings window (today and tomorrow) the stored intervals of that day answer it from
 * one index; any other instant is worked out from occurrences and weekly hours, the same rule.
 */
export async function openAt(db: Kysely<Database>, alias: MarketAlias, instant: Date, held?: boolean): Promise<RawBuilder<SqlBool>> {
  const { date, time } = instantToLocal(instant);
  const openRow = sql<SqlBool>`p.day = ${date} and p.opens <= ${time} and p.closes > ${time}`;
  // An openings row is read only after openingsHold said yes (market-list.server.ts): not asked twice.
  if (alias === "p") return openRow;
  // `held`: the caller has asked openingsHold already (list-details.server.ts).
  if (held ?? (await openingsHold(db, instant))) {
    // A search row is found by its integer id, a markets row by the market's.
    const key = alias === "s" ? sql`s.id in (select p.search_id` : sql`m.id in (select p.market_id`;
    return sql<SqlBool>`${key} from market_openings p where ${openRow})`;
  }
  const weekday = WEEKDAYS.indexOf(weekdayOf(date)) + 1;
  return sql<SqlBool>`(exists (select 1 from market_occurrences o
      where o.market_id = ${marketId(alias)} and o.status = 'scheduled' and o.end_date >= ${date} and o.local_date <= ${date}
        and o.start_time <= ${time} and o.end_time > ${time})
    or exists (select 1 from market_search_hours h
      where h.market_id = ${marketId(alias)} and h.weekday = ${weekday} and h.opens <= ${time} and h.closes > ${time}
        and h.valid_from <= ${date} and (h.valid_to is null or h.valid_to >= ${date})
        and not ${containsText(dialectOf(db), sql.ref<string>("h.closed_dates"), ` ${date} `)}))`;
}

/** Whether market_openings holds the Danish day of the instant (today and tomorrow, once written). */
export async function openingsHold(db: Kysely<Database>, instant: Date): Promise<boolean> {
  const windowStart = await openingsFrom(db);
  return windowStart !== null && isInOpeningsWindow(windowStart, instantToLocal(instant).date);
}

/**
 * The asked-for parts of the filters as conditions on the alias; null when a filter names a
 * region or place that does not exist, so that nothing can match.
 */
export async function filterSql(db: Kysely<Database>, filters: MarketFilters, options: FilterSqlOptions): Promise<FilterSql | null> {
  const { alias, from } = options;
  const parts = new Set(options.parts);
  const conditions: RawBuilder<SqlBool>[] = [];
  // Search rows exist only for listed markets (search/index.server.ts).
  if (parts.has("listed") && alias === "m") conditions.push(listed("m.status"));
  if (parts.has("types") && filters.types?.length) conditions.push(sql<SqlBool>`${sql.ref(`${alias}.type`)} in (${sql.join(filters.types)})`);
  if (parts.has("place")) {
    const areas = filterAreas(filters);
    if (!areas) return null;
    conditions.push(...areas.map((area) => inArea(alias, area)));
  }
  if (parts.has("setting") && filters.setting) {
    conditions.push(sql<SqlBool>`${sql.ref(`${alias}.setting`)} in (${sql.join(settingMatches(filters.setting))})`);
  }
  if (parts.has("freeEntry") && filters.freeEntry) conditions.push(sql<SqlBool>`${sql.ref(`${alias}.entry_fee_dkk`)} = 0`);
  if (parts.has("dates") && (filters.dateFrom || filters.dateTo)) conditions.push(occursBetween(alias, from, filters.dateTo));
  if (parts.has("openNow") && filters.openAt) conditions.push(await openAt(db, alias, filters.openAt));

  const textQuery = parts.has("text") && filters.text ? await prepareTextQuery(searchDb(db), MARKET_TEXT_INDEX, filters.text) : null;
  if (textQuery) conditions.push(textMatchCondition(dialectOf(db), textQuery, "s"));
  const join = textQuery && alias === "m" ? sql`join market_search s on s.market_id = m.id` : sql``;
  return { join, conditions, textQuery };
}
