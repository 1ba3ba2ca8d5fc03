import { useEffect, useRef, type RefObject } from "react";
import type * as Leaflet from "leaflet";
import { t } from "~/lib/i18n";

export interface MapFocus {
  lat: number;
  lng: number;
  zoom: number;
}

type LeafletModule = typeof Leaflet;

/** Denmark from Rømø to Bornholm and from Gedser to Skagen: the start view without a chosen area. */
const DENMARK: [[number, number], [number, number]] = [
  [54.55, 8.05],
  [57.76, 15.2],
];

/** The Leaflet objects the other map hooks draw on; each is null until Leaflet has loaded. */
export interface LeafletMap {
  leaflet: RefObject<LeafletModule | null>;
  map: RefObject<Leaflet.Map | null>;
  /** The server's clusters and markers (use-marker-layer.ts). */
  markerLayer: RefObject<Leaflet.LayerGroup | null>;
  /** The visitor's position (use-near-me.ts). */
  positionLayer: RefObject<Leaflet.LayerGroup | null>;
}

const focusKeyOf = (focus: MapFocus | null) => (focus ? `${focus.lat},${focus.lng},${focus.zoom}` : "");

/**
 * The Leaflet map of /markeder in the element `containerRef` is given to: Leaflet loaded only in
 * the browser and only here, the map made once with its tiles, controls and layers, started at
 * `focus` (all of Denmark without one) and moved when a new focus is chosen. `onReady` runs once
 * the map exists, `onMoveEnd` after every move of the view.
 */
export function useLeafletMap({
  tileUrl,
  attribution,
  focus,
  onReady,
  onMoveEnd,
}: {
  tileUrl: string;
  attribution: string | null;
  focus: MapFocus | null;
  onReady: () => void;
  onMoveEnd: () => void;
}): { containerRef: RefObject<HTMLDivElement | null>; leafletMap: LeafletMap } {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<Leaflet.Map | null>(null);
  const leafletRef = useRef<LeafletModule | null>(null);
  const layerRef = useRef<Leaflet.LayerGroup | null>(null);
  const positionLayerRef = useRef<Leaflet.LayerGroup | null>(null);
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  const onMoveEndRef = useRef(onMoveEnd);
  onMoveEndRef.current = onMoveEnd;

  // Where the map is (or will be, once Leaflet has loaded) centred, and the focus it last applied.
  const focusRef = useRef(focus);
  focusRef.current = focus;
  const firstFocus = useRef<string | null>(null);

  // Create the map once, after Leaflet has arrived.
  useEffect(() => {
    let cancelled = false;
    void import("leaflet").then((module) => {
      const L = (module as unknown as { default?: LeafletModule }).default ?? module;
      const container = containerRef.current;
      if (cancelled || !container) return;
      leafletRef.current = L;
      const map = L.map(container, { zoomControl: false });
      L.control.zoom({ zoomInTitle: t("map.zoomIn"), zoomOutTitle: t("map.zoomOut") }).addTo(map);
      const tiles = L.tileLayer(tileUrl, { attribution: attribution ?? undefined, maxZoom: 19 });
      tiles.on("tileloadstart", (event: Leaflet.TileEvent) => {
        if (!event.tile.getAttribute("alt")) event.tile.setAttribute("alt", t("map.tileAlt"));
      });
      tiles.addTo(map);
      map.on("popupopen", (event: Leaflet.PopupEvent) => {
        event.popup.getElement()?.querySelector(".leaflet-popup-close-button")?.setAttribute("aria-label", t("map.closePopup"));
      });
      layerRef.current = L.layerGroup().addTo(map);
      positionLayerRef.current = L.layerGroup().addTo(map);
      const start = focusRef.current;
      firstFocus.current = focusKeyOf(start);
      if (start) map.setView([start.lat, start.lng], start.zoom);
      else map.fitBounds(DENMARK);
      mapRef.current = map;
      map.on("moveend", () => onMoveEndRef.current());
      onReadyRef.current();
    });
    return () => {
      cancelled = true;
      mapRef.current?.remove();
      mapRef.current = null;
    };
    // The map is made once: tiles and attribution are the site's settings, the same at every render.
    // The effect below and the other hooks apply new areas, filters and markers to it.
  }, [tileUrl, attribution]);

  // A new area or position chosen in the filters moves the map; other filters keep the view.
  const focusKey = focusKeyOf(focus);
  useEffect(() => {
    const map = mapRef.current;
    const next = focusRef.current;
    if (!map || focusKey === firstFocus.current) return;
    firstFocus.current = focusKey;
    if (next) map.setView([next.lat, next.lng], next.zoom);
    else map.fitBounds(DENMARK);
  }, [focusKey]);

  return { containerRef, leafletMap: { leaflet: leafletRef, map: mapRef, markerLayer: layerRef, positionLayer: positionLayerRef } };
}
