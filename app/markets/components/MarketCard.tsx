import { Link } from "react-router";
import { t } from "~/lib/i18n";
import { formatDanishDate } from "../../lib/dates";
import type { MarketListItem } from "../filters";
import { distanceText, entryFeeText, formatTimeRange } from "../format";
import { marketTypeInfo } from "../market-types";


/** One market in a list: enough to decide whether to open it. */
export function MarketCard({ market, headingLevel = 2 }: { market: MarketListItem; headingLevel?: 2 | 3 }) {
  const type = marketTypeInfo(market.type);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const fee = entryFeeText(market.entryFeeDkk);
  return (
    <article className="relative rounded-xl border border-stone-300 bg-white p-4 shadow-sm hover:border-emerald-700 dark:border-stone-700 dark:bg-stone-900">
      <p className="text-sm font-medium text-emerald-800 dark:text-emerald-300">{type.label}</p>
      <Heading className="mt-1 text-lg font-bold leading-snug">
        <Link to={`/markeder/${market.slug}`} className="text-stone-900 no-underline after:absolute after:inset-0 hover:underline dark:text-stone-50">
          {market.name}
        </Link>
      </Heading>
      <p className="mt-1 text-stone-700 dark:text-stone-300">
        {market.postalCode} {market.city}
        {market.distanceKm !== null ? ` · ${distanceText(market.distanceKm)}` : null}
      </p>
      <p className="mt-2 text-sm">
        {market.nextDate ? (
          <>
            <span className="font-semibold">{t("markets.nextDate")}:</span> {formatDanishDate(market.nextDate)}{" "}
            {formatTimeRange(market.nextStartTime, market.nextEndTime)}
          </>
        ) : type.isShop ? (
          t("markets.shopOpen")
        ) : (
          t("markets.noUpcoming")
        )}
      </p>
      {fee ? <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">{fee}</p> : null}
    </article>
  );
}
