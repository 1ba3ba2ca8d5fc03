import { sql, type Kysely } from "kysely";
import { addDays, todayInDenmark } from "../lib/dates";
import { toNumber } from "../lib/db/dialect.server";
import type { Database } from "../lib/db/schema";
import { generationCache } from "~/lib/generation-cache.server";
import { landingPath, type LandingPage } from "./paths";
import { LOCATIONS, locationContains, type Location, type LocationKey } from "../markets/locations";
import { MARKET_TYPE_INFO } from "../markets/market-types";
import { danishSortKey } from "../markets/sorting";
import { refreshNextOccurrences, searchDb } from "../markets/search/index.server";
import { NO_DATE } from "../markets/search/schema";
import { MARKET_TYPES, SHOP_TYPES, type LocalDate, type MarketType } from "../markets/types";
import { listed } from "../markets/query/visibility.server";

/**
 * The numbers behind the 351 landing pages (/loppemarkeder, /loppemarkeder-i-aarhus …): how many
 * published markets each page has, and the facts its introduction is written from.
 *
 * Why in memory: a page like /loppemarkeder-i-jylland covers most of 100,000 markets, and
 * aggregating them per request takes SQLite over a second. Instead three grouped
 * queries read the published markets and the coming year's dates once, grouped by type and
 * postal code (some ten thousand groups, however many markets there are), and each page adds up
 * the groups whose postal code lies in its place. That takes a millisecond or two, and is then
 * remembered for the page.
 *
 * Counts, towns, fees and settings come from the markets table; upcoming markets and the dates of
 * the coming year from the search index (app/markets/search), which holds exactly the published
 * markets and each one's next occurrence, as the market list on the same page reads them.
 *
 * The data is kept per database handle and read again when the cache generation changes
 * (every write to public data bumps it, foundations §9) or the Danish day does (upcoming dates and the
 * twelve months count from today). After SNAPSHOT_MAX_AGE_MS it is also read again in case a
 * writer forgot to bump, as the map's markers are (app/lib/generation-cache.server.ts); that read
 * happens in the background while the old numbers keep answering.
 */

export interface LandingSummary {
  path: string;
  type: MarketType;
  /** null for a type page, which covers the whole country. */
  location: LocationKey | null;
  /** Published markets on the page. */
  count: number;
  /** max(updated_at) of those markets; null when there are none. */
  lastModified: string | null;
}

export interface LandingStats {
  count: number;
  /** Markets with a scheduled occurrence that has not ended before today. */
  upcomingCount: number;
  /** Markets of a shop type, which have weekly hours instead of dates. */
  shopCount: number;
  /** By city, most markets first (ties in Danish alphabetical order), at most TOWN_LIMIT. */
  towns: { name: string; count: number }[];
  /** January..December: scheduled occurrences starting from today through today + 364 days. */
  monthCounts: number[];
  /** Median entry fee among markets with a known fee; free entry (0) counts. */
  medianFeeDkk: number | null;
  feeKnownCount: number;
  /** Markets with a known fee of 0. */
  freeCount: number;
  /** Setting indoor or both. */
  indoorCount: number;
  /** Setting outdoor or both. */
  outdoorCount: number;
  /** The first day from today on which a scheduled occurrence is open (today if one is running). */
  nextDate: LocalDate | null;
  lastModified: string | null;
}

const TOWN_LIMIT = 8;
const SNAPSHOT_MAX_AGE_MS = 5 * 60_000;

/** The published markets of one type at one postal code: the unit every page adds up. */
interface PostalCell {
  type: MarketType;
  postalCode: number;
  count: number;
  lastModified: string | null;
  cities: Map<string, number>;
  /** Entry fee in DKK → markets with it. */
  fees: Map<number, number>;
  indoor: number;
  outdoor: number;
  upcoming: number;
  nextDate: LocalDate | null;
  months: number[];
}

interface LandingData {
  cellsByType: Map<MarketType, PostalCell[]>;
  /** Per page path, filled as pages are asked for. */
  stats: Map<string, LandingStats>;
  index: LandingSummary[] | null;
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null || a >= b ? a : b);
const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null || a <= b ? a : b);
const isMarketType = (value: string): value is MarketType => (MARKET_TYPES as readonly string[]).includes(value);

async function readSnapshot(appDb: Kysely<Database>, today: LocalDate): Promise<LandingData> {
  const db = searchDb(appDb);
  const lastDay = addDays(today, 364);
  // Grouped by everything a page reports on, so each group is one row however many markets share it.
  const marketQuery = db
    .selectFrom("markets")
    .select((eb) => ["type", "postal_code", "city", "setting", "entry_fee_dkk", eb.fn.countAll<number | string>().as("markets"), eb.fn.max("updated_at").as("last_modified")])
    .where(listed("status"))
    .groupBy(["type", "postal_code", "city", "setting", "entry_fee_dkk"])
    .execute();
  // The search index holds one row per published market with its next occurrence, which the
  // market list sorts by; brought up to today, it answers "upcoming" without reading occurrences.
  const upcomingQuery = refreshNextOccurrences(appDb, today).then(() =>
    db
      .selectFrom("market_search")
      .select((eb) => ["type", "postal_code", eb.fn.countAll<number | string>().as("markets"), eb.fn.min("next_date").as("first_day")])
      .where("next_date", "<>", NO_DATE)
      .groupBy(["type", "postal_code"])
      .execute(),
  );
  // The coming year's scheduled dates of the published (that is, indexed) markets. The cross join
  // makes SQLite walk the narrow search rows and seek each market's dates in its index, instead of
  // reading every date of the year and then looking up its market (PostgreSQL plans it as a
  // plain join). Grouping these rows is what the cold read mostly spends its time on.
  const month = sql<string>`substr(o.local_date, 1, 7)`;
  const monthQuery = db
    .selectFrom("market_search as s")
    .crossJoin("market_occurrences as o")
    .select((eb) => ["s.type", "s.postal_code", month.as("month"), eb.fn.countAll<number | string>().as("occurrences")])
    .whereRef("o.market_id", "=", "s.market_id")
    .where("o.status", "=", "scheduled")
    .where("o.local_date", ">=", today)
    .where("o.local_date", "<=", lastDay)
    .groupBy(["s.type", "s.postal_code", month])
    .execute();
  const [marketGroups, upcomingGroups, monthGroups] = await Promise.all([marketQuery, upcomingQuery, monthQuery]);

  const cells = new Map<string, PostalCell>();
  const cellFor = (type: string, postalCode: number | string): PostalCell | null => {
    if (!isMarketType(type)) return null;
    const code = Number(postalCode);
    const key = `${type}:${code}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = {
        type,
        postalCode: code,
        count: 0,
        lastModified: null,
        cities: new Map(),
        fees: new Map(),
        indoor: 0,
        outdoor: 0,
        upcoming: 0,
        nextDate: null,
        months: new Array<number>(12).fill(0),
      };
      cells.set(key, cell);
    }
    return cell;
  };

  for (const row of marketGroups) {
    const cell = cellFor(row.type, row.postal_code);
    if (!cell) continue;
    const count = toNumber(row.markets);
    cell.count += count;
    cell.lastModified = later(cell.lastModified, row.last_modified ?? null);
    cell.cities.set(row.city, (cell.cities.get(row.city) ?? 0) + count);
    if (row.entry_fee_dkk !== null) {
      const fee = Number(row.entry_fee_dkk);
      cell.fees.set(fee, (cell.fees.get(fee) ?? 0) + count);
    }
    if (row.setting === "indoor" || row.setting === "both") cell.indoor += count;
    if (row.setting === "outdoor" || row.setting === "both") cell.outdoor += count;
  }
  for (const row of upcomingGroups) {
    const cell = cellFor(row.type, row.postal_code);
    if (!cell) continue;
    cell.upcoming += toNumber(row.markets);
    // An occurrence that began before today and is still running makes today the next day.
    const first = row.first_day === null ? null : row.first_day < today ? today : row.first_day;
    cell.nextDate = earlier(cell.nextDate, first);
  }
  for (const row of monthGroups) {
    const cell = cellFor(row.type, row.postal_code);
    const monthIndex = Number(row.month.slice(5, 7)) - 1;
    if (!cell || !(monthIndex >= 0 && monthIndex < 12)) continue;
    cell.months[monthIndex]! += toNumber(row.occurrences);
  }

  const cellsByType = new Map<MarketType, PostalCell[]>(MARKET_TYPES.map((type) => [type, []]));
  for (const cell of cells.values()) cellsByType.get(cell.type)!.push(cell);
  return { cellsByType, stats: new Map(), index: null };
}

const landingData = generationCache<LandingData, LocalDate>({ read: readSnapshot, maxAgeMs: SNAPSHOT_MAX_AGE_MS, whenOld: "background" });

/**
 * Whether a cell's postal code lies in the place. Every place is described by postal ranges
 * today; a radius area would need each market's coordinates, which the data in memory does not hold
 * (grouping by postal code is what keeps it small), so it is refused loudly rather than counted
 * as empty.
 */
function placeHolds(place: Location, postalCode: number): boolean {
  if (place.area.kind !== "postal") {
    throw new Error(`Landingssiden for ${place.key} kan ikke tælle markeder inden for en radius, kun postnumre`);
  }
  return locationContains(place, { postalCode });
}

function pageCells(data: LandingData, page: LandingPage): PostalCell[] {
  const cells = data.cellsByType.get(page.type.key) ?? [];
  const place = page.location;
  return place ? cells.filter((cell) => placeHolds(place, cell.postalCode)) : cells;
}

function median(fees: Map<number, number>, known: number): number | null {
  if (known === 0) return null;
  const sorted = [...fees.entries()].sort((a, b) => a[0] - b[0]);
  // The fee at a 0-based position in the sorted list of all known fees.
  const at = (position: number) => {
    let seen = 0;
    for (const [fee, count] of sorted) {
      seen += count;
      if (position < seen) return fee;
    }
    return sorted[sorted.length - 1]![0];
  };
  return known % 2 === 1 ? at((known - 1) / 2) : (at(known / 2 - 1) + at(known / 2)) / 2;
}

function aggregate(cells: PostalCell[], type: MarketType): LandingStats {
  let count = 0;
  let upcomingCount = 0;
  let indoorCount = 0;
  let outdoorCount = 0;
  let lastModified: string | null = null;
  let nextDate: string | null = null;
  const monthCounts = new Array<number>(12).fill(0);
  const cities = new Map<string, number>();
  const fees = new Map<number, number>();
  for (const cell of cells) {
    count += cell.count;
    upcomingCount += cell.upcoming;
    indoorCount += cell.indoor;
    outdoorCount += cell.outdoor;
    lastModified = later(lastModified, cell.lastModified);
    nextDate = earlier(nextDate, cell.nextDate);
    cell.months.forEach((n, i) => (monthCounts[i]! += n));
    for (const [city, n] of cell.cities) cities.set(city, (cities.get(city) ?? 0) + n);
    for (const [fee, n] of cell.fees) fees.set(fee, (fees.get(fee) ?? 0) + n);
  }
  const feeKnownCount = [...fees.values()].reduce((sum, n) => sum + n, 0);
  const towns = [...cities.entries()]
    .map(([name, n]) => ({ name, count: n, key: danishSortKey(name) }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, TOWN_LIMIT)
    .map(({ name, count: n }) => ({ name, count: n }));
  return {
    count,
    upcomingCount,
    shopCount: SHOP_TYPES.includes(type) ? count : 0,
    towns,
    monthCounts,
    medianFeeDkk: median(fees, feeKnownCount),
    feeKnownCount,
    freeCount: fees.get(0) ?? 0,
    indoorCount,
    outdoorCount,
    nextDate,
    lastModified,
  };
}

/** Frozen, because every caller of the same page gets the same object. */
function frozenStats(stats: LandingStats): LandingStats {
  stats.towns.forEach((town) => Object.freeze(town));
  Object.freeze(stats.towns);
  Object.freeze(stats.monthCounts);
  return Object.freeze(stats);
}

function statsOf(data: LandingData, page: LandingPage): LandingStats {
  const path = landingPath(page.type, page.location);
  let stats = data.stats.get(path);
  if (!stats) {
    stats = frozenStats(aggregate(pageCells(data, page), page.type.key));
    data.stats.set(path, stats);
  }
  return stats;
}

/** The facts a landing page's introduction is written from. */
export async function landingStats(db: Kysely<Database>, page: LandingPage, today: LocalDate = todayInDenmark()): Promise<LandingStats> {
  return statsOf(await landingData(db, today), page);
}

/** All 351 landing pages, in MARKET_TYPE_INFO order, each type's nationwide page first, then LOCATIONS order. */
export async function landingIndex(db: Kysely<Database>, today: LocalDate = todayInDenmark()): Promise<LandingSummary[]> {
  const data = await landingData(db, today);
  if (!data.index) {
    data.index = MARKET_TYPE_INFO.flatMap((type) =>
      [null, ...LOCATIONS].map((place) => {
        let count = 0;
        let lastModified: string | null = null;
        for (const cell of pageCells(data, { type, location: place })) {
          count += cell.count;
          lastModified = later(lastModified, cell.lastModified);
        }
        return Object.freeze({ path: landingPath(type, place), type: type.key, location: place?.key ?? null, count, lastModified });
      }),
    );
    Object.freeze(data.index);
  }
  return data.index;
}

/** Reads the data ahead of the first visitor, so the server can call it at start. */
export async function warmLandingData(db: Kysely<Database>, today: LocalDate = todayInDenmark()): Promise<void> {
  await landingIndex(db, today);
}
