import { useLocation, useRouteLoaderData } from "react-router";
import { t } from "~/lib/i18n";
import type { loader as rootLoader } from "~/root";
import { saveAnchor, savePath } from "../save-paths";

const LOOKS = {
  /** On the market page, among its actions. */
  page: "inline-flex items-center justify-center gap-2 rounded-lg border px-4 py-2 text-base font-medium",
  /** Over a card's picture: small, and above the card's link, which covers the whole card. */
  card: "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold shadow-sm",
};
const COLOURS =
  "border-emerald-800 bg-emerald-800 text-white hover:bg-emerald-900 aria-pressed:border-emerald-800 aria-pressed:bg-white aria-pressed:text-emerald-900 " +
  "dark:border-emerald-300 dark:bg-emerald-300 dark:text-stone-950 dark:hover:bg-emerald-200 dark:aria-pressed:bg-stone-900 dark:aria-pressed:text-emerald-200";

function Heart() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 shrink-0 fill-none stroke-current stroke-2 group-data-[saved]:fill-current">
      <path strokeLinejoin="round" d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.2 3.4 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.6 0 5.5 3.7 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z" />
    </svg>
  );
}

/**
 * "Gem" / "Gemt" on one market: a form post that works without JavaScript (303 back to this
 * button), and with it an instant toggle (app/progressive/save.ts, which finds the form by
 * data-save-market and keeps its data-saved, aria-pressed and hidden field as rendered here).
 *
 * Whether the market is saved comes from the root's data, which only a signed-in person's page
 * has: a page the cache shares is rendered for a visitor and says "Gem" on every market.
 */
export function SaveButton({
  marketId,
  name,
  look = "card",
  anchorSuffix,
  className = "",
}: {
  marketId: string;
  name: string;
  look?: keyof typeof LOOKS;
  /** Where a page shows one market more than once: what tells this button apart. */
  anchorSuffix?: string;
  className?: string;
}) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname, search } = useLocation();
  const saved = root?.savedMarketIds?.includes(marketId) ?? false;
  const anchor = saveAnchor(marketId, anchorSuffix);
  const back = `${pathname}${search}#${anchor}`;

  return (
    <form method="post" action={savePath(marketId)} id={anchor} data-save-market={marketId} data-saved={saved ? "" : undefined} className={`group scroll-mt-24 ${className}`}>
      <input type="hidden" name="gem" value={saved ? "0" : "1"} />
      <input type="hidden" name="tilbage" value={back} />
      <button type="submit" aria-pressed={saved} className={`${LOOKS[look]} ${COLOURS}`}>
        <Heart />
        <span className="group-data-[saved]:hidden">{t("saved.button.save")}</span>
        <span className="hidden group-data-[saved]:inline">{t("saved.button.saved")}</span>
        <span className="sr-only">{` ${name}`}</span>
      </button>
    </form>
  );
}
