/**
 * What the server tells the script of /markeder's map: the frame it renders (MarketMapFrame.tsx)
 * carries these as data attributes, which the script reads back (map-frame.ts; that the two agree:
 * map-settings.test.ts). The script of every page without React finds the frame by its selector
 * here, so this module holds nothing else the browser runs.
 */

/** Where the map starts: a chosen area or position, at the zoom that frames it. */
export interface MapFocus {
  lat: number;
  lng: number;
  zoom: number;
}

export interface Position {
  lat: number;
  lng: number;
}

export interface MapSettings {
  tileUrl: string;
  /** The tiles' credit as HTML, or null for tiles that bring none. */
  attribution: string | null;
  /** All of Denmark without one. */
  focus: MapFocus | null;
  /** Where the visitor is, when the filters carry a position ("nær mig"): marked, and the list beside the map sorted by distance. */
  position: Position | null;
  /** The page's filters as a query string, which every request for markers carries. */
  filterQuery: string;
  /** The markets a signed-in visitor has saved, so that their "Gem" in the list says "Gemt". */
  savedIds: string[];
}

/** The data attributes of the map's frame, in the server's HTML. */
export function mapSettingsAttributes(settings: MapSettings): Record<`data-${string}`, string | undefined> {
  const { tileUrl, attribution, focus, position, filterQuery, savedIds } = settings;
  return {
    "data-market-map": "",
    "data-tile-url": tileUrl,
    "data-attribution": attribution ?? undefined,
    "data-focus-lat": focus ? String(focus.lat) : undefined,
    "data-focus-lng": focus ? String(focus.lng) : undefined,
    "data-focus-zoom": focus ? String(focus.zoom) : undefined,
    "data-position-lat": position ? String(position.lat) : undefined,
    "data-position-lng": position ? String(position.lng) : undefined,
    "data-filter-query": filterQuery,
    "data-saved-ids": savedIds.length ? savedIds.join(" ") : undefined,
  };
}

/** The selector of the frame: the page has a map to start when it finds one. */
export const MARKET_MAP_SELECTOR = "[data-market-map]";

/** The parts of the frame the script fills in or listens to, each marked data-map-part. */
export type MapPart = "near-me" | "near-me-message" | "canvas" | "list" | "status" | "truncated" | "markets" | "skip" | "clusters" | "save-button";

/** The attribute that marks a part, for the server's HTML. */
export const mapPart = (part: MapPart) => ({ "data-map-part": part });
