import * as L from "leaflet";
import { t } from "~/lib/i18n";
import { markSize } from "./overlap-groups";
import { popupContent } from "./popup-content";
import type { MapCluster, MapMarkersView } from "./wire";

/**
 * Draws what the server sent on the map's marker layer, in place of what was there: clusters that
 * zoom in when clicked, and pins whose popup links to the market.
 */
export function drawMarkers(layer: L.LayerGroup, result: MapMarkersView, zoomTo: (cluster: MapCluster) => void): void {
  layer.clearLayers();
  for (const cluster of result.clusters) {
    const size = markSize(cluster.count);
    const count = cluster.count.toLocaleString("da-DK");
    L.marker([cluster.lat, cluster.lng], {
      icon: L.divIcon({
        // Leaflet's own stylesheet makes the icon a block, so the centring sits on the inner span.
        html: `<span aria-hidden="true" class="flex h-full w-full items-center justify-center">${count}</span>`,
        className: "lg-map-cluster rounded-full border-2 border-white bg-emerald-800 text-sm font-bold text-white shadow-md",
        iconSize: [size, size],
      }),
      title: t("map.clusterTitle", { count, place: cluster.place }),
      riseOnHover: true,
    })
      .on("click", () => zoomTo(cluster))
      .addTo(layer);
  }
  for (const marker of result.markers) {
    L.marker([marker.lat, marker.lng], {
      icon: L.divIcon({
        html: "",
        className: "lg-map-pin rounded-full border-[3px] border-white bg-orange-700 shadow-md",
        iconSize: [markSize(1), markSize(1)],
      }),
      title: marker.name,
      riseOnHover: true,
    })
      .bindPopup(() => popupContent(marker), { minWidth: 200 })
      .addTo(layer);
  }
}
