import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { generationCache } from "~/lib/generation-cache.server";
import type { MarketFilters } from "~/filters/filters";
import { worldFraction, type GridPoints } from "~/map/grid";
import { areaContains, filterAreas, settingMatches } from "~/markets/query/areas";
import { listed } from "~/markets/query/visibility.server";
import { MARKET_TYPES, SETTINGS } from "~/markets/types";

/**
 * The position and the filterable facts of every published market with coordinates, in memory,
 * for the map endpoint (markers.server.ts).
 *
 * Why in memory: the endpoint must answer all of Denmark at 100,000 markets in under 50 ms.
 * Grouping them into cells with GROUP BY made SQLite read and sort every row of the markets table
 * on each request (over 100 ms on this project's machines, and more as descriptions make the rows
 * wider); one pass over packed arrays takes a few milliseconds. Parallel typed arrays rather than
 * an object per market, because V8 walks 100,000 objects several times slower.
 *
 * The markers are kept per database handle and read again when the cache generation changes
 * (every write to public data bumps it, foundations §9), so each app instance sees a write as soon as
 * its page cache does; and after MAX_AGE_MS regardless, in case a writer forgot to bump
 * (app/lib/generation-cache.server.ts). Old markers are read again before answering.
 */
export interface MarkersInMemory extends GridPoints {
  size: number;
  ids: string[];
  lat: Float64Array;
  lng: Float64Array;
  x: Float64Array;
  y: Float64Array;
  /** Index in MARKET_TYPES. */
  type: Uint8Array;
  /** 0 for unknown, else 1 + index in SETTINGS. */
  setting: Uint8Array;
  postalCode: Uint16Array;
  /** 1 when entry is free. */
  free: Uint8Array;
}

const MAX_AGE_MS = 5 * 60_000;

async function readMarkers(db: Kysely<Database>): Promise<MarkersInMemory> {
  const rows = await db
    .selectFrom("markets")
    .select(["id", "latitude", "longitude", "type", "setting", "postal_code", "entry_fee_dkk"])
    .where(listed("status"))
    .where("latitude", "is not", null)
    .where("longitude", "is not", null)
    .execute();
  const size = rows.length;
  const markers: MarkersInMemory = {
    size,
    ids: new Array<string>(size),
    lat: new Float64Array(size),
    lng: new Float64Array(size),
    x: new Float64Array(size),
    y: new Float64Array(size),
    type: new Uint8Array(size),
    setting: new Uint8Array(size),
    postalCode: new Uint16Array(size),
    free: new Uint8Array(size),
  };
  rows.forEach((row, i) => {
    const lat = Number(row.latitude);
    const lng = Number(row.longitude);
    const { x, y } = worldFraction(lat, lng);
    markers.ids[i] = row.id;
    markers.lat[i] = lat;
    markers.lng[i] = lng;
    markers.x[i] = x;
    markers.y[i] = y;
    markers.type[i] = (MARKET_TYPES as readonly string[]).indexOf(row.type);
    markers.setting[i] = (SETTINGS as readonly (string | null)[]).indexOf(row.setting) + 1;
    markers.postalCode[i] = row.postal_code;
    markers.free[i] = row.entry_fee_dkk !== null && Number(row.entry_fee_dkk) === 0 ? 1 : 0;
  });
  return markers;
}

const cachedMarkers = generationCache<MarkersInMemory>({ read: readMarkers, maxAgeMs: MAX_AGE_MS, whenOld: "wait" });

export async function markersInMemory(db: Kysely<Database>): Promise<MarkersInMemory> {
  return cachedMarkers(db);
}

/**
 * The filters the markers in memory can answer (type, region, location, setting, free entry) as a test on a
 * point's index; undefined when there are none, null when an unknown region or location means
 * nothing can match. The same meanings as the SQL of query/conditions.server.ts (query/areas.ts);
 * the parity test compares the list, the calendar and the map.
 */
export function markersFilter(markers: MarkersInMemory, filters: MarketFilters): ((i: number) => boolean) | null | undefined {
  const tests: ((i: number) => boolean)[] = [];
  if (filters.types?.length) {
    const types = new Set(filters.types.map((type) => MARKET_TYPES.indexOf(type)));
    tests.push((i) => types.has(markers.type[i]!));
  }
  const areas = filterAreas(filters);
  if (!areas) return null;
  for (const area of areas) {
    tests.push((i) => areaContains(area, { postalCode: markers.postalCode[i], latitude: markers.lat[i], longitude: markers.lng[i] }));
  }
  if (filters.setting) {
    const settings = new Set(settingMatches(filters.setting).map((setting) => SETTINGS.indexOf(setting) + 1));
    tests.push((i) => settings.has(markers.setting[i]!));
  }
  if (filters.freeEntry) tests.push((i) => markers.free[i] === 1);
  if (!tests.length) return undefined;
  if (tests.length === 1) return tests[0];
  return (i) => tests.every((test) => test(i));
}
