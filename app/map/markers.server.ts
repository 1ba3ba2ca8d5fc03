import { sql, type Kysely } from "kysely";
import type { Database } from "../lib/db/schema";
import { todayInDenmark } from "../lib/dates";
import type { MarketFilters } from "../filters/filters";
import { MAX_CLUSTER_ZOOM, roundCoordinate, snapToCells, type MapBounds } from "./grid";
import { groupByOverlap } from "./overlap-groups";
import { nearestTownName } from "../markets/nearest-town";
import { markersInMemory, markersFilter } from "~/map/markers-in-memory.server";
import type { MapCluster, MapMarker, MapMarkers } from "./wire";
import { filterSql } from "../markets/query/conditions.server";
import { listed } from "../markets/query/visibility.server";
import type { LocalDate, MarketType } from "../markets/types";

/** Single markers in one answer at the zooms that no longer cluster (a whole town centre at zoom 13). */
export const MAX_MARKERS = 500;
const ID_CHUNK = 500;

export interface MapMarkerOptions {
  bbox: MapBounds;
  zoom: number;
  /** The Danish date "next date" counts from; today in Denmark when not given. */
  today?: LocalDate;
  /** At most this many single markers from MAX_CLUSTER_ZOOM on; MAX_MARKERS when not given. */
  maxMarkers?: number;
}

/**
 * The ids in the box that pass the filters only the database can answer (text, dates, open now);
 * undefined when there are none of those, so every point passes.
 */
async function databaseMatches(appDb: Kysely<Database>, filters: MarketFilters, from: LocalDate, box: MapBounds): Promise<Set<string> | undefined> {
  const narrowing = await filterSql(appDb, filters, { alias: "m", from, parts: ["text", "dates", "openNow"] });
  if (!narrowing?.conditions.length) return undefined;
  const { rows } = await sql<{ id: string }>`select m.id from markets m ${narrowing.join}
    where ${listed("m.status")} and m.latitude between ${box.south} and ${box.north}
      and m.longitude between ${box.west} and ${box.east} and ${sql.join(narrowing.conditions, sql` and `)}`.execute(appDb);
  return new Set(rows.map((row) => row.id));
}

interface MarkerRow {
  id: string;
  slug: string;
  name: string;
  type: string;
  city: string;
  latitude: number;
  longitude: number;
  sort_name: string;
  next_date: string | null;
}

/** Danish name order by the stored sort key (a–z and digits only), then id: the same on both engines. */
const byName = (a: MarkerRow, b: MarkerRow) => (a.sort_name < b.sort_name ? -1 : a.sort_name > b.sort_name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

async function markerDetails(appDb: Kysely<Database>, ids: string[], from: LocalDate): Promise<MapMarker[]> {
  const rows: MarkerRow[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const { rows: chunk } = await sql<MarkerRow>`select m.id, m.slug, m.name, m.type, m.city, m.latitude, m.longitude,
        m.sort_name, (select o.local_date from market_occurrences o
          where o.market_id = m.id and o.status = 'scheduled' and o.end_date >= ${from}
          order by o.end_date, o.local_date limit 1) as next_date
      from markets m where m.id in (${sql.join(ids.slice(i, i + ID_CHUNK))})`.execute(appDb);
    rows.push(...chunk);
  }
  return rows.sort(byName).map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    type: row.type as MarketType,
    city: row.city,
    lat: roundCoordinate(Number(row.latitude)),
    lng: roundCoordinate(Number(row.longitude)),
    nextDate: row.next_date,
  }));
}

/**
 * The published markets with coordinates in the box that match the filters, for the map.
 *
 * Below zoom MAX_CLUSTER_ZOOM the markets whose pins would cover each other are grouped
 * (overlap-groups.ts): a group of one is that market's pin, a larger one a cluster at their
 * average position, named after the town it is around. The box is widened to whole cells of the
 * grid first (grid.ts), so a cluster at the edge of the view counts all of its markets. From MAX_CLUSTER_ZOOM every market
 * in the box is a marker, at most `maxMarkers` of them (`truncated` says when there were more).
 * Markers come in Danish name order, clusters from north-west to south-east.
 *
 * Positions and the simple filters come from memory (markers-in-memory.server.ts); text, dates and
 * "open now" ask the database for the matching ids in the box.
 */
export async function findMapMarkers(appDb: Kysely<Database>, filters: MarketFilters, options: MapMarkerOptions): Promise<MapMarkers> {
  const today = options.today ?? todayInDenmark();
  const from = filters.dateFrom ?? today;
  const clustering = options.zoom < MAX_CLUSTER_ZOOM;
  const box = clustering ? snapToCells(options.bbox, options.zoom) : options.bbox;
  const [inMemory, matches] = await Promise.all([markersInMemory(appDb), databaseMatches(appDb, filters, from, box)]);
  const passes = markersFilter(inMemory, filters);
  if (passes === null) return { clusters: [], markers: [], total: 0, truncated: false };

  const chosen: number[] = [];
  const { lat, lng, ids } = inMemory;
  for (let i = 0; i < inMemory.size; i++) {
    const latitude = lat[i]!;
    const longitude = lng[i]!;
    if (latitude < box.south || latitude > box.north || longitude < box.west || longitude > box.east) continue;
    if (matches !== undefined && !matches.has(ids[i]!)) continue;
    if (passes !== undefined && !passes(i)) continue;
    chosen.push(i);
  }

  if (!clustering) {
    const limit = options.maxMarkers ?? MAX_MARKERS;
    // In id order when cut, so the same view always shows the same markers.
    const shown =
      chosen.length > limit
        ? chosen
            .map((i) => ids[i]!)
            .sort()
            .slice(0, limit)
        : chosen.map((i) => ids[i]!);
    const markers = await markerDetails(appDb, shown, from);
    return { clusters: [], markers, total: chosen.length, truncated: chosen.length > shown.length };
  }

  const groups = groupByOverlap(inMemory, chosen, options.zoom);
  const clusters: MapCluster[] = groups
    .filter((group) => group.count > 1)
    .map((group) => ({
      lat: roundCoordinate(group.lat),
      lng: roundCoordinate(group.lng),
      count: group.count,
      place: nearestTownName(group.lat, group.lng),
      bounds: [roundCoordinate(group.south), roundCoordinate(group.west), roundCoordinate(group.north), roundCoordinate(group.east)],
    }));
  const singles = groups.filter((group) => group.count === 1).map((group) => ids[group.first]!);
  const markers = await markerDetails(appDb, singles, from);
  return { clusters, markers, total: chosen.length, truncated: false };
}
