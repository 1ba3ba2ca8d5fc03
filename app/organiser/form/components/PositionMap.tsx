import type * as Leaflet from "leaflet";
import { useEffect, useRef } from "react";
import { t } from "~/lib/i18n";

type LeafletModule = typeof Leaflet;

export interface Position {
  lat: number;
  lng: number;
}

/** All of Denmark, when there is no position yet. */
const DENMARK: [[number, number], [number, number]] = [
  [54.55, 8.05],
  [57.76, 15.2],
];
const TOWN_ZOOM = 13;
/** How far an arrow key moves the pin, in screen pixels. */
const KEY_STEP = 12;
const ARROW: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** Five decimals: about a metre, more than a pin on a phone can tell. */
const rounded = (value: number) => Math.round(value * 100_000) / 100_000;

/**
 * A small Leaflet map with the market's pin, loaded only in the browser (as the map of /markeder:
 * app/map/leaflet-map.ts). The pin can be dragged, put elsewhere by a click on the
 * map, or moved with the arrow keys once it has the focus; every move is told to `onMove`, which
 * writes the form's hidden fields. A new `position` from outside (a new postal code) moves the pin.
 */
export function PositionMap({
  tileUrl,
  attribution,
  position,
  onMove,
}: {
  tileUrl: string;
  attribution: string | null;
  position: Position | null;
  onMove: (position: Position) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<Leaflet.Map | null>(null);
  const markerRef = useRef<Leaflet.Marker | null>(null);
  const leafletRef = useRef<LeafletModule | null>(null);
  const positionRef = useRef(position);
  positionRef.current = position;
  const onMoveRef = useRef(onMove);
  onMoveRef.current = onMove;

  function placeMarker(L: LeafletModule, map: Leaflet.Map, at: Position) {
    if (markerRef.current) {
      markerRef.current.setLatLng([at.lat, at.lng]);
      return;
    }
    const marker = L.marker([at.lat, at.lng], {
      draggable: true,
      keyboard: true,
      title: t("organiser.form.position.markerTitle"),
      alt: t("organiser.form.position.markerTitle"),
      icon: L.divIcon({
        html: "",
        className: "rounded-full border-[3px] border-white bg-orange-700 shadow-md",
        iconSize: [24, 24],
      }),
    }).addTo(map);
    marker.on("dragend", () => {
      const { lat, lng } = marker.getLatLng();
      onMoveRef.current({ lat: rounded(lat), lng: rounded(lng) });
    });
    marker.getElement()?.addEventListener("keydown", (event) => {
      const direction = ARROW[event.key];
      if (!direction) return;
      event.preventDefault();
      const point = map.latLngToContainerPoint(marker.getLatLng()).add([direction[0] * KEY_STEP, direction[1] * KEY_STEP]);
      const moved = map.containerPointToLatLng(point);
      marker.setLatLng(moved);
      onMoveRef.current({ lat: rounded(moved.lat), lng: rounded(moved.lng) });
    });
    markerRef.current = marker;
  }

  useEffect(() => {
    let cancelled = false;
    void import("leaflet").then((module) => {
      const L = (module as unknown as { default?: LeafletModule }).default ?? module;
      const container = containerRef.current;
      if (cancelled || !container) return;
      leafletRef.current = L;
      const map = L.map(container, { zoomControl: false, scrollWheelZoom: false });
      L.control.zoom({ zoomInTitle: t("map.zoomIn"), zoomOutTitle: t("map.zoomOut") }).addTo(map);
      const tiles = L.tileLayer(tileUrl, { attribution: attribution ?? undefined, maxZoom: 19 });
      tiles.on("tileloadstart", (event: Leaflet.TileEvent) => {
        if (!event.tile.getAttribute("alt")) event.tile.setAttribute("alt", t("map.tileAlt"));
      });
      tiles.addTo(map);
      const start = positionRef.current;
      if (start) {
        map.setView([start.lat, start.lng], TOWN_ZOOM);
        placeMarker(L, map, start);
      } else {
        map.fitBounds(DENMARK);
      }
      map.on("click", (event: Leaflet.LeafletMouseEvent) => {
        const at = { lat: rounded(event.latlng.lat), lng: rounded(event.latlng.lng) };
        placeMarker(L, map, at);
        onMoveRef.current(at);
      });
      mapRef.current = map;
    });
    return () => {
      cancelled = true;
      mapRef.current?.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
    // The map is made once (tiles and attribution are the site's settings, the same at every
    // render); the effect below follows the position.
  }, [tileUrl, attribution]);

  // A position set from outside (the town's centre for a new postal code) moves the pin and the view.
  const key = position ? `${position.lat},${position.lng}` : "";
  useEffect(() => {
    const L = leafletRef.current;
    const map = mapRef.current;
    if (!L || !map || !position) return;
    const current = markerRef.current?.getLatLng();
    if (current && rounded(current.lat) === position.lat && rounded(current.lng) === position.lng) return;
    placeMarker(L, map, position);
    map.setView([position.lat, position.lng], Math.max(map.getZoom(), TOWN_ZOOM));
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the position's value, not its object

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label={t("organiser.form.position.mapLabel")}
      aria-describedby="placering-hint"
      // isolate: Leaflet's panes stack up to z-index 1000; kept inside the map, they cannot paint over the header or the toasts.
      className="isolate mt-2 h-64 w-full overflow-hidden rounded-xl border border-stone-300 bg-stone-200 sm:h-72 dark:border-stone-700 dark:bg-stone-800"
      data-testid="position-map"
    />
  );
}
