import { Link } from "react-router";
import { formatDanishDate } from "~/lib/dates";
import { t } from "~/lib/i18n";
import { isMarketType, marketTypeInfo } from "~/markets/market-types";
import type { TopicMarketView } from "../views";

/** The market a topic is about: its name, type, town and next date, and the way to its page. */
export function TopicMarketCard({ market }: { market: TopicMarketView }) {
  const type = isMarketType(market.type) ? marketTypeInfo(market.type).label : null;
  return (
    <aside aria-labelledby="emnets-marked" className="mt-4 rounded-2xl border border-emerald-700 bg-emerald-50 p-4 dark:border-emerald-400 dark:bg-emerald-950">
      <p id="emnets-marked" className="text-sm font-semibold text-emerald-900 dark:text-emerald-100">
        {t("forum.topic.aboutMarket")}
      </p>
      <p className="mt-1 text-lg font-bold break-words">
        <Link to={`/markeder/${market.slug}`}>{market.name}</Link>
      </p>
      <p className="text-sm text-stone-800 dark:text-stone-200">
        {[type, market.town].filter(Boolean).join(" · ")}
        {market.nextDate ? ` · ${t("forum.topic.nextDate", { date: formatDanishDate(market.nextDate) })}` : ""}
      </p>
    </aside>
  );
}
