import * as L from "leaflet";
import { t } from "~/lib/i18n";
import type { MapSettings, Position } from "./map-settings";

/** Denmark from Rømø to Bornholm and from Gedser to Skagen: the start view without a chosen area. */
const DENMARK: L.LatLngBoundsExpression = [
  [54.55, 8.05],
  [57.76, 15.2],
];

/** How close "nær mig" zooms in at the least. */
const NEAR_ME_ZOOM = 12;

export interface LeafletMap {
  map: L.Map;
  /** The server's clusters and markers (marker-layer.ts). */
  markerLayer: L.LayerGroup;
  /** The visitor's position. */
  positionLayer: L.LayerGroup;
}

/**
 * The Leaflet map of /markeder in `container`: its tiles, the zoom buttons and the popups' close
 * button in Danish, the tiles with alt text, started at the settings' focus (all of Denmark
 * without one).
 */
export function createLeafletMap(container: HTMLElement, { tileUrl, attribution, focus }: MapSettings): LeafletMap {
  const map = L.map(container, { zoomControl: false });
  L.control.zoom({ zoomInTitle: t("map.zoomIn"), zoomOutTitle: t("map.zoomOut") }).addTo(map);
  const tiles = L.tileLayer(tileUrl, { attribution: attribution ?? undefined, maxZoom: 19 });
  tiles.on("tileloadstart", (event: L.TileEvent) => {
    if (!event.tile.getAttribute("alt")) event.tile.setAttribute("alt", t("map.tileAlt"));
  });
  tiles.addTo(map);
  map.on("popupopen", (event: L.PopupEvent) => {
    event.popup.getElement()?.querySelector(".leaflet-popup-close-button")?.setAttribute("aria-label", t("map.closePopup"));
  });
  const markerLayer = L.layerGroup().addTo(map);
  const positionLayer = L.layerGroup().addTo(map);
  if (focus) map.setView([focus.lat, focus.lng], focus.zoom);
  else map.fitBounds(DENMARK);
  return { map, markerLayer, positionLayer };
}

/** The visitor's position as a blue dot, the one mark of the position layer. */
export function markPosition({ positionLayer }: LeafletMap, here: Position): void {
  positionLayer.clearLayers();
  L.circleMarker([here.lat, here.lng], { radius: 8, color: "#1d4ed8", fillColor: "#3b82f6", fillOpacity: 0.9, className: "lg-map-position" })
    .bindTooltip(t("map.youAreHere"))
    .addTo(positionLayer);
}

/** The map centred on the visitor, close enough in to see the markets around. */
export function centreOn({ map }: LeafletMap, here: Position): void {
  map.setView([here.lat, here.lng], Math.max(NEAR_ME_ZOOM, Math.round(map.getZoom())));
}

/** Opens a cluster: the view its markets fill, far enough in that their pins part. */
export function fitBox({ map }: LeafletMap, [south, west, north, east]: [number, number, number, number], maxZoom: number): void {
  map.fitBounds(
    [
      [south, west],
      [north, east],
    ],
    { padding: [48, 48], maxZoom },
  );
}
