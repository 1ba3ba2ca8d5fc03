import { data, Link } from "react-router";
import { sentAtText } from "~/claims/sender-texts";
import { FORUM_QUEUE_PATH, moderatePostPath, topicPath } from "~/forum/paths";
import { forumQueue, QUEUE_LIMIT, type QueuedPost } from "~/forum/queue.server";
import { access, PERSONAL_PAGE_HEADERS, refusedByGuard } from "~/http/access.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/index";

const guard = access({ permission: "hide:post:any", readOnly: true });
export const middleware: Route.MiddlewareFunction[] = [guard];
export const action = refusedByGuard;

function view(post: QueuedPost) {
  return { ...post, written: sentAtText(post.createdAt), reports: post.reports.map((report) => ({ ...report, when: sentAtText(report.createdAt) })) };
}

/** /dashboard/admin/community: the forum's queue, reported posts and posts waiting for an admin, oldest first. */
export async function loader({ context }: Route.LoaderArgs) {
  guard.allowed(context);
  const queue = await forumQueue(site().database.db);
  return data({ reported: queue.reported.map(view), waiting: queue.waiting.map(view), limit: QUEUE_LIMIT }, { headers: PERSONAL_PAGE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, { title: t("forum.queue.title"), description: t("forum.queue.description"), path: FORUM_QUEUE_PATH, robots: "noindex,nofollow" });
}

type PostView = ReturnType<typeof view>;

function QueueList({ id, heading, posts, empty }: { id: string; heading: string; posts: PostView[]; empty: string }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-2xl font-bold">
        {heading}
      </h2>
      {posts.length ? (
        <ul aria-label={heading} className="mt-3 grid gap-4">
          {posts.map((post) => (
            <li key={post.postId} className="rounded-2xl border border-stone-300 bg-white p-4 dark:border-stone-700 dark:bg-stone-900">
              <p className="font-semibold break-words">
                <Link to={topicPath(post.topicId)}>{post.topicTitle}</Link>
              </p>
              <p className="text-sm text-stone-700 dark:text-stone-300">
                {t("forum.queue.byline", { name: post.authorName, when: post.written })}
                {post.isFirst ? ` · ${t("forum.queue.firstPost")}` : ""}
              </p>
              {post.html ? <div className="forum-text mt-2 max-h-60 overflow-auto" dangerouslySetInnerHTML={{ __html: post.html }} /> : null}
              {post.reports.length ? (
                <ul className="mt-2 grid gap-1 text-sm" aria-label={t("forum.queue.reports", { count: post.reports.length })}>
                  {post.reports.map((report, index) => (
                    <li key={index} className="break-words">
                      <strong>{report.reasonName}</strong> ({report.reporterName}, {report.when}){report.text ? `: ${report.text}` : ""}
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className="mt-3">
                <Link to={moderatePostPath(post.postId)}>
                  {t("forum.queue.handle")}
                  <span className="sr-only"> {t("forum.queue.handleOf", { title: post.topicTitle, name: post.authorName })}</span>
                </Link>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">{empty}</p>
      )}
    </section>
  );
}

export default function ForumQueuePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("forum.queue.heading")}</h1>
      <p className="mt-2 max-w-2xl">{t("forum.queue.intro", { limit: loaderData.limit })}</p>
      <QueueList id="anmeldte" heading={t("forum.queue.reported")} posts={loaderData.reported} empty={t("forum.queue.noneReported")} />
      <QueueList id="venter" heading={t("forum.queue.waiting")} posts={loaderData.waiting} empty={t("forum.queue.noneWaiting")} />
    </>
  );
}
