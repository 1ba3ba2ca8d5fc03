import { data, Link, redirect, useActionData } from "react-router";
import { userCan } from "~/auth/permissions";
import { permissionHolder } from "~/auth/viewer";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { Pagination } from "~/components/Pagination";
import { FOLLOW_INTENT, FollowForm, UNFOLLOW_INTENT } from "~/forum/components/FollowForm";
import { PostItem } from "~/forum/components/PostItem";
import { ReplyForm } from "~/forum/components/ReplyForm";
import { TopicBadges } from "~/forum/components/TopicBadges";
import { TopicList } from "~/forum/components/TopicList";
import { TopicMarketCard } from "~/forum/components/TopicMarketCard";
import { FORUM_FORM_IDS, replySchema } from "~/forum/forum-forms";
import { forumPageHeaders } from "~/forum/page-expiry";
import { categoryFeedPath, categoryPath, COMMUNITY_PATH, moderateTopicPath, parseForumId, postPath, QUOTE_PARAM, REPLY_ANCHOR, topicPath } from "~/forum/paths";
import { findTopic, quoteOfPost, topicPosts, topicsBefore, type Reader } from "~/forum/reads.server";
import { isFollowing, markPageRead, setFollowing } from "~/forum/following/reading.server";
import { discussionForumPosting } from "~/forum/structured-data";
import { replyToTopic } from "~/forum/writes.server";
import { formConstraint, parseSubmission } from "~/forms/parse-form.server";
import { PERSONAL_PAGE_HEADERS, requirePermission } from "~/http/access.server";
import { redirectWithFlash } from "~/http/flash.server";
import { formFailure, formRefusal } from "~/http/form.server";
import { loadAsDocument } from "~/http/load-as-document";
import { readForm } from "~/http/request-body.server";
import { signInPath, viewerIn } from "~/http/session.server";
import { t } from "~/lib/i18n";
import { clipAtWord, MAX_TITLE, seoMeta, siteUrl } from "~/lib/meta";
import { PAGE_PARAM, parsePageNumber } from "~/lib/page-number";
import { STATIC_PAGE } from "~/lib/route-handle";
import { site } from "~/lib/site-context.server";
import { latestEventId } from "~/lib/realtime/events.server";
import type { Route } from "./+types/$topicId";

/** Read without React (decision 0022); the reply form is checked by app/progressive/forms.ts. */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** A reply holds at most 20,000 characters; sent as a form that is at most about 240 KB. */
const REPLY_MAX_BYTES = 256 * 1024;

/**
 * A signed-in reader has read the page they open: marked before the loaders run, so that this
 * page's header already counts the topic as read (the root's loader runs beside this route's).
 */
const markRead: Route.MiddlewareFunction = async ({ params, request, context }) => {
  const viewer = await viewerIn(context);
  const topicId = parseForumId(params.topicId);
  const page = parsePageNumber(new URL(request.url).searchParams.get(PAGE_PARAM));
  if (viewer && topicId !== null && page !== null && request.method === "GET") await markPageRead(site().database.db, viewer.user.id, topicId, page);
};
export const middleware: Route.MiddlewareFunction[] = [markRead];

/** /community/topic/{id}: a topic's posts in order, 20 a page, and the reply at its foot. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const topicId = parseForumId(params.topicId);
  const page = parsePageNumber(url.searchParams.get(PAGE_PARAM));
  if (topicId === null || page === null) throw data(null, { status: 404 });
  const db = site().database.db;
  const viewer = await viewerIn(context);
  const holder = viewer ? permissionHolder(viewer) : null;
  const reader: Reader | null = viewer && holder ? { id: viewer.user.id, seesEverything: userCan(holder, "hide:post:any") } : null;
  const topic = await findTopic(db, topicId, reader);
  if (!topic) throw data(null, { status: 404 });
  const [posts, related, liveSince] = await Promise.all([topicPosts(db, topicId, page, reader), topicsBefore(db, topic.category.slug, topicId), latestEventId(db)]);
  if (page > posts.pages) throw data(null, { status: 404 });
  const quoted = parseForumId(url.searchParams.get(QUOTE_PARAM) ?? undefined);
  const now = Date.now();
  return data(
    {
      topic,
      posts: posts.posts,
      related,
      page,
      pages: posts.pages,
      firstNumber: (page - 1) * 20 + 1,
      liveSince,
      quote: quoted && viewer ? await quoteOfPost(db, topicId, quoted) : null,
      signedIn: Boolean(viewer),
      following: viewer ? await isFollowing(db, viewer.user.id, topicId) : null,
      followSignInHref: `/sign-in?next=${encodeURIComponent(topicPath(topicId, page))}`,
      mayReply: Boolean(holder && userCan(holder, "post:forum") && (!topic.locked || userCan(holder, "lock:topic:any"))),
      mayModerate: Boolean(holder && userCan(holder, "hide:post:any")),
      replyConstraint: formConstraint(replySchema),
      signInHref: `/sign-in?next=${encodeURIComponent(`${topicPath(topicId, posts.pages)}#${REPLY_ANCHOR}`)}`,
      now,
    },
    { headers: viewer ? PERSONAL_PAGE_HEADERS : forumPageHeaders(now) },
  );
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { topic, page, posts } = loaderData;
  const path = topicPath(topic.id, page);
  const pageSuffix = page > 1 ? t("forum.topic.pageSuffix", { page }) : "";
  const title = `${clipAtWord(topic.title, MAX_TITLE - pageSuffix.length)}${pageSuffix}`;
  return seoMeta(matches, {
    title,
    description: topic.opening || t("forum.topic.description", { title: topic.title, category: topic.category.name }),
    path,
    ogType: "article",
    robots: topic.state === "published" ? undefined : "noindex,nofollow",
    structuredData: [discussionForumPosting(siteUrl(matches), path, topic, posts)],
    feed: { title: t("forum.feed.linkCategory", { category: topic.category.name }), path: categoryFeedPath(topic.category.slug) },
  });
}

/**
 * A reply: 303 to it in its place, or the topic again with the message at the form and the text
 * kept. "Følg emnet" and "Følg ikke længere": 303 to the topic with a toast.
 */
export async function action({ request, params, context, url }: Route.ActionArgs) {
  const topicId = parseForumId(params.topicId);
  if (topicId === null) throw data(null, { status: 404 });
  const viewer = await viewerIn(context);
  if (!viewer) return redirect(signInPath(new URL(topicPath(topicId), url)), 302);
  const form = await readForm(request, REPLY_MAX_BYTES);
  const intent = form.get("intent");
  if (intent === FOLLOW_INTENT || intent === UNFOLLOW_INTENT) {
    requirePermission(viewer, "read:dashboard:own");
    const db = site().database.db;
    const reader: Reader = { id: viewer.user.id, seesEverything: userCan(permissionHolder(viewer), "hide:post:any") };
    if (!(await findTopic(db, topicId, reader))) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
    const follow = intent === FOLLOW_INTENT;
    await setFollowing(db, viewer.user.id, topicId, follow, new Date());
    return redirectWithFlash(topicPath(topicId), { title: follow ? t("forum.follow.followed") : t("forum.follow.unfollowed"), variant: "success" });
  }
  requirePermission(viewer, "post:forum");
  const submission = parseSubmission(form, replySchema);
  if (submission.status !== "success") return formFailure(FORUM_FORM_IDS.reply, submission);
  const outcome = await replyToTopic(site().database.db, viewer.user.id, topicId, submission.value.text, {
    mayPostWhenLocked: userCan(permissionHolder(viewer), "lock:topic:any"),
  });
  switch (outcome.kind) {
    case "posted":
      return redirectWithFlash(
        postPath(topicId, outcome.position, outcome.postId),
        outcome.waits
          ? { title: t("forum.reply.waitingTitle"), description: t("forum.reply.waitingBody"), variant: "default" }
          : { title: t("forum.reply.sent"), variant: "success" },
      );
    case "not-found":
      throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
    case "refused":
      return formRefusal(FORUM_FORM_IDS.reply, submission, outcome);
  }
}

export default function TopicPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const { topic, posts, page, pages, firstNumber, now } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <Breadcrumbs
        trail={[
          { name: t("forum.overview.heading"), path: COMMUNITY_PATH },
          { name: topic.category.name, path: categoryPath(topic.category.slug) },
        ]}
        current={topic.title}
      />
      <h1 className="mt-3 text-3xl font-bold break-words sm:text-4xl">{topic.title}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-stone-700 dark:text-stone-300">
        <span>{t("forum.topic.startedBy", { name: topic.authorName })}</span>
        <TopicBadges pinned={topic.pinned} locked={topic.locked} demo={topic.demo} />
        {loaderData.mayModerate ? <Link to={moderateTopicPath(topic.id)}>{t("forum.topic.moderate")}</Link> : null}
      </p>
      {topic.state === "published" ? <FollowForm topicId={topic.id} following={loaderData.following} signInHref={loaderData.followSignInHref} /> : null}
      {topic.state === "waiting" ? (
        <p className="mt-3 rounded-lg border border-amber-600 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
          {t("forum.topic.waiting")}
        </p>
      ) : null}
      {topic.market ? <TopicMarketCard market={topic.market} /> : null}

      {/* New posts, edits and removals come in while the page is open (app/progressive/live-topic.ts). */}
      <ol
        className="mt-6 grid gap-4"
        aria-label={t("forum.topic.postsLabel")}
        data-live-topic={topic.state === "published" ? topic.id : undefined}
        data-live-since={loaderData.liveSince}
      >
        {posts.map((post, index) => (
          <li key={post.id}>
            <PostItem
              post={post}
              number={firstNumber + index}
              actions={{ topicId: topic.id, page, mayQuote: !topic.locked && topic.state === "published", mayModerate: loaderData.mayModerate, signedIn: loaderData.signedIn, now }}
            />
          </li>
        ))}
      </ol>
      <p role="status" className="sr-only" data-live-news />
      <Pagination page={page} pages={pages} hrefFor={(n) => topicPath(topic.id, n)} />

      <section
        id={REPLY_ANCHOR}
        aria-labelledby="svar-overskrift"
        tabIndex={-1}
        className="mt-8 scroll-mt-24 rounded-2xl border border-stone-300 bg-white p-4 sm:p-5 dark:border-stone-700 dark:bg-stone-900"
      >
        <h2 id="svar-overskrift" className="text-xl font-bold">
          {t("forum.reply.heading")}
        </h2>
        {topic.state !== "published" ? (
          <p className="mt-2">{t("forum.reply.notYet")}</p>
        ) : topic.locked && !loaderData.mayReply ? (
          <p className="mt-2">{t("forum.topic.lockedNote")}</p>
        ) : loaderData.mayReply ? (
          <div className="mt-3">
            {topic.locked ? <p className="mb-3">{t("forum.topic.lockedAdminNote")}</p> : null}
            <ReplyForm topicId={topic.id} reply={reply} constraint={loaderData.replyConstraint} quote={loaderData.quote} />
          </div>
        ) : (
          <p className="mt-2">
            <Link to={loaderData.signInHref}>{t("forum.reply.signIn")}</Link> {t("forum.reply.signInAfter")}
          </p>
        )}
      </section>

      {loaderData.related.length ? (
        <section aria-labelledby="flere-emner" className="mt-10">
          <h2 id="flere-emner" className="mb-3 text-xl font-bold">
            {t("forum.topic.more", { category: topic.category.name })}
          </h2>
          <TopicList topics={loaderData.related} now={now} label={t("forum.topic.more", { category: topic.category.name })} showCategory={false} />
          <p className="mt-3">
            <Link to={categoryPath(topic.category.slug)}>{t("forum.topic.allInCategory", { category: topic.category.name })}</Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}
