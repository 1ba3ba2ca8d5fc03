import { formatDanishDate } from "~/lib/dates";
import { t } from "~/lib/i18n";
import { marketTypeInfo } from "../markets/market-types";
import { openingText } from "../markets/format";
import type { SavedMarket } from "./saved-list.server";

/** One saved market as the list shows it, written out on the server (Danish dates and words). */
export interface SavedMarketCard {
  id: string;
  name: string;
  href: string;
  type: string;
  place: string;
  /** "Næste dato", or null when the line says it all (a shop, no coming date, closed). */
  whenLabel: string | null;
  when: string;
  closed: boolean;
  /** "Aflyst lør. 6. dec. 2026: Pinse" for the coming dates called off before the next one. */
  cancelled: string[];
}

export function savedMarketCard(market: SavedMarket): SavedMarketCard {
  const closed = market.status === "archived";
  const when = closed ? t("saved.list.closedNote") : market.next ? openingText(market.next) : market.isShop ? t("saved.list.shop") : t("saved.list.noNextDate");
  return {
    id: market.id,
    name: market.name,
    href: `/markeder/${market.slug}`,
    type: marketTypeInfo(market.type).label,
    place: `${market.postalCode} ${market.city}`,
    whenLabel: market.next ? t("saved.list.nextDate") : null,
    when,
    closed,
    cancelled: market.cancelled.map((opening) =>
      opening.note
        ? t("saved.list.cancelledWithNote", { date: formatDanishDate(opening.date), note: opening.note })
        : t("saved.list.cancelled", { date: formatDanishDate(opening.date) }),
    ),
  };
}
