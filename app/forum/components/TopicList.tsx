import { Link } from "react-router";
import { t } from "~/lib/i18n";
import { categoryPath, topicPath } from "../paths";
import type { TopicSummary } from "../views";
import { RelativeTime } from "./RelativeTime";
import { TopicBadges } from "./TopicBadges";

/** Topics as a list: the title, where and by whom, how many replies, and the newest activity. */
export function TopicList({ topics, now, label, showCategory = true }: { topics: TopicSummary[]; now: number; label: string; showCategory?: boolean }) {
  return (
    <ul aria-label={label} className="divide-y divide-stone-200 rounded-2xl border border-stone-300 bg-white dark:divide-stone-700 dark:border-stone-700 dark:bg-stone-900">
      {topics.map((topic) => (
        <li key={topic.id} className="grid gap-1 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-4">
          <div className="min-w-0">
            <h3 className="text-lg font-semibold break-words">
              <Link to={topicPath(topic.id)}>{topic.title}</Link> <TopicBadges pinned={topic.pinned} locked={topic.locked} demo={topic.demo} />
            </h3>
            <p className="mt-1 text-sm break-words text-stone-700 dark:text-stone-300">
              {showCategory ? (
                <>
                  <Link to={categoryPath(topic.categorySlug)}>{topic.categoryName}</Link>
                  {" · "}
                </>
              ) : null}
              {t("forum.list.startedBy", { name: topic.authorName })}
              {topic.marketName ? <> · {t("forum.list.about", { market: topic.marketName })}</> : null}
            </p>
          </div>
          <p className="text-sm text-stone-700 sm:text-right dark:text-stone-300">
            <span className="font-semibold text-stone-900 dark:text-stone-50">
              {topic.replyCount === 1 ? t("forum.list.oneReply") : t("forum.list.replies", { count: topic.replyCount.toLocaleString("da-DK") })}
            </span>
            <br />
            {t("forum.list.lastActivity")} <RelativeTime iso={topic.lastPostedAt} now={now} />
          </p>
        </li>
      ))}
    </ul>
  );
}
