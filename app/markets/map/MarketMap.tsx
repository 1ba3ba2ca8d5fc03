import { useCallback } from "react";
import { useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { MAX_CLUSTER_ZOOM } from "./grid";
import { MapMarketList } from "./MapMarketList";
import { useLeafletMap, type MapFocus } from "./use-leaflet-map";
import { useMarkerLayer } from "./use-marker-layer";
import { useMarkersInView } from "./use-markers-in-view";
import { useNearMe } from "./use-near-me";
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
}: {
  tileUrl: string;
  attribution: string | null;
  focus: MapFocus | null;
  filterQuery: string;
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
  const { position, locating, locationMessage, findNearMe } = useNearMe(leafletMap);

  const zoomTo = useCallback((cluster: MapCluster) => {
    const map = leafletMap.map.current;
    if (!map) return;
    map.setView([cluster.lat, cluster.lng], Math.min(Math.round(map.getZoom()) + 2, MAX_CLUSTER_ZOOM));
  }, [leafletMap.map]);
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
      <MapMarketList
        status={markers.status}
        result={markers.result}
        view={markers.view}
        position={position}
        openMarket={openMarket}
        zoomTo={zoomTo}
      />
    </div>
  );
}
