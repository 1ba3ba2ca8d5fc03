import { t } from "~/lib/i18n";
import { formatDanishDate } from "../lib/dates";
import { marketTypeInfo } from "../markets/market-types";
import type { MapMarkerView } from "./wire";

/** When a market on the map opens next, as its popup and the list beside the map say it. */
export function nextDateText(marker: MapMarkerView): string {
  if (marker.nextDate) return `${t("markets.nextDate")}: ${formatDanishDate(marker.nextDate)}`;
  return marketTypeInfo(marker.type).isShop ? t("markets.shopOpen") : t("markets.noUpcoming");
}
