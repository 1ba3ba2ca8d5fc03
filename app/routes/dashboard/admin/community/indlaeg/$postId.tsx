import { data, Link, useActionData } from "react-router";
import { sentAtText } from "~/claims/sender-texts";
import { FactRow } from "~/components/ui/FactRow";
import { ModerationForm, type ModerationButton } from "~/forum/components/ModerationForm";
import { moderationSchema } from "~/forum/forum-forms";
import { actOnPost, postActionOf } from "~/forum/moderation-actions.server";
import { POST_ACTION_PERMISSIONS } from "~/forum/moderation.server";
import { FORUM_QUEUE_PATH, moderatePostPath, moderateTopicPath, topicPath } from "~/forum/paths";
import { postForModeration } from "~/forum/queue.server";
import { formConstraint } from "~/forms/parse-form.server";
import { access, PERSONAL_PAGE_HEADERS, requirePermission } from "~/http/access.server";
import { anyForumPost } from "~/http/url-things.server";
import { answerModeration } from "~/http/moderation-answer.server";
import { readForm } from "~/http/request-body.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/$postId";

const guard = access({ permission: "hide:post:any", thing: anyForumPost });
export const middleware: Route.MiddlewareFunction[] = [guard];

const STATE_NAMES: Record<string, string> = {
  published: t("adminLog.change.postStates.published"),
  waiting: t("adminLog.change.postStates.waiting"),
  hidden: t("adminLog.change.postStates.hidden"),
  deleted: t("adminLog.change.postStates.deleted"),
};

const BUTTONS: Record<string, ModerationButton> = {
  approve: { intent: "approve", label: t("forum.moderation.buttons.approve"), pendingLabel: t("forum.moderation.pending"), variant: "primary" },
  show: { intent: "show", label: t("forum.moderation.buttons.show"), pendingLabel: t("forum.moderation.pending") },
  hide: { intent: "hide", label: t("forum.moderation.buttons.hide"), pendingLabel: t("forum.moderation.pending") },
  dismiss: { intent: "dismiss", label: t("forum.moderation.buttons.dismiss"), pendingLabel: t("forum.moderation.pending") },
  delete: { intent: "delete", label: t("forum.moderation.buttons.delete"), pendingLabel: t("forum.moderation.pending"), variant: "danger" },
};

/** /dashboard/admin/community/indlaeg/{postId}: one post as the admins see it, with its reports and what they may do. */
export async function loader({ context }: Route.LoaderArgs) {
  const { thing } = guard.allowed(context);
  const post = await postForModeration(site().database.db, thing.id);
  if (!post) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  const actions = [
    post.state === "waiting" ? "approve" : null,
    post.state === "hidden" ? "show" : null,
    post.state === "published" || post.state === "waiting" ? "hide" : null,
    post.reports.length ? "dismiss" : null,
    post.state !== "deleted" ? "delete" : null,
  ].filter((action): action is string => action !== null);
  return data(
    {
      post: {
        ...post,
        stateName: STATE_NAMES[post.state] ?? post.state,
        written: sentAtText(post.createdAt),
        reports: post.reports.map((report) => ({ ...report, when: sentAtText(report.createdAt) })),
      },
      actions,
      constraint: formConstraint(moderationSchema),
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("forum.moderation.postTitle", { id: loaderData?.post.postId ?? "" }),
    description: t("forum.moderation.postDescription"),
    path: loaderData ? moderatePostPath(loaderData.post.postId) : FORUM_QUEUE_PATH,
    robots: "noindex,nofollow",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, thing: post } = guard.allowed(context);
  const form = await readForm(request);
  const intent = postActionOf(form);
  if (!intent) throw data({ message: t("forum.moderation.unknownAction") }, { status: 400, headers: PERSONAL_PAGE_HEADERS });
  requirePermission(viewer, POST_ACTION_PERMISSIONS[intent]);
  const { config, mailer, logger } = site();
  return answerModeration(await actOnPost(site().database.db, viewer.user.id, post.id, intent, form, { baseUrl: config.baseUrl, send: mailer.send, logger }), FORUM_QUEUE_PATH);
}

export default function ModeratePostPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const { post, actions } = loaderData;
  return (
    <>
      <p>
        <Link to={FORUM_QUEUE_PATH}>← {t("forum.queue.back")}</Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold break-words sm:text-4xl">{t("forum.moderation.postHeading", { title: post.topicTitle })}</h1>
      <dl className="mt-4 divide-y divide-stone-200 dark:divide-stone-700">
        <FactRow label={t("forum.moderation.facts.author")}>
          {post.authorId ? <Link to={`/dashboard/admin/brugere/${post.authorId}`}>{post.authorName}</Link> : post.authorName}
        </FactRow>
        <FactRow label={t("forum.moderation.facts.written")}>{post.written}</FactRow>
        <FactRow label={t("forum.moderation.facts.state")}>{post.stateName}</FactRow>
        <FactRow label={t("forum.moderation.facts.topic")}>
          <Link to={topicPath(post.topicId)}>{post.topicTitle}</Link> (<Link to={moderateTopicPath(post.topicId)}>{t("forum.topic.moderate")}</Link>)
        </FactRow>
      </dl>
      <section aria-labelledby="indlaeggets-tekst" className="mt-6 max-w-3xl">
        <h2 id="indlaeggets-tekst" className="text-xl font-bold">
          {t("forum.moderation.text")}
        </h2>
        {post.html ? (
          <div
            className="forum-text mt-2 rounded-2xl border border-stone-300 bg-white p-4 dark:border-stone-700 dark:bg-stone-900"
            dangerouslySetInnerHTML={{ __html: post.html }}
          />
        ) : (
          <p className="mt-2">{t("forum.post.deleted")}</p>
        )}
      </section>
      {post.reports.length ? (
        <section aria-labelledby="anmeldelser" className="mt-6 max-w-3xl">
          <h2 id="anmeldelser" className="text-xl font-bold">
            {t("forum.queue.reports", { count: post.reports.length })}
          </h2>
          <ul className="mt-2 grid gap-2">
            {post.reports.map((report, index) => (
              <li key={index} className="rounded-lg border border-stone-300 p-3 dark:border-stone-700">
                <p className="font-semibold">
                  {report.reasonName} · {report.reporterName} · {report.when}
                </p>
                {report.text ? <p className="mt-1 break-words whitespace-pre-line">{report.text}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {actions.length ? (
        <section aria-labelledby="handlinger" className="mt-8">
          <h2 id="handlinger" className="mb-3 text-xl font-bold">
            {t("forum.moderation.actions")}
          </h2>
          <ModerationForm buttons={actions.map((action) => BUTTONS[action]!)} reply={reply} constraint={loaderData.constraint} />
        </section>
      ) : null}
    </>
  );
}
