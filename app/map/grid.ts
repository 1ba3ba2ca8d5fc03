/**
 * The grid the map endpoint clusters markets on: square cells of CELL_PX screen pixels in Web
 * Mercator (the projection of the map tiles), aligned to the world's pixel grid at each zoom, so a
 * cluster does not jump or change its count while the visitor pans.
 *
 * The grouping runs in TypeScript over positions the server keeps in memory
 * (markers.server.ts), so the projection is computed once, the same way, whichever database
 * holds the markets.
 */

export const TILE_PX = 256;
/** The side of a cluster cell on screen. */
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

export interface GridCell {
  column: number;
  row: number;
  count: number;
  /** The average position of the cell's points, where its cluster is drawn. */
  lat: number;
  lng: number;
  /** The index of one of its points: the market itself when the cell holds only one. */
  first: number;
}

/**
 * The chosen points grouped by the cell they fall in at this zoom, from north-west to south-east.
 * The caller has already kept the points in the box; one pass, keyed by cell.
 */
export function groupByCell(points: GridPoints, chosen: ArrayLike<number>, zoom: number, cellPx = CELL_PX): GridCell[] {
  // The same products as columnOf() and rowOf(), so a point on a cell edge lands alike in both.
  const scale = worldPx(zoom) / cellPx;
  const rows = Math.ceil(scale);
  const cells = new Map<number, GridCell>();
  for (let k = 0; k < chosen.length; k++) {
    const i = chosen[k]!;
    const column = Math.floor(points.x[i]! * scale);
    const row = Math.floor(points.y[i]! * scale);
    const key = column * rows + row;
    const cell = cells.get(key);
    if (cell) {
      cell.count++;
      cell.lat += points.lat[i]!;
      cell.lng += points.lng[i]!;
    } else {
      cells.set(key, { column, row, count: 1, lat: points.lat[i]!, lng: points.lng[i]!, first: i });
    }
  }
  const list = [...cells.values()];
  for (const cell of list) {
    cell.lat /= cell.count;
    cell.lng /= cell.count;
  }
  return list.sort((a, b) => a.row - b.row || a.column - b.column);
}

/** Coordinates as the JSON carries them: 5 decimals, about a metre. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}
