import { TILE_PX, mercatorX, mercatorY } from "./map-grid";

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
