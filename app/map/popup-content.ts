import { t } from "~/lib/i18n";
import { marketTypeInfo } from "../markets/market-types";
import { nextDateText } from "./next-date-text";
import type { MapMarkerView } from "./wire";

/** The popup as DOM nodes with text content, so a market's name can never become markup. */
export function popupContent(marker: MapMarkerView): HTMLElement {
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
  root.append(link);
  return root;
}
