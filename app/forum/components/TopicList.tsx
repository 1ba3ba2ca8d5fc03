import { Link } from "react-router";
import { t } from "~/lib/i18n";
import { categoryPath, topicPath } from "../paths";
import type { TopicSummary } from "../views";
import { RelativeTime } from "./RelativeTime";
import { TopicBadges } from "./TopicBadges";

/** A topic as a person's discussions list it (following/discussions.server.ts): where to open it and what is new. */
export interface TopicReading {
  href: string;
  unread: number;
  following: boolean;
}

function unreadText(unread: number): string {
  return unread === 1 ? t("forum.discussions.unreadOne") : t("forum.discussions.unreadMany", { count: unread.toLocaleString("da-DK") });
}

/**
 * Topics as a list: the title, where and by whom, how many replies, and the newest activity; for a
 * person's own discussions also the posts since they last read each.
 */
export function TopicList({
  topics,
  now,
  label,
  showCategory = true,
  headingLevel = 3,
}: {
  topics: (TopicSummary & Partial<TopicReading>)[];
  now: number;
  label: string;
  showCategory?: boolean;
  /** 2 where the list comes right under the page's h1. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul aria-label={label} className="divide-y divide-stone-200 rounded-2xl border border-stone-300 bg-white dark:divide-stone-700 dark:border-stone-700 dark:bg-stone-900">
      {topics.map((topic) => (
        <li key={topic.id} className="grid gap-1 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-4">
          <div className="min-w-0">
            <Heading className="text-lg font-semibold break-words">
              <Link to={topic.href ?? topicPath(topic.id)}>{topic.title}</Link> <TopicBadges pinned={topic.pinned} locked={topic.locked} demo={topic.demo} />
            </Heading>
            <p className="mt-1 text-sm break-words text-stone-700 dark:text-stone-300">
              {showCategory ? (
                <>
                  <Link to={categoryPath(topic.categorySlug)}>{topic.categoryName}</Link>
                  {" · "}
                </>
              ) : null}
              {t("forum.list.startedBy", { name: topic.authorName })}
              {topic.marketName ? <> · {t("forum.list.about", { market: topic.marketName })}</> : null}
              {topic.following === false ? <> · {t("forum.discussions.notFollowing")}</> : null}
            </p>
          </div>
          <p className="text-sm text-stone-700 sm:text-right dark:text-stone-300">
            {topic.unread === undefined ? null : topic.unread > 0 ? (
              <>
                <span className="inline-block rounded-full bg-emerald-800 px-2 py-0.5 font-semibold text-white dark:bg-emerald-300 dark:text-stone-950">
                  {unreadText(topic.unread)}
                </span>
                <br />
              </>
            ) : (
              <>
                {t("forum.discussions.nothingNew")}
                <br />
              </>
            )}
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
