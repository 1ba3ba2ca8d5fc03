import { useCallback } from "react";
import { useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { MAX_CLUSTER_ZOOM } from "./grid";
import { MapMarketList } from "./MapMarketList";
import { useLeafletMap, type MapFocus } from "./use-leaflet-map";
import { useMarkerLayer } from "./use-marker-layer";
import { useMarkersInView } from "./use-markers-in-view";
import { useNearMe, type Position } from "./use-near-me";
import type { MapCluster } from "./wire";

export type { MapFocus };

/**
 * The map of /markeder: Leaflet, loaded only in the browser and only here (use-leaflet-map.ts),
 * with the server's clusters and markers for the view (GET /api/markers, use-markers-in-view.ts),
 * refetched when the view or the filters change, and beside it the same markets as a list for
 * keyboards and screen readers (MapMarketList.tsx).
 */
export function MarketMap({
  tileUrl,
  attribution,
  focus,
  filterQuery,
  listId,
  onLocated,
}: {
  tileUrl: string;
  attribution: string | null;
  focus: MapFocus | null;
  filterQuery: string;
  /** The id of the page's list of every market (the side list's areas can be skipped to it). */
  listId: string;
  /** Where "Find markeder nær mig" found the visitor. */
  onLocated?: (here: Position) => void;
}) {
  const navigate = useNavigate();
  const openMarket = useCallback((href: string) => void navigate(href), [navigate]);

  // The map calls back into the markers once it exists and after every move; `markers` is set by
  // then, as both run after this render.
  const { containerRef, leafletMap } = useLeafletMap({
    tileUrl,
    attribution,
    focus,
    onReady: () => void markers.load(),
    onMoveEnd: () => markers.scheduleLoad(),
  });
  const markers = useMarkersInView(leafletMap.map, filterQuery);
  const { position, locating, locationMessage, findNearMe } = useNearMe(leafletMap, onLocated);

  const zoomTo = useCallback(
    (cluster: MapCluster) => {
      const map = leafletMap.map.current;
      if (!map) return;
      // Opens the cluster: the view its markets fill, far enough in that their pins part.
      const [south, west, north, east] = cluster.bounds;
      map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { padding: [48, 48], maxZoom: MAX_CLUSTER_ZOOM + 1 },
      );
    },
    [leafletMap.map],
  );
  useMarkerLayer(leafletMap, markers.result, zoomTo, openMarket);

  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div>
        <div className="mb-2 flex flex-wrap items-center gap-3">
          <button type="button" className={buttonClass("secondary")} onClick={findNearMe} disabled={locating}>
            {locating ? t("map.locating") : t("map.nearMe")}
          </button>
          {locationMessage ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {locationMessage}
            </p>
          ) : null}
        </div>
        <div
          ref={containerRef}
          role="region"
          aria-label={t("map.mapLabel")}
          // isolate: the map library's panes stack up to z-index 1000; kept inside the map, they
          // cannot paint over the cookie banner or the toasts.
          className="isolate h-[28rem] w-full overflow-hidden rounded-2xl border border-stone-300 bg-stone-200 lg:h-[36rem] dark:border-stone-700 dark:bg-stone-800"
          data-testid="market-map"
        />
      </div>
      <MapMarketList status={markers.status} result={markers.result} view={markers.view} position={position} openMarket={openMarket} zoomTo={zoomTo} skipTo={listId} />
    </div>
  );
}
