import { MARKET_TYPES, type LocalDate, type MarketType } from "../markets/types";

/** A group of markets too close to tell apart at this zoom: where they are on average, how many, the town they are around, and the box they lie in. */
export interface MapCluster {
  lat: number;
  lng: number;
  count: number;
  place: string;
  bounds: [south: number, west: number, north: number, east: number];
}

export interface MapMarker {
  id: string;
  slug: string;
  name: string;
  type: MarketType;
  city: string;
  lat: number;
  lng: number;
  /** The first scheduled day from the search's start date, if any. */
  nextDate: LocalDate | null;
}

export interface MapMarkers {
  clusters: MapCluster[];
  markers: MapMarker[];
  /** Markets in the answer, in clusters and as markers. */
  total: number;
  /** True when the zoom asks for single markers and there were more than the answer may hold. */
  truncated: boolean;
}

/** A marker as the browser gets it: the page links by slug; the id is what "Gem" in the list posts. */
export type MapMarkerView = MapMarker;

export interface MapMarkersView {
  clusters: MapCluster[];
  markers: MapMarkerView[];
  total: number;
  truncated: boolean;
}

/**
 * The JSON of /api/markers. Kept small because the map asks for it on every pan: clusters as
 * [lat, lng, count, place, box], markers with one-letter keys, coordinates already rounded to 5 decimals.
 */
export interface MapMarkersJson {
  total: number;
  truncated?: true;
  clusters: [lat: number, lng: number, count: number, place: string, bounds: [south: number, west: number, north: number, east: number]][];
  markers: { i: string; s: string; n: string; t: MarketType; c: string; p: [lat: number, lng: number]; d: LocalDate | null }[];
}

export function encodeMapMarkers(result: MapMarkers): MapMarkersJson {
  return {
    total: result.total,
    ...(result.truncated ? { truncated: true as const } : {}),
    clusters: result.clusters.map((cluster) => [cluster.lat, cluster.lng, cluster.count, cluster.place, cluster.bounds]),
    markers: result.markers.map((marker) => ({
      i: marker.id,
      s: marker.slug,
      n: marker.name,
      t: marker.type,
      c: marker.city,
      p: [marker.lat, marker.lng],
      d: marker.nextDate,
    })),
  };
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === "string";

/**
 * Reads the endpoint's JSON in the browser; anything malformed is dropped rather than drawn, so a
 * broken answer cannot break the map.
 */
export function decodeMapMarkers(json: unknown): MapMarkersView {
  const body = (json ?? {}) as Partial<Record<keyof MapMarkersJson, unknown>>;
  const clusters = (Array.isArray(body.clusters) ? body.clusters : []).flatMap((entry: unknown) => {
    if (!Array.isArray(entry)) return [];
    const [lat, lng, count, place, bounds] = entry as unknown[];
    if (!isNumber(lat) || !isNumber(lng) || !isNumber(count)) return [];
    const box = Array.isArray(bounds) && bounds.length === 4 && bounds.every(isNumber) ? (bounds as MapCluster["bounds"]) : ([lat, lng, lat, lng] as MapCluster["bounds"]);
    return [{ lat, lng, count, place: isString(place) ? place : "", bounds: box }];
  });
  const markers = (Array.isArray(body.markers) ? body.markers : []).flatMap((entry: unknown) => {
    const marker = (entry ?? {}) as Record<string, unknown>;
    const point = Array.isArray(marker.p) ? (marker.p as unknown[]) : [];
    const [lat, lng] = point;
    if (!isString(marker.i) || !isString(marker.s) || !isString(marker.n) || !isString(marker.c) || !isNumber(lat) || !isNumber(lng)) return [];
    if (!MARKET_TYPES.includes(marker.t as MarketType)) return [];
    const nextDate = isString(marker.d) ? marker.d : null;
    return [{ id: marker.i, slug: marker.s, name: marker.n, type: marker.t as MarketType, city: marker.c, lat, lng, nextDate }];
  });
  return {
    clusters,
    markers,
    total: isNumber(body.total) ? body.total : 0,
    truncated: body.truncated === true,
  };
}
