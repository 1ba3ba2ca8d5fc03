import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { formatDanishDate } from "~/lib/dates";
import { t } from "~/lib/i18n";
import { topicPath } from "../paths";
import type { TopicSummary } from "../views";

/**
 * "Snak om markedet" on a market's page: the newest topics about it and the way to start one. The
 * page is cached until midnight, so the dates are days, not "for 3 timer siden".
 */
export function MarketTopics({ topics, startHref }: { topics: TopicSummary[]; startHref: string }) {
  return (
    <section aria-labelledby="snak-om-markedet" className="mt-12">
      <h2 id="snak-om-markedet" className="text-2xl font-bold">
        {t("forum.market.heading")}
      </h2>
      {topics.length ? (
        <ul aria-label={t("forum.market.label")} className="mt-3 grid gap-2">
          {topics.map((topic) => (
            <li key={topic.id} className="break-words">
              <Link to={topicPath(topic.id)} className="font-semibold">
                {topic.title}
              </Link>{" "}
              <span className="text-sm text-stone-700 dark:text-stone-300">
                · {topic.replyCount === 1 ? t("forum.list.oneReply") : t("forum.list.replies", { count: topic.replyCount.toLocaleString("da-DK") })} ·{" "}
                {t("forum.list.lastActivity").toLowerCase()} {formatDanishDate(new Date(topic.lastPostedAt))}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">{t("forum.market.none")}</p>
      )}
      <p className="mt-4">
        <Link to={startHref} className={buttonClass("secondary")}>
          {t("forum.market.start")}
        </Link>
      </p>
    </section>
  );
}
