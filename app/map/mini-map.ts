import { TILE_PX, latitudeAtY, longitudeAtX, mercatorX, mercatorY } from "./grid";

export interface MiniMapTile {
  src: string;
  /** Pixels from the map's centre to the tile's top left corner. */
  left: number;
  top: number;
}

export const MINI_MAP_ZOOM = 15;

/**
 * The tiles around a point, for a small map drawn with plain images: no map library, works
 * without JavaScript, and costs a market page no script at all. Five tiles across and three
 * down cover a map up to 1024 × 512 px with the point in the middle.
 */
export function miniMapTiles(tileUrl: string, latitude: number, longitude: number, zoom = MINI_MAP_ZOOM): MiniMapTile[] {
  const x = mercatorX(longitude, zoom);
  const y = mercatorY(latitude, zoom);
  const centreColumn = Math.floor(x / TILE_PX);
  const centreRow = Math.floor(y / TILE_PX);
  const tiles: MiniMapTile[] = [];
  for (let row = centreRow - 1; row <= centreRow + 1; row++) {
    for (let column = centreColumn - 2; column <= centreColumn + 2; column++) {
      const src = tileUrl
        .replace("{s}", "abc"[(column + row) % 3] ?? "a")
        .replace("{z}", String(zoom))
        .replace("{x}", String(column))
        .replace("{y}", String(row))
        .replace("{r}", "");
      tiles.push({ src, left: Math.round(column * TILE_PX - x), top: Math.round(row * TILE_PX - y) });
    }
  }
  return tiles;
}

export interface MiniMapPin {
  /** Pixels from the map's centre. */
  left: number;
  top: number;
}

/** The area a small map must show fully at any screen width we serve: a phone's map box. */
const FIT_WIDTH_PX = 300;
const FIT_HEIGHT_PX = 200;
const MIN_OVERVIEW_ZOOM = 4;
const MAX_OVERVIEW_ZOOM = 13;

/**
 * A small map with a pin for each point: centred on the points, at the largest zoom that keeps
 * them inside a phone-sized box. Points far off (a Faroese market on a nationwide page) would
 * shrink the map to a blur, so the view is fitted to the points nearest the given centre: those
 * within the box at the zoom the place itself needs.
 */
export function overviewMap(
  tileUrl: string,
  points: { latitude: number; longitude: number }[],
  fallback: { latitude: number; longitude: number },
  fallbackZoom: number,
): { tiles: MiniMapTile[]; pins: MiniMapPin[]; zoom: number } {
  const fits = (zoom: number, chosen: typeof points) => {
    const xs = chosen.map((point) => mercatorX(point.longitude, zoom));
    const ys = chosen.map((point) => mercatorY(point.latitude, zoom));
    return Math.max(...xs) - Math.min(...xs) <= FIT_WIDTH_PX && Math.max(...ys) - Math.min(...ys) <= FIT_HEIGHT_PX;
  };
  // Around the place at its own zoom: what lies outside that view is not "here".
  const centreX = mercatorX(fallback.longitude, fallbackZoom);
  const centreY = mercatorY(fallback.latitude, fallbackZoom);
  const near = points.filter(
    (point) => Math.abs(mercatorX(point.longitude, fallbackZoom) - centreX) <= FIT_WIDTH_PX && Math.abs(mercatorY(point.latitude, fallbackZoom) - centreY) <= FIT_HEIGHT_PX,
  );

  let zoom = fallbackZoom;
  let centre = fallback;
  if (near.length) {
    zoom = MIN_OVERVIEW_ZOOM;
    for (let candidate = MAX_OVERVIEW_ZOOM; candidate >= MIN_OVERVIEW_ZOOM; candidate--) {
      if (fits(candidate, near)) {
        zoom = candidate;
        break;
      }
    }
    const xs = near.map((point) => mercatorX(point.longitude, zoom));
    const ys = near.map((point) => mercatorY(point.latitude, zoom));
    const middleX = (Math.max(...xs) + Math.min(...xs)) / 2;
    const middleY = (Math.max(...ys) + Math.min(...ys)) / 2;
    centre = { latitude: latitudeAtY(middleY, zoom), longitude: longitudeAtX(middleX, zoom) };
  }
  const x = mercatorX(centre.longitude, zoom);
  const y = mercatorY(centre.latitude, zoom);
  const pins = points
    .map((point) => ({ left: Math.round(mercatorX(point.longitude, zoom) - x), top: Math.round(mercatorY(point.latitude, zoom) - y) }))
    // Only what the 5 × 3 tiles cover.
    .filter((pin) => Math.abs(pin.left) <= 2.5 * TILE_PX && Math.abs(pin.top) <= 1.5 * TILE_PX);
  return { tiles: miniMapTiles(tileUrl, centre.latitude, centre.longitude, zoom), pins, zoom };
}
