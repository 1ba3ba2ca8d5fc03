import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { RelativeTime } from "~/forum/components/RelativeTime";
import { TopicBadges } from "~/forum/components/TopicBadges";
import { DASHBOARD_NEW_TOPIC_PATH, MY_TOPICS_PATH, topicPath } from "~/forum/paths";
import { topicsStartedBy } from "~/forum/reads.server";
import { access, PERSONAL_PAGE_HEADERS, refusedByGuard } from "~/http/access.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/index";

const guard = access({ permission: "read:dashboard:own", readOnly: true });
export const middleware: Route.MiddlewareFunction[] = [guard];
export const action = refusedByGuard;

const STATE_NOTES: Record<string, string> = {
  waiting: t("forum.mine.waiting"),
  hidden: t("forum.mine.hidden"),
};

/** /dashboard/community: the topics I started, newest first, with how each stands. */
export async function loader({ context }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  const topics = await topicsStartedBy(site().database.db, viewer.user.id);
  return data({ topics: topics.map((topic) => ({ ...topic, note: STATE_NOTES[topic.state] ?? null })), now: Date.now() }, { headers: PERSONAL_PAGE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, { title: t("forum.mine.title"), description: t("forum.mine.description"), path: MY_TOPICS_PATH, robots: "noindex,nofollow" });
}

export default function MyTopicsPage({ loaderData }: Route.ComponentProps) {
  const { topics, now } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold sm:text-4xl">{t("forum.mine.heading")}</h1>
        <Link to={DASHBOARD_NEW_TOPIC_PATH} className={buttonClass()}>
          {t("forum.overview.newTopic")}
        </Link>
      </div>
      {topics.length ? (
        <ul
          aria-label={t("forum.mine.heading")}
          className="mt-6 divide-y divide-stone-200 rounded-2xl border border-stone-300 bg-white dark:divide-stone-700 dark:border-stone-700 dark:bg-stone-900"
        >
          {topics.map((topic) => (
            <li key={topic.id} className="p-4">
              <p className="font-semibold break-words">
                <Link to={topicPath(topic.id)}>{topic.title}</Link> <TopicBadges pinned={topic.pinned} locked={topic.locked} demo={false} />
              </p>
              <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
                {topic.categoryName} · {topic.replyCount === 1 ? t("forum.list.oneReply") : t("forum.list.replies", { count: topic.replyCount.toLocaleString("da-DK") })} ·{" "}
                {t("forum.list.lastActivity")} <RelativeTime iso={topic.lastPostedAt} now={now} />
              </p>
              {topic.note ? <p className="mt-1 text-sm font-medium">{topic.note}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6">{t("forum.mine.none")}</p>
      )}
    </>
  );
}
