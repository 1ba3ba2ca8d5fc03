/**
 * Web Mercator (the projection of the map tiles) in screen pixels, and the grid of CELL_PX cells
 * the map endpoint widens a view to, aligned to the world's pixel grid at each zoom, so a cluster
 * at the view's edge counts all of its markets while the visitor pans.
 *
 * The grouping (overlap-groups.ts) runs in TypeScript over positions the server keeps in memory
 * (markers.server.ts), so the projection is computed once, the same way, whichever database
 * holds the markets.
 */

export const TILE_PX = 256;
/** The side of a cell of the grid a view is widened to, on screen. */
export const CELL_PX = 60;
/** Web Mercator stops here; Leaflet clamps to the same latitude. */
export const MAX_LATITUDE = 85.0511287798066;
/** From this zoom on, every market is its own marker. */
export const MAX_CLUSTER_ZOOM = 13;
export const MAX_ZOOM = 20;
/** The largest view we answer: wider than a 4K screen, small enough to bound the query. */
export const MAX_VIEW_PX = 8192;

export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

const clampLatitude = (latitude: number) => Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));

export function worldPx(zoom: number): number {
  return TILE_PX * 2 ** zoom;
}

export function mercatorX(longitude: number, zoom: number): number {
  return ((longitude + 180) / 360) * worldPx(zoom);
}

/** Pixels from the top of the world (north) at this zoom. */
export function mercatorY(latitude: number, zoom: number): number {
  const sin = Math.sin((clampLatitude(latitude) * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldPx(zoom);
}

export function longitudeAtX(x: number, zoom: number): number {
  return (x / worldPx(zoom)) * 360 - 180;
}

export function latitudeAtY(y: number, zoom: number): number {
  const n = Math.PI * (1 - (2 * y) / worldPx(zoom));
  return (Math.atan(Math.sinh(n)) * 180) / Math.PI;
}

/** The size of the box on screen at this zoom, in pixels. */
export function viewPx(bounds: MapBounds, zoom: number): { width: number; height: number } {
  return {
    width: mercatorX(bounds.east, zoom) - mercatorX(bounds.west, zoom),
    height: mercatorY(bounds.south, zoom) - mercatorY(bounds.north, zoom),
  };
}

/** Column of a longitude: cells grow eastwards. */
export function columnOf(longitude: number, zoom: number, cellPx = CELL_PX): number {
  return Math.floor((mercatorX(longitude, 0) / TILE_PX) * (worldPx(zoom) / cellPx));
}

/** Row of a latitude: cells grow southwards, like pixels. */
export function rowOf(latitude: number, zoom: number, cellPx = CELL_PX): number {
  return Math.floor((mercatorY(latitude, 0) / TILE_PX) * (worldPx(zoom) / cellPx));
}

/**
 * The box widened to whole cells, so a cluster at the edge of the view counts all of its markets.
 * The last column and row are the ones the east and north edges fall in.
 */
export function snapToCells(bounds: MapBounds, zoom: number, cellPx = CELL_PX): MapBounds {
  const world = worldPx(zoom);
  const west = columnOf(bounds.west, zoom, cellPx);
  const east = columnOf(bounds.east, zoom, cellPx);
  const north = rowOf(bounds.north, zoom, cellPx);
  const south = rowOf(bounds.south, zoom, cellPx);
  return {
    west: Math.max(-180, longitudeAtX(west * cellPx, zoom)),
    east: Math.min(180, longitudeAtX(Math.min(world, (east + 1) * cellPx), zoom)),
    north: Math.min(90, north <= 0 ? 90 : latitudeAtY(north * cellPx, zoom)),
    south: Math.max(-90, (south + 1) * cellPx >= world ? -90 : latitudeAtY((south + 1) * cellPx, zoom)),
  };
}

/** Where a position lies in the world at zoom 0, as fractions (0–1) from the north-west corner. */
export function worldFraction(lat: number, lng: number): { x: number; y: number } {
  return { x: mercatorX(lng, 0) / TILE_PX, y: mercatorY(lat, 0) / TILE_PX };
}

/**
 * Positions as parallel arrays (index i is one point), so that a pass over 100,000 of them reads
 * packed numbers instead of objects: the map endpoint's budget is 50 ms for the whole answer.
 */
export interface GridPoints {
  lat: ArrayLike<number>;
  lng: ArrayLike<number>;
  /** worldFraction() of each point. */
  x: ArrayLike<number>;
  y: ArrayLike<number>;
}

/** Coordinates as the JSON carries them: 5 decimals, about a metre. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}
