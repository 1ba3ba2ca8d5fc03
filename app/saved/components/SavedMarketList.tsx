import { Form, Link } from "react-router";
import { t } from "~/lib/i18n";
import { savePath } from "../save-paths";
import type { SavedMarketCard } from "../saved-texts.server";

/**
 * The saved markets, each with its next date and what has happened to it (closed, a date called
 * off), and "Fjern", which posts to the same address as "Gemt" and comes back here.
 */
export function SavedMarketList({ markets, back }: { markets: SavedMarketCard[]; back: string }) {
  return (
    <ul className="mt-6 grid gap-4" data-testid="saved-markets">
      {markets.map((market) => (
        <li key={market.id} className="rounded-2xl border border-stone-300 bg-white p-4 sm:p-5 dark:border-stone-700 dark:bg-stone-900">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <div className="min-w-0">
              <p className="text-sm font-medium text-emerald-800 dark:text-emerald-300">{market.type}</p>
              <h2 className="text-xl font-bold break-words">
                <Link to={market.href} className="text-stone-900 dark:text-stone-50">
                  {market.name}
                </Link>
              </h2>
              <p className="text-stone-700 dark:text-stone-300">{market.place}</p>
            </div>
            {market.closed ? (
              <span className="rounded-full border border-stone-500 bg-stone-100 px-2.5 py-0.5 text-sm font-semibold text-stone-800 dark:border-stone-400 dark:bg-stone-800 dark:text-stone-100">
                {t("saved.list.closed")}
              </span>
            ) : null}
          </div>
          <p className="mt-3 text-stone-800 dark:text-stone-200">
            {market.whenLabel ? <span className="font-semibold">{market.whenLabel}: </span> : null}
            {market.when}
          </p>
          {market.cancelled.length ? (
            <ul className="mt-2 grid gap-1">
              {market.cancelled.map((text) => (
                <li key={text} className="font-medium text-red-900 dark:text-red-200">
                  {text}
                </li>
              ))}
            </ul>
          ) : null}
          <Form method="post" action={savePath(market.id)} className="mt-3">
            <input type="hidden" name="gem" value="0" />
            <input type="hidden" name="tilbage" value={back} />
            <button type="submit" className="font-medium text-red-800 underline underline-offset-2 hover:text-red-950 dark:text-red-300 dark:hover:text-red-200">
              {t("saved.list.remove")}
              <span className="sr-only">{` ${market.name}`}</span>
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
