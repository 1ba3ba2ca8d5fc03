import { useMemo } from "react";
import { t } from "~/lib/i18n";
import { distanceKm } from "../markets/geo";
import { marketTypeInfo } from "../markets/market-types";
import { SaveButton } from "../saved/components/SaveButton";
import { nextDateText } from "./next-date-text";
import type { Status, View } from "./use-markers-in-view";
import type { Position } from "./use-near-me";
import type { MapCluster, MapMarkerView, MapMarkersView } from "./wire";

/** The list beside the map stays readable; the map still shows them all. */
const LIST_LIMIT = 100;

const inside = (view: View | null, point: { lat: number; lng: number }) =>
  !view || (point.lat >= view.south && point.lat <= view.north && point.lng >= view.west && point.lng <= view.east);

/**
 * Beside the map, the same markets as a list for keyboards and screen readers: the markets in the
 * view (nearest first once the visitor's position is known) and the clusters, each a button that
 * zooms in on it.
 */
export function MapMarketList({
  status,
  result,
  view,
  position,
  openMarket,
  zoomTo,
  skipTo,
}: {
  status: Status;
  result: MapMarkersView | null;
  view: View | null;
  position: Position | null;
  openMarket: (href: string) => void;
  zoomTo: (cluster: MapCluster) => void;
  /** The id of the page's list of every market, which a keyboard may skip the areas to. */
  skipTo: string;
}) {
  const listed = useMemo(() => {
    if (!result) return { markers: [], clusters: [], count: 0 };
    const markers = result.markers.filter((marker) => inside(view, marker));
    if (position) {
      const from = { latitude: position.lat, longitude: position.lng };
      const away = (m: MapMarkerView) => distanceKm(from, { latitude: m.lat, longitude: m.lng });
      markers.sort((a, b) => away(a) - away(b));
    }
    const clusters = result.clusters.filter((cluster) => inside(view, cluster)).sort((a, b) => b.count - a.count);
    const count = markers.length + clusters.reduce((sum, cluster) => sum + cluster.count, 0);
    return { markers, clusters, count };
  }, [result, view, position]);

  const statusText =
    status.kind === "error"
      ? status.message
      : status.kind === "loading" && !result
        ? t("map.loading")
        : listed.count === 0
          ? t("map.inViewNone")
          : listed.count === 1
            ? t("map.inViewOne")
            : t("map.inView", { count: listed.count.toLocaleString("da-DK") });

  return (
    <section
      aria-labelledby="kortliste-overskrift"
      aria-busy={status.kind === "loading"}
      className="rounded-2xl border border-stone-300 bg-white p-4 lg:max-h-[39rem] lg:overflow-y-auto dark:border-stone-700 dark:bg-stone-900"
    >
      <h2 id="kortliste-overskrift" className="text-xl font-bold">
        {t("map.listHeading")}
      </h2>
      <p role="status" aria-live="polite" className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        {statusText}
      </p>
      {result?.truncated || listed.markers.length > LIST_LIMIT ? <p className="mt-1 text-sm">{t("map.truncated")}</p> : null}
      {listed.markers.length ? (
        <ul className="mt-3 grid gap-3" data-testid="map-list-markets">
          {listed.markers.slice(0, LIST_LIMIT).map((marker) => (
            <li key={marker.slug} className="border-b border-stone-200 pb-2 last:border-0 dark:border-stone-700">
              <a
                href={`/markeder/${marker.slug}`}
                className="font-semibold"
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  openMarket(`/markeder/${marker.slug}`);
                }}
              >
                {marker.name}
              </a>
              <p className="text-sm text-stone-700 dark:text-stone-300">
                {marketTypeInfo(marker.type).name} · {marker.city}
                {position
                  ? ` · ${t("markets.distance", {
                      km: distanceKm({ latitude: position.lat, longitude: position.lng }, { latitude: marker.lat, longitude: marker.lng }).toLocaleString("da-DK", {
                        maximumFractionDigits: 1,
                      }),
                    })}`
                  : ""}
              </p>
              <p className="text-sm">{nextDateText(marker)}</p>
              <SaveButton marketId={marker.id} name={marker.name} anchorSuffix="kort" className="mt-2" />
            </li>
          ))}
        </ul>
      ) : null}
      {listed.clusters.length ? (
        // Many areas to zoom into: a keyboard gets past them to the list of every market in one step.
        <a href={`#${skipTo}`} className="mt-3 inline-block text-sm">
          {t("map.skipClusters")}
        </a>
      ) : null}
      {listed.clusters.length ? (
        <ul className="mt-3 grid gap-2" data-testid="map-list-clusters">
          {listed.clusters.map((cluster) => (
            <li key={`${cluster.lat},${cluster.lng}`}>
              <button type="button" className="text-left font-medium text-emerald-800 underline underline-offset-2 dark:text-emerald-300" onClick={() => zoomTo(cluster)}>
                {t("map.clusterHere", { count: cluster.count.toLocaleString("da-DK"), place: cluster.place })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
