import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type * as Leaflet from "leaflet";
import { useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { fetchJson, isAbortError, OfflineError, onReconnect } from "~/lib/fetch-json";
import { t } from "~/lib/i18n";
import { formatDanishDate } from "../dates";
import { distanceKm } from "../geo";
import { MAX_CLUSTER_ZOOM, MAX_LATITUDE } from "../map-grid";
import { decodeMapMarkers, type MapCluster, type MapMarkerView, type MapMarkersView } from "../map-wire";
import { marketTypeInfo } from "../market-types";

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
const REFETCH_DELAY_MS = 250;
/** The list beside the map stays readable; the map still shows them all. */
const LIST_LIMIT = 100;

type Status = { kind: "loading" } | { kind: "ready" } | { kind: "error"; message: string };

interface View {
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

const inside = (view: View | null, point: { lat: number; lng: number }) =>
  !view || (point.lat >= view.south && point.lat <= view.north && point.lng >= view.west && point.lng <= view.east);

function nextDateText(marker: MapMarkerView): string {
  if (marker.nextDate) return `${t("markets.nextDate")}: ${formatDanishDate(marker.nextDate)}`;
  return marketTypeInfo(marker.type).isShop ? t("markets.shopOpen") : t("markets.noUpcoming");
}

/** The popup as DOM nodes with text content, so a market's name can never become markup. */
function popupContent(marker: MapMarkerView, open: (href: string) => void): HTMLElement {
  const root = document.createElement("div");
  root.className = "grid gap-1 text-sm text-stone-900";
  // Divs, not paragraphs: Leaflet's stylesheet gives popup paragraphs wide margins.
  const line = (text: string, className: string) => {
    const div = document.createElement("div");
    div.className = className;
    div.textContent = text;
    root.append(div);
  };
  line(marker.name, "text-base font-bold");
  line(`${marketTypeInfo(marker.type).name} · ${marker.city}`, "");
  line(nextDateText(marker), "");
  const link = document.createElement("a");
  link.href = `/markeder/${marker.slug}`;
  link.textContent = t("map.seeMarket");
  link.className = "mt-1 font-semibold";
  link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(link.pathname);
  });
  root.append(link);
  return root;
}

function clusterSize(count: number): number {
  return count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 48 : 56;
}

/**
 * The map of /markeder: Leaflet, loaded only in the browser and only here, with the server's
 * clusters and markers for the view (GET /api/markers), refetched when the view or the filters
 * change, and beside it the same markets as a list for keyboards and screen readers.
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
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<Leaflet.Map | null>(null);
  const leafletRef = useRef<LeafletModule | null>(null);
  const layerRef = useRef<Leaflet.LayerGroup | null>(null);
  const positionLayerRef = useRef<Leaflet.LayerGroup | null>(null);
  const loadRef = useRef<(force?: boolean) => Promise<void>>(async () => {});
  const [result, setResult] = useState<MapMarkersView | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "loading" });
  const [position, setPosition] = useState<{ lat: number; lng: number } | null>(null);
  const [locating, setLocating] = useState(false);
  const [locationMessage, setLocationMessage] = useState("");

  const openMarket = useCallback((href: string) => navigate(href), [navigate]);

  // Every load knows the filters it was asked with; a newer load aborts the older one.
  const filterRef = useRef(filterQuery);
  filterRef.current = filterQuery;
  const controllerRef = useRef<AbortController | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);

  const lastUrlRef = useRef("");
  // Where the map is (or will be, once Leaflet has loaded) centred, and the focus it last applied.
  const focusRef = useRef(focus);
  focusRef.current = focus;
  const firstFocus = useRef<string | null>(null);
  const load = useCallback(async (force = false) => {
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
  }, []);
  loadRef.current = load;

  const scheduleLoad = useCallback(() => {
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = setTimeout(() => void loadRef.current(), REFETCH_DELAY_MS);
  }, []);

  // Create the map once, after Leaflet has arrived.
  useEffect(() => {
    let cancelled = false;
    void import("leaflet").then((module) => {
      const L = ((module as unknown as { default?: LeafletModule }).default ?? module) as LeafletModule;
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
      firstFocus.current = start ? `${start.lat},${start.lng},${start.zoom}` : "";
      if (start) map.setView([start.lat, start.lng], start.zoom);
      else map.fitBounds(DENMARK);
      mapRef.current = map;
      map.on("moveend", scheduleLoad);
      void loadRef.current();
    });
    const stopReconnect = onReconnect(() => void loadRef.current(true));
    return () => {
      cancelled = true;
      stopReconnect();
      if (timerRef.current) clearTimeout(timerRef.current);
      controllerRef.current?.abort();
      mapRef.current?.remove();
      mapRef.current = null;
    };
    // The map is made once (tiles and attribution do not change); the effects below apply new
    // areas and filters to it.
  }, []);

  // A new area or position chosen in the filters moves the map; other filters keep the view.
  const focusKey = focus ? `${focus.lat},${focus.lng},${focus.zoom}` : "";
  useEffect(() => {
    const map = mapRef.current;
    const next = focusRef.current;
    if (!map || focusKey === firstFocus.current) return;
    firstFocus.current = focusKey;
    if (next) map.setView([next.lat, next.lng], next.zoom);
    else map.fitBounds(DENMARK);
  }, [focusKey]);

  const firstFilters = useRef(filterQuery);
  useEffect(() => {
    if (filterQuery === firstFilters.current) return;
    firstFilters.current = filterQuery;
    scheduleLoad();
  }, [filterQuery, scheduleLoad]);

  const zoomTo = useCallback((cluster: MapCluster) => {
    const map = mapRef.current;
    if (!map) return;
    map.setView([cluster.lat, cluster.lng], Math.min(Math.round(map.getZoom()) + 2, MAX_CLUSTER_ZOOM));
  }, []);

  // Draw what the server sent, in the same frame as the list beside the map.
  useLayoutEffect(() => {
    const L = leafletRef.current;
    const layer = layerRef.current;
    if (!L || !layer || !result) return;
    layer.clearLayers();
    for (const cluster of result.clusters) {
      const size = clusterSize(cluster.count);
      const count = cluster.count.toLocaleString("da-DK");
      L.marker([cluster.lat, cluster.lng], {
        icon: L.divIcon({
          // Leaflet's own stylesheet makes the icon a block, so the centring sits on the inner span.
          html: `<span aria-hidden="true" class="flex h-full w-full items-center justify-center">${count}</span>`,
          className: "lg-map-cluster rounded-full border-2 border-white bg-emerald-800 text-sm font-bold text-white shadow-md",
          iconSize: [size, size],
        }),
        title: t("map.clusterTitle", { count }),
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
          iconSize: [20, 20],
        }),
        title: marker.name,
        riseOnHover: true,
      })
        .bindPopup(() => popupContent(marker, openMarket), { minWidth: 200 })
        .addTo(layer);
    }
  }, [result, zoomTo, openMarket]);

  const findNearMe = () => {
    if (!("geolocation" in navigator)) {
      setLocationMessage(t("markets.locationUnavailable"));
      return;
    }
    setLocating(true);
    setLocationMessage("");
    navigator.geolocation.getCurrentPosition(
      (found) => {
        setLocating(false);
        const here = { lat: found.coords.latitude, lng: found.coords.longitude };
        setPosition(here);
        const L = leafletRef.current;
        const map = mapRef.current;
        if (!L || !map) return;
        positionLayerRef.current?.clearLayers();
        L.circleMarker([here.lat, here.lng], { radius: 8, color: "#1d4ed8", fillColor: "#3b82f6", fillOpacity: 0.9 })
          .bindTooltip(t("map.youAreHere"))
          .addTo(positionLayerRef.current!);
        map.setView([here.lat, here.lng], Math.max(12, Math.round(map.getZoom())));
      },
      (failure) => {
        setLocating(false);
        setLocationMessage(
          failure.code === failure.PERMISSION_DENIED ? t("markets.locationDenied") : t("markets.locationUnavailable"),
        );
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  };

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
          className="h-[28rem] w-full overflow-hidden rounded-2xl border border-stone-300 bg-stone-200 lg:h-[36rem] dark:border-stone-700 dark:bg-stone-800"
          data-testid="market-map"
        />
      </div>
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
                        km: distanceKm(
                          { latitude: position.lat, longitude: position.lng },
                          { latitude: marker.lat, longitude: marker.lng },
                        ).toLocaleString("da-DK", { maximumFractionDigits: 1 }),
                      })}`
                    : ""}
                </p>
                <p className="text-sm">{nextDateText(marker)}</p>
              </li>
            ))}
          </ul>
        ) : null}
        {listed.clusters.length ? (
          <ul className="mt-3 grid gap-2" data-testid="map-list-clusters">
            {listed.clusters.map((cluster) => (
              <li key={`${cluster.lat},${cluster.lng}`}>
                <button
                  type="button"
                  className="text-left font-medium text-emerald-800 underline underline-offset-2 dark:text-emerald-300"
                  onClick={() => zoomTo(cluster)}
                >
                  {t("map.clusterHere", { count: cluster.count.toLocaleString("da-DK") })}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
