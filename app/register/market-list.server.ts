import { sql, type Kysely, type RawBuilder } from "kysely";
import { byteOrder, dialectOf, toNumber } from "../lib/db/dialect.server";
import { fullTextMatch, type FullTextAlternative } from "../search/full-text.server";
import { prepareTextQuery, textGroups } from "../search/text-query.server";
import type { Database } from "../lib/db/schema";
import { todayInDenmark } from "../lib/dates";
import type { MarketFilters, MarketListItem, MarketListPage } from "../filters/filters";
import { distanceKm, type GeoPoint } from "../markets/geo";
import { detailsOf, listDetails } from "./list-details.server";
import { filterAreas } from "../markets/query/areas";
import { filterSql, inArea, occursBetween, openingsHold, type FilterPart, type MarketAlias } from "../markets/query/conditions.server";
import { listed } from "../markets/query/visibility.server";
import { distanceBand, haversineTerm, NEAR_BANDS_KM, withinRadius } from "../markets/search/distance.server";
import { dateRangeTokens, postalRangeTokens, typeToken } from "../markets/search/facets";
import { refreshNextOccurrences, searchDb } from "../markets/search/index.server";
import { NO_DATE } from "../markets/search/schema";
import { MARKET_TEXT_INDEX, textScore } from "../markets/search/text-query.server";
import type { LocalDate, MarketType, Setting } from "../markets/types";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface MarketListOptions {
  /** 1-based. */
  page?: number;
  pageSize?: number;
  /** The Danish date "next date" counts from; today in Denmark when not given. */
  today?: LocalDate;
  /** Up to this many matches are sorted whole (SORT_WHOLE_LIMIT); tests lower it to try the index walk on few rows. */
  sortWholeLimit?: number;
  /** The moment the cards' "Åbent nu" is for; the present when not given. */
  now?: Date;
}

/**
 * The first scheduled occurrence that has not ended before `from`: one seek in the index
 * market_occurrences_upcoming. Ordered by end date, which for a market's non-overlapping
 * occurrences is the order of their first days.
 */
function nextOccurrence(from: LocalDate, column: RawBuilder<string>, market: RawBuilder<string>): RawBuilder<string | null> {
  return sql<string | null>`(select ${column} from market_occurrences o
    where o.market_id = ${market} and o.status = 'scheduled' and o.end_date >= ${from}
    order by o.end_date, o.local_date limit 1)`;
}

/**
 * The first day of the next occurrence from `from`, NO_DATE for none. The stored one holds when
 * it was computed on or before `from` and has not ended by then; the rest are looked up.
 */
function nextDateKey(from: LocalDate): RawBuilder<string> {
  const lookedUp = nextOccurrence(from, sql`o.local_date`, sql`s.market_id`);
  return sql<string>`(case when s.next_basis <= ${from} and s.next_end >= ${from} then s.next_date
    else coalesce(${lookedUp}, ${NO_DATE}) end)`;
}

/** Up to this many matches a list is sorted whole rather than read off an index in order. */
const SORT_WHOLE_LIMIT = 5000;

/** Circles tried, smallest first, when sorting everything by distance: each an edge of the distance bands (NEAR_BANDS_KM). */
const NEAR_RADII_KM = [10, 40, 160] satisfies (typeof NEAR_BANDS_KM)[number][];

const tokens = (terms: string[]): FullTextAlternative[] => terms.map((term) => ({ term, prefix: false }));
const EMPTY: MarketListPage = { total: 0, items: [] };

/**
 * One page of the published markets that match the filters, and how many match in all.
 *
 * Reads the search index (app/markets/search): text, type, region, postal locations and dates
 * narrow the markets as one full-text query over words and filter tokens; the rest, "open at"
 * among them (query/conditions.server.ts), are conditions on the index row.
 *
 * Order: by relevance (when there is text; then next date, name, id), by next date (markets with
 * none last; then name, id), by name (the stored Danish sort key, then id; the default for "open
 * now" without text) or near and soon from `near` (by bands of distance, within a band by next date
 * and then distance; markets without coordinates last; then name, id). Every order ends in the id, so pages
 * never overlap and both databases give the same sequence. A region or location key that does
 * not exist matches nothing.
 */
export async function findMarkets(appDb: Kysely<Database>, filters: MarketFilters, options: MarketListOptions = {}): Promise<MarketListPage> {
  const db = searchDb(appDb);
  const kind = dialectOf(appDb);
  const today = options.today ?? todayInDenmark();
  const from = filters.dateFrom ?? today;
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(options.pageSize ?? DEFAULT_PAGE_SIZE)));
  const page = Math.max(1, Math.floor(options.page ?? 1));

  const groups: FullTextAlternative[][] = [];
  // Type and place together with text or a closed date range are full-text tokens: the engine
  // intersects them in one lookup. Otherwise they are plain columns, so that a large selection
  // (every flea market in Jylland) can walk the date index and stop after the page (below).
  const byColumns = !filters.text && !filters.dateTo;
  // "Open now" by name, the usual form of that list, is counted and paged from the openings rows
  // of the instant alone, which carry the filter columns too: no search row is read (decision 0021).
  const byOpenings = byColumns && !!filters.openAt && (filters.sort ?? "name") === "name" && (await openingsHold(appDb, filters.openAt));
  const alias: MarketAlias = byOpenings ? "p" : "s";
  const table = byOpenings ? sql`market_openings p` : sql`market_search s`;
  const parts: FilterPart[] = ["setting", "freeEntry", "openNow"];
  if (byColumns) parts.push("types", "place", "dates");
  const filterConditions = await filterSql(appDb, filters, { alias, from, parts });
  if (!filterConditions) return EMPTY;
  const conditions = filterConditions.conditions;
  if (!byColumns) {
    if (filters.types?.length) groups.push(tokens(filters.types.map(typeToken)));
    const areas = filterAreas(filters);
    if (!areas) return EMPTY;
    for (const area of areas) {
      if (area.kind === "postal") groups.push(tokens(postalRangeTokens(area.ranges)));
      else conditions.push(inArea("s", area));
    }
    if (filters.dateTo) {
      const range = dateRangeTokens(from, filters.dateTo);
      if (range?.length === 0) return EMPTY;
      if (range) groups.push(tokens(range));
      else conditions.push(occursBetween("s", from, filters.dateTo));
    } else if (filters.dateFrom) {
      conditions.push(occursBetween("s", from, undefined));
    }
  }

  const textQuery = filters.text ? await prepareTextQuery(db, MARKET_TEXT_INDEX, filters.text) : null;
  if (textQuery) groups.push(...textGroups(textQuery));

  // Everything "open now" is open today, so its date says nothing: by default such a list is by
  // name, which the name index also reads a page of at once (decision 0021).
  let sort = filters.sort ?? (textQuery ? "relevance" : filters.openAt ? "name" : "date");
  if (sort === "relevance" && !textQuery) sort = "date";
  if (sort === "distance" && !filters.near) sort = "date";

  if (sort === "relevance" || sort === "date" || sort === "distance") await refreshNextOccurrences(appDb, today);
  // After the refresh every stored next date is right for today, and the index on it sorts.
  const nextDate = from === today ? sql<string>`s.next_date` : byteOrder(kind, nextDateKey(from));

  const order: RawBuilder<unknown>[] = [];
  if (sort === "relevance") {
    order.push(sql`s.score desc`, nextDate);
  } else if (sort === "date") {
    order.push(nextDate);
  } else if (sort === "distance") {
    // Near and soon: the band of distance, then the next date in it, then the exact distance.
    order.push(sql`(case when s.latitude is null or s.longitude is null then 1 else 0 end)`, distanceBand(filters.near!), nextDate, haversineTerm(filters.near!));
  }
  order.push(sql.ref(`${alias}.sort_name`), byteOrder(kind, sql.ref(`${alias}.market_id`)));

  if (groups.length) conditions.push(fullTextMatch(kind, MARKET_TEXT_INDEX, "s", groups));
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const offset = (page - 1) * pageSize;
  const countQuery = sql<{ total: string | number }>`select count(*) as total from ${table} ${where}`;
  let ids: string[];
  let total: number;
  if (groups.length) {
    // The full-text query narrows to a set that is sorted whole anyway: count it in the same pass.
    // Materialised first, so that PostgreSQL's planner does not instead walk every market in
    // order, hoping the LIMIT ends the walk early, and test each one against the full-text index.
    const score = sort === "relevance" ? sql`, ${textScore(kind, textQuery!, "s")} as score` : sql``;
    const { rows } = await sql<{ id: string; total: string | number }>`with matches as materialized (
        select s.*${score} from market_search s ${where})
      select s.market_id as id, count(*) over () as total from matches s
      order by ${sql.join(order)} limit ${pageSize} offset ${offset}`.execute(db);
    ids = rows.map((row) => row.id);
    total = rows.length ? toNumber(rows[0]!.total) : offset ? toNumber((await countQuery.execute(db)).rows[0]?.total) : 0;
  } else {
    // Without one, the sort can walk an index and stop after the page; the count is its own query.
    total = toNumber((await countQuery.execute(db)).rows[0]?.total);
    let pageWhere = where;
    if (sort === "distance") {
      // The nearest markets lie within the smallest circle that holds enough of them: find it
      // with cheap counts on the position index instead of measuring the distance to every market.
      for (const radiusKm of NEAR_RADII_KM) {
        const inCircle = sql`where ${sql.join([...conditions, withinRadius(filters.near!, radiusKm)], sql` and `)}`;
        const { rows } = await sql<{ n: string | number }>`select count(*) as n from market_search s ${inCircle}`.execute(db);
        if (toNumber(rows[0]?.n) >= offset + pageSize) {
          pageWhere = inCircle;
          break;
        }
      }
    }
    // A walk down the date or name index finds a page of a large selection after a few hundred
    // rows; a small one could lie anywhere in the index, so its rows are fetched and sorted whole.
    const sortWhole = conditions.length > 0 && sort !== "distance" && total <= (options.sortWholeLimit ?? SORT_WHOLE_LIMIT);
    // SQLite's planner would rather read the type index and sort what it finds; told which index
    // holds the order, it reads a page of 24 from 20,000 flea markets in Jylland in a millisecond.
    // One type walks its own date index (0004): shops, which have no dates, all sort last in the
    // plain one. PostgreSQL's planner finds these paths by itself.
    const oneType = byColumns && filters.types?.length === 1;
    const orderIndex =
      kind !== "sqlite" || sortWhole
        ? sql``
        : byOpenings
          ? sql`indexed by market_openings_by_name`
          : sort === "name"
            ? sql`indexed by market_search_by_name`
            : sort === "date" && from === today
              ? oneType
                ? sql`indexed by market_search_type_by_date`
                : sql`indexed by market_search_by_date`
              : sql``;
    const id = sql.ref(`${alias}.market_id`);
    const { rows } = sortWhole
      ? await sql<{ id: string }>`with matches as materialized (select ${sql.ref(alias)}.* from ${table} ${pageWhere})
          select ${id} as id from matches ${sql.ref(alias)} order by ${sql.join(order)} limit ${pageSize} offset ${offset}`.execute(db)
      : await sql<{ id: string }>`select ${id} as id from ${table} ${orderIndex} ${pageWhere}
          order by ${sql.join(order)} limit ${pageSize} offset ${offset}`.execute(db);
    ids = rows.map((row) => row.id);
  }
  return { total, items: await listItems(appDb, ids, from, filters.near, options.now ?? new Date()) };
}

/**
 * The page's markets as the list shows them, with their cards' cover image and "Åbent nu". A
 * market unpublished since it was indexed is left out rather than shown (its writer should have
 * called indexMarkets).
 */
async function listItems(appDb: Kysely<Database>, ids: string[], from: LocalDate, near: GeoPoint | undefined, now: Date): Promise<MarketListItem[]> {
  if (!ids.length) return [];
  const next = nextOccurrence(from, sql`o.local_date || ' ' || o.start_time || ' ' || o.end_time`, sql`m.id`);
  const [rows, details] = await Promise.all([
    appDb
      .selectFrom("markets as m")
      .select(["m.id", "m.slug", "m.name", "m.type", "m.city", "m.postal_code", "m.latitude", "m.longitude", "m.setting", "m.entry_fee_dkk", next.as("next")])
      .where("m.id", "in", ids)
      .where(listed("m.status"))
      .execute(),
    listDetails(appDb, ids, now),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const [nextDate = null, nextStartTime = null, nextEndTime = null] = row.next ? row.next.split(" ") : [];
    const point = row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;
    return [
      {
        id: row.id,
        slug: row.slug,
        name: row.name,
        type: row.type as MarketType,
        city: row.city,
        postalCode: row.postal_code,
        latitude: row.latitude,
        longitude: row.longitude,
        setting: row.setting as Setting | null,
        entryFeeDkk: row.entry_fee_dkk,
        nextDate,
        nextStartTime,
        nextEndTime,
        distanceKm: near && point ? distanceKm(near, point) : null,
        ...detailsOf(details, row.id),
      },
    ];
  });
}

/** How many markets the public can see (the "more than N markets" of the home page). */
export async function countPublishedMarkets(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("markets")
    .select((eb) => eb.fn.countAll().as("total"))
    .where(listed("status"))
    .executeTakeFirst();
  return toNumber(row?.total);
}
