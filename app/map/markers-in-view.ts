import type * as L from "leaflet";
import { fetchJson, isAbortError, OfflineError, onReconnect } from "~/lib/fetch-json";
import { t } from "~/lib/i18n";
import { MAX_LATITUDE } from "./grid";
import { decodeMapMarkers, type MapMarkersView } from "./wire";

const REFETCH_DELAY_MS = 250;

export type Status = { kind: "loading" } | { kind: "ready" } | { kind: "error"; message: string };

export interface View {
  south: number;
  west: number;
  north: number;
  east: number;
  zoom: number;
}

/** What the map has to show: the last answer (kept while the next loads), the view it is for, and how loading goes. */
export interface MarkersInView {
  status: Status;
  result: MapMarkersView | null;
  view: View | null;
}

function viewOf(map: L.Map): View {
  const bounds = map.getBounds();
  return {
    south: Math.max(-MAX_LATITUDE, bounds.getSouth()),
    west: Math.max(-180, bounds.getWest()),
    north: Math.min(MAX_LATITUDE, bounds.getNorth()),
    east: Math.min(180, bounds.getEast()),
    zoom: Math.round(map.getZoom()),
  };
}

function markersUrl(view: View, filterQuery: string): string {
  const params = new URLSearchParams(filterQuery);
  params.set("s", view.south.toFixed(5));
  params.set("w", view.west.toFixed(5));
  params.set("n", view.north.toFixed(5));
  params.set("e", view.east.toFixed(5));
  params.set("z", String(view.zoom));
  return `/api/markers?${params}`;
}

/**
 * The server's clusters and markers for the map's view and the page's filters (GET /api/markers):
 * fetched now, again a moment after every move of the view (a newer request aborts an older one),
 * and again when the connection comes back. Each change is handed to `show`.
 */
export function followMarkersInView(map: L.Map, filterQuery: string, show: (state: MarkersInView) => void): void {
  const state: MarkersInView = { status: { kind: "loading" }, result: null, view: null };
  const update = (change: Partial<MarkersInView>) => {
    Object.assign(state, change);
    show(state);
  };
  let controller: AbortController | null = null;
  let lastUrl = "";

  const load = async (force = false) => {
    const view = viewOf(map);
    const requestUrl = markersUrl(view, filterQuery);
    // A view already asked for (a move that ends where the last one did) is not fetched again.
    if (!force && requestUrl === lastUrl) {
      update({ view });
      return;
    }
    lastUrl = requestUrl;
    controller?.abort();
    const current = new AbortController();
    controller = current;
    update({ view, status: { kind: "loading" } });
    try {
      const json = await fetchJson(requestUrl, { signal: current.signal });
      if (current.signal.aborted) return;
      update({ result: decodeMapMarkers(json), status: { kind: "ready" } });
    } catch (error) {
      if (isAbortError(error) || current.signal.aborted) return;
      lastUrl = "";
      update({ status: { kind: "error", message: error instanceof OfflineError ? t("map.offline") : t("map.loadError") } });
    }
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  map.on("moveend", () => {
    clearTimeout(timer);
    timer = setTimeout(() => void load(), REFETCH_DELAY_MS);
  });
  onReconnect(() => void load(true));
  void load();
}
