import { Link } from "react-router";
import { t } from "~/lib/i18n";
import { formatDanishDate } from "../../lib/dates";
import type { MarketListItem } from "../../filters/filters";
import { distanceText, entryFeeText, formatTimeRange } from "../../markets/format";
import { marketTypeInfo } from "../../markets/market-types";
import { SaveButton } from "../../saved/components/SaveButton";
import { MarketPicture } from "../../markets/components/MarketPicture";
import { MarketTypeIllustration } from "../../markets/components/MarketTypeIllustration";

/** Dark text on a light tint, light text on a dark one: well above 4.5:1 in both themes. */
const BADGE = "rounded-full px-2.5 py-0.5 text-sm font-semibold";
const BADGE_COLOURS = {
  open: "bg-emerald-800 text-white dark:bg-emerald-300 dark:text-stone-950",
  free: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  indoor: "bg-sky-100 text-sky-950 dark:bg-sky-900 dark:text-sky-50",
};

/**
 * A market's own picture across the top of its card, keeping its shape while it loads. A market
 * without one gets no placeholder the size of a photo: a small drawing of its type in the type's
 * line keeps the card compact, so that a phone shows four or more of them at once.
 */
function CardPicture({ market }: { market: MarketListItem }) {
  const { cover } = market;
  if (!cover) return null;
  return (
    <MarketPicture image={cover} sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw" className="aspect-[2/1] w-full bg-stone-200 object-cover dark:bg-stone-800" />
  );
}

/** One market in a list: enough to decide whether to open it. */
/** `saveAnchorSuffix`: where a page lists one market in two places, what tells their "Gem" buttons apart. */
export function MarketCard({ market, headingLevel = 2, saveAnchorSuffix }: { market: MarketListItem; headingLevel?: 2 | 3; saveAnchorSuffix?: string }) {
  const type = marketTypeInfo(market.type);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const free = market.entryFeeDkk === 0;
  const fee = free ? null : entryFeeText(market.entryFeeDkk);
  const indoor = market.setting === "indoor";
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-stone-300 bg-white shadow-sm hover:border-emerald-700 dark:border-stone-700 dark:bg-stone-900">
      <CardPicture market={market} />
      {market.cover ? <SaveButton marketId={market.id} name={market.name} anchorSuffix={saveAnchorSuffix} className="absolute top-2 right-2 z-10" /> : null}
      <div className={`flex min-w-0 flex-1 flex-col ${market.cover ? "p-4" : "p-3 sm:p-4"}`}>
        <div className="flex items-start justify-between gap-2">
          {/* The drawing beside the label, not in it: it is a div, which a p may not hold. */}
          <div className="flex items-center gap-2">
            {market.cover ? null : <MarketTypeIllustration type={market.type} className="size-8 shrink-0 rounded" />}
            <p className="text-sm font-medium text-emerald-800 dark:text-emerald-300">{type.label}</p>
          </div>
          {/* Without a picture to sit on, "Gem" shares the type's line. */}
          {market.cover ? null : <SaveButton marketId={market.id} name={market.name} anchorSuffix={saveAnchorSuffix} className="relative z-10 -mt-0.5 shrink-0" />}
        </div>
        <Heading className="mt-0.5 text-lg font-bold leading-snug">
          <Link to={`/markeder/${market.slug}`} className="text-stone-900 no-underline after:absolute after:inset-0 hover:underline dark:text-stone-50">
            {market.name}
          </Link>
        </Heading>
        <p className="text-sm text-stone-700 sm:mt-1 sm:text-base dark:text-stone-300">
          {market.postalCode} {market.city}
          {market.distanceKm !== null ? ` · ${distanceText(market.distanceKm)}` : null}
        </p>
        <p className="mt-1 text-sm sm:mt-2">
          {market.nextDate ? (
            <>
              <span className="font-semibold">{t("markets.nextDate")}:</span> {formatDanishDate(market.nextDate)} {formatTimeRange(market.nextStartTime, market.nextEndTime)}
            </>
          ) : type.isShop ? (
            t("markets.shopOpen")
          ) : (
            t("markets.noUpcoming")
          )}
        </p>
        {fee ? <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">{fee}</p> : null}
        {market.openNow || free || indoor ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {market.openNow ? (
              // A page kept by the cache (until midnight) or left open in a tab: app/progressive/open-badges.ts hides it at closing time, perhaps before React hydrates.
              <li className={`${BADGE} ${BADGE_COLOURS.open}`} data-open-until={market.openUntil ?? undefined} suppressHydrationWarning>
                {t("markets.openNow")}
              </li>
            ) : null}
            {free ? <li className={`${BADGE} ${BADGE_COLOURS.free}`}>{t("markets.free")}</li> : null}
            {indoor ? <li className={`${BADGE} ${BADGE_COLOURS.indoor}`}>{t("markets.indoor")}</li> : null}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
