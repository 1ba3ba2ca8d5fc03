import { t } from "~/lib/i18n";
import { distanceKm } from "../markets/geo";
import { marketTypeInfo } from "../markets/market-types";
import { saveAnchor, savePath } from "../saved/save-paths";
import { changedSaveState } from "../saved/save-toggle";
import { findPart } from "./map-frame";
import type { Position } from "./map-settings";
import type { MarkersInView, View } from "./markers-in-view";
import { nextDateText } from "./next-date-text";
import type { MapCluster, MapMarkerView, MapMarkersView } from "./wire";

/** The list beside the map stays readable; the map still shows them all. */
const LIST_LIMIT = 100;

const inside = (view: View | null, point: { lat: number; lng: number }) =>
  !view || (point.lat >= view.south && point.lat <= view.north && point.lng >= view.west && point.lng <= view.east);

const awayFrom = (position: Position, marker: MapMarkerView) => distanceKm({ latitude: position.lat, longitude: position.lng }, { latitude: marker.lat, longitude: marker.lng });

/**
 * What the list beside the map holds: the markets in the view (nearest first once the visitor's
 * position is known), the clusters in it (biggest first), and how many markets they are together.
 */
export function listedInView(result: MapMarkersView | null, view: View | null, position: Position | null) {
  if (!result) return { markers: [], clusters: [], count: 0 };
  const markers = result.markers.filter((marker) => inside(view, marker));
  if (position) markers.sort((a, b) => awayFrom(position, a) - awayFrom(position, b));
  const clusters = result.clusters.filter((cluster) => inside(view, cluster)).sort((a, b) => b.count - a.count);
  const count = markers.length + clusters.reduce((sum, cluster) => sum + cluster.count, 0);
  return { markers, clusters, count };
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The page's one "Gem" button (SaveButton.tsx, rendered by the server into a template) made this
 * market's, as it is in this tab: a signed-in visitor's press is then taken by
 * app/progressive/save.ts, a visitor's post goes on to sign in, as everywhere else.
 */
function saveButton(template: HTMLTemplateElement, marker: MapMarkerView, savedOnServer: boolean): HTMLFormElement {
  const saved = changedSaveState(marker.id) ?? savedOnServer;
  const form = template.content.firstElementChild!.cloneNode(true) as HTMLFormElement;
  const anchor = saveAnchor(marker.id, "kort");
  form.id = anchor;
  form.action = savePath(marker.id);
  form.dataset.saveMarket = marker.id;
  form.toggleAttribute("data-saved", saved);
  (form.elements.namedItem("gem") as HTMLInputElement).value = saved ? "0" : "1";
  (form.elements.namedItem("tilbage") as HTMLInputElement).value = `${location.pathname}${location.search}#${anchor}`;
  form.querySelector("button")!.setAttribute("aria-pressed", String(saved));
  form.querySelector(".sr-only")!.textContent = ` ${marker.name}`;
  return form;
}

function marketItem(marker: MapMarkerView, position: Position | null, template: HTMLTemplateElement, saved: boolean): HTMLLIElement {
  const item = element("li", "border-b border-stone-200 pb-2 last:border-0 dark:border-stone-700");
  const link = element("a", "font-semibold", marker.name);
  link.href = `/markeder/${marker.slug}`;
  const distance = position ? ` · ${t("markets.distance", { km: awayFrom(position, marker).toLocaleString("da-DK", { maximumFractionDigits: 1 }) })}` : "";
  item.append(
    link,
    element("p", "text-sm text-stone-700 dark:text-stone-300", `${marketTypeInfo(marker.type).name} · ${marker.city}${distance}`),
    element("p", "text-sm", nextDateText(marker)),
    saveButton(template, marker, saved),
  );
  return item;
}

function clusterItem(cluster: MapCluster, zoomTo: (cluster: MapCluster) => void): HTMLLIElement {
  const item = document.createElement("li");
  const button = element(
    "button",
    "text-left font-medium text-emerald-800 underline underline-offset-2 dark:text-emerald-300",
    t("map.clusterHere", { count: cluster.count.toLocaleString("da-DK"), place: cluster.place }),
  );
  button.type = "button";
  button.addEventListener("click", () => zoomTo(cluster));
  item.append(button);
  return item;
}

function statusText({ status, result }: MarkersInView, count: number): string {
  if (status.kind === "error") return status.message;
  if (status.kind === "loading" && !result) return t("map.loading");
  if (count === 0) return t("map.inViewNone");
  if (count === 1) return t("map.inViewOne");
  return t("map.inView", { count: count.toLocaleString("da-DK") });
}

/**
 * Fills the list beside the map (the server's empty frame, MarketMapFrame.tsx) with what the map
 * shows: how many markets are in the view or why none are, the markets as links with their "Gem",
 * and the clusters as buttons that zoom in, after a link that skips them.
 */
export function renderMapList(
  frame: HTMLElement,
  state: MarkersInView,
  { position, savedIds, zoomTo }: { position: Position | null; savedIds: ReadonlySet<string>; zoomTo: (cluster: MapCluster) => void },
): void {
  const listed = listedInView(state.result, state.view, position);
  findPart(frame, "list").setAttribute("aria-busy", String(state.status.kind === "loading"));
  const status = findPart(frame, "status");
  const said = statusText(state, listed.count);
  // A live region: the same words written again could be read out again.
  if (status.textContent !== said) status.textContent = said;
  findPart(frame, "truncated").hidden = !(state.result?.truncated || listed.markers.length > LIST_LIMIT);

  const template = findPart<HTMLTemplateElement>(frame, "save-button");
  const markets = findPart(frame, "markets");
  markets.replaceChildren(...listed.markers.slice(0, LIST_LIMIT).map((marker) => marketItem(marker, position, template, savedIds.has(marker.id))));
  markets.hidden = listed.markers.length === 0;

  const clusters = findPart(frame, "clusters");
  clusters.replaceChildren(...listed.clusters.map((cluster) => clusterItem(cluster, zoomTo)));
  clusters.hidden = listed.clusters.length === 0;
  findPart(frame, "skip").hidden = listed.clusters.length === 0;
}
