import type { Kysely } from "kysely";
import type { Database } from "../../lib/db/schema";
import { snapshotCache } from "../../lib/snapshot-cache.server";
import type { MarketFilters } from "../filters";
import { worldFraction, type GridPoints } from "./grid";
import { areaContains, filterAreas, settingMatches } from "../query/areas";
import { listed } from "../query/visibility.server";
import { MARKET_TYPES, SETTINGS } from "../types";

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
 * The snapshot is kept per database handle and read again when the cache generation changes
 * (every write to public data bumps it, foundations §9), so each app instance sees a write as soon as
 * its page cache does; and after SNAPSHOT_MAX_AGE_MS regardless, in case a writer forgot to bump
 * (app/lib/snapshot-cache.server.ts). An old snapshot is read again before answering.
 */
export interface MapSnapshot extends GridPoints {
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

const SNAPSHOT_MAX_AGE_MS = 5 * 60_000;

async function readSnapshot(db: Kysely<Database>): Promise<MapSnapshot> {
  const rows = await db
    .selectFrom("markets")
    .select(["id", "latitude", "longitude", "type", "setting", "postal_code", "entry_fee_dkk"])
    .where(listed("status"))
    .where("latitude", "is not", null)
    .where("longitude", "is not", null)
    .execute();
  const size = rows.length;
  const snapshot: MapSnapshot = {
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
    snapshot.ids[i] = row.id;
    snapshot.lat[i] = lat;
    snapshot.lng[i] = lng;
    snapshot.x[i] = x;
    snapshot.y[i] = y;
    snapshot.type[i] = (MARKET_TYPES as readonly string[]).indexOf(row.type);
    snapshot.setting[i] = (SETTINGS as readonly (string | null)[]).indexOf(row.setting) + 1;
    snapshot.postalCode[i] = row.postal_code;
    snapshot.free[i] = row.entry_fee_dkk !== null && Number(row.entry_fee_dkk) === 0 ? 1 : 0;
  });
  return snapshot;
}

const cachedSnapshot = snapshotCache<MapSnapshot>({ read: readSnapshot, maxAgeMs: SNAPSHOT_MAX_AGE_MS, whenOld: "wait" });

export async function mapSnapshot(db: Kysely<Database>): Promise<MapSnapshot> {
  return cachedSnapshot(db);
}

/**
 * The filters the snapshot can answer (type, region, location, setting, free entry) as a test on a
 * point's index; undefined when there are none, null when an unknown region or location means
 * nothing can match. The same meanings as the SQL of query/conditions.server.ts (query/areas.ts);
 * the parity test compares the list, the calendar and the map.
 */
export function snapshotFilter(snapshot: MapSnapshot, filters: MarketFilters): ((i: number) => boolean) | null | undefined {
  const tests: ((i: number) => boolean)[] = [];
  if (filters.types?.length) {
    const types = new Set(filters.types.map((type) => MARKET_TYPES.indexOf(type)));
    tests.push((i) => types.has(snapshot.type[i]!));
  }
  const areas = filterAreas(filters);
  if (!areas) return null;
  for (const area of areas) {
    tests.push((i) => areaContains(area, { postalCode: snapshot.postalCode[i], latitude: snapshot.lat[i], longitude: snapshot.lng[i] }));
  }
  if (filters.setting) {
    const settings = new Set(settingMatches(filters.setting).map((setting) => SETTINGS.indexOf(setting) + 1));
    tests.push((i) => settings.has(snapshot.setting[i]!));
  }
  if (filters.freeEntry) tests.push((i) => snapshot.free[i] === 1);
  if (!tests.length) return undefined;
  if (tests.length === 1) return tests[0];
  return (i) => tests.every((test) => test(i));
}
