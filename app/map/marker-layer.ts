import * as L from "leaflet";
import { t } from "~/lib/i18n";
import { markSize } from "./overlap-groups";
import { popupContent } from "./popup-content";
import type { MapCluster, MapMarkerView, MapMarkersView } from "./wire";

function clusterMark(cluster: MapCluster, zoomTo: (cluster: MapCluster) => void): L.Marker {
  const size = markSize(cluster.count);
  const count = cluster.count.toLocaleString("da-DK");
  return L.marker([cluster.lat, cluster.lng], {
    icon: L.divIcon({
      // Leaflet's own stylesheet makes the icon a block, so the centring sits on the inner span.
      html: `<span aria-hidden="true" class="flex h-full w-full items-center justify-center">${count}</span>`,
      className: "lg-map-cluster rounded-full border-2 border-white bg-emerald-800 text-sm font-bold text-white shadow-md",
      iconSize: [size, size],
    }),
    title: t("map.clusterTitle", { count, place: cluster.place }),
    riseOnHover: true,
  }).on("click", () => zoomTo(cluster));
}

function pin(marker: MapMarkerView): L.Marker {
  return L.marker([marker.lat, marker.lng], {
    icon: L.divIcon({
      html: "",
      className: "lg-map-pin rounded-full border-[3px] border-white bg-orange-700 shadow-md",
      iconSize: [markSize(1), markSize(1)],
    }),
    title: marker.name,
    riseOnHover: true,
  }).bindPopup(() => popupContent(marker), { minWidth: 200 });
}

/** The marks of `layer` kept by a key: what the new answer still holds stays as it is. */
function keyedMarks<T>(layer: L.LayerGroup, keyOf: (item: T) => string, make: (item: T) => L.Marker): (items: T[]) => void {
  const shown = new Map<string, L.Marker>();
  return (items) => {
    const wanted = new Map(items.map((item) => [keyOf(item), item]));
    for (const [key, mark] of shown) {
      if (wanted.has(key)) continue;
      layer.removeLayer(mark);
      shown.delete(key);
    }
    for (const [key, item] of wanted) if (!shown.has(key)) shown.set(key, make(item).addTo(layer));
  };
}

/**
 * Draws what the server sent on the map's marker layer: clusters that zoom in when clicked, and
 * pins whose popup links to the market. A mark that the next answer holds again stays, so an open
 * popup stays open when the map moves under it (as when it pans to make room for the popup).
 */
export function markerDrawer(layer: L.LayerGroup, zoomTo: (cluster: MapCluster) => void): (result: MapMarkersView) => void {
  const drawClusters = keyedMarks<MapCluster>(
    layer,
    (cluster) => `${cluster.lat},${cluster.lng},${cluster.count},${cluster.bounds.join(",")}`,
    (cluster) => clusterMark(cluster, zoomTo),
  );
  const drawPins = keyedMarks<MapMarkerView>(layer, (marker) => marker.slug, pin);
  return (result) => {
    drawClusters(result.clusters);
    drawPins(result.markers);
  };
}
