import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type * as Leaflet from "leaflet";
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

function viewOf(map: Leaflet.Map): View {
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
 * The server's clusters and markers for the map's view and the filters (GET /api/markers):
 * `load` fetches them for the current view, `scheduleLoad` a moment after the view stops moving;
 * new filters and a connection that comes back fetch again.
 */
export function useMarkersInView(mapRef: RefObject<Leaflet.Map | null>, filterQuery: string) {
  const [result, setResult] = useState<MapMarkersView | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "loading" });

  // Every load knows the filters it was asked with; a newer load aborts the older one.
  const filterRef = useRef(filterQuery);
  filterRef.current = filterQuery;
  const controllerRef = useRef<AbortController | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);

  const lastUrlRef = useRef("");
  const load = useCallback(
    async (force = false) => {
      const map = mapRef.current;
      if (!map) return;
      const current = viewOf(map);
      setView(current);
      const requestUrl = markersUrl(current, filterRef.current);
      // Leaflet reports the first view as a move too; the same view need not be fetched twice.
      if (!force && requestUrl === lastUrlRef.current) return;
      lastUrlRef.current = requestUrl;
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setStatus({ kind: "loading" });
      try {
        const json = await fetchJson(requestUrl, { signal: controller.signal });
        if (controller.signal.aborted) return;
        setResult(decodeMapMarkers(json));
        setStatus({ kind: "ready" });
      } catch (error) {
        if (isAbortError(error) || controller.signal.aborted) return;
        lastUrlRef.current = "";
        setStatus({ kind: "error", message: error instanceof OfflineError ? t("map.offline") : t("map.loadError") });
      }
    },
    [mapRef],
  );
  const loadRef = useRef(load);
  loadRef.current = load;

  const scheduleLoad = useCallback(() => {
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = setTimeout(() => void loadRef.current(), REFETCH_DELAY_MS);
  }, []);

  useEffect(() => {
    const stopReconnect = onReconnect(() => void loadRef.current(true));
    return () => {
      stopReconnect();
      if (timerRef.current) clearTimeout(timerRef.current);
      controllerRef.current?.abort();
    };
  }, []);

  const firstFilters = useRef(filterQuery);
  useEffect(() => {
    if (filterQuery === firstFilters.current) return;
    firstFilters.current = filterQuery;
    scheduleLoad();
  }, [filterQuery, scheduleLoad]);

  return { result, view, status, load, scheduleLoad };
}
