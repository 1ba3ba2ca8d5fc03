import { submitNear } from "../filters/filter-panel";
import { MAX_CLUSTER_ZOOM } from "./grid";
import { centreOn, createLeafletMap, fitBox, markPosition } from "./leaflet-map";
import { renderMapList } from "./map-list";
import { findPart, readMapSettings } from "./map-frame";
import type { Position } from "./map-settings";
import { markerDrawer } from "./marker-layer";
import { followMarkersInView, type MarkersInView } from "./markers-in-view";
import { enableNearMe } from "./near-me";
import type { MapCluster, MapMarkersView } from "./wire";

/**
 * The map of /markeder in the frame the server rendered (MarketMapFrame.tsx), on a page without
 * React: Leaflet, loaded with this module only where the page has the frame
 * (app/progressive/map.ts); the server's clusters and markers for the view (GET /api/markers),
 * fetched again after every move; beside it the same markets as a list for keyboards and screen
 * readers; and "Find markeder nær mig", which marks the visitor and sends the page's filters with
 * the position, so the list of every market below sorts near and soon too.
 */
export function startMarketMap(frame: HTMLElement): void {
  const settings = readMapSettings(frame);
  const savedIds = new Set(settings.savedIds);
  const leafletMap = createLeafletMap(findPart(frame, "canvas"), settings);
  let position = settings.position;
  let shown: MarkersInView | null = null;
  let drawn: MapMarkersView | null = null;

  const zoomTo = (cluster: MapCluster) => fitBox(leafletMap, cluster.bounds, MAX_CLUSTER_ZOOM + 1);
  const drawMarkers = markerDrawer(leafletMap.markerLayer, zoomTo);
  const show = (state: MarkersInView) => {
    shown = state;
    // A new answer is drawn; a move alone only changes which of it the list holds.
    if (state.result && state.result !== drawn) drawMarkers(state.result);
    drawn = state.result;
    renderMapList(frame, state, { position, savedIds, zoomTo });
  };

  // The page opened "nær mig": its focus is already the position.
  if (position) markPosition(leafletMap, position);
  const nearMe = findPart<HTMLButtonElement>(frame, "near-me");
  enableNearMe(nearMe, findPart(frame, "near-me-message"), (here: Position) => {
    position = here;
    markPosition(leafletMap, here);
    centreOn(leafletMap, here);
    if (shown) show(shown);
    // The button names the filter form: sent with the position, the page opens again near the visitor.
    if (nearMe.form) submitNear(nearMe.form, here);
  });
  followMarkersInView(leafletMap.map, settings.filterQuery, show);
}
