import { data, Link, useActionData } from "react-router";
import { userCan } from "~/auth/permissions";
import { permissionHolder } from "~/auth/viewer";
import { fieldClass, labelClass } from "~/components/ui/form-fields";
import { FactRow } from "~/components/ui/FactRow";
import { ModerationForm, type ModerationButton } from "~/forum/components/ModerationForm";
import { moderationSchema } from "~/forum/forum-forms";
import { actOnTopic, topicActionOf } from "~/forum/moderation-actions.server";
import { TOPIC_ACTION_PERMISSIONS, type TopicAction } from "~/forum/moderation.server";
import { FORUM_QUEUE_PATH, moderateTopicPath, topicPath } from "~/forum/paths";
import { findTopic, forumCategories } from "~/forum/reads.server";
import { formConstraint } from "~/forms/parse-form.server";
import { access, PERSONAL_PAGE_HEADERS, requirePermission } from "~/http/access.server";
import { anyForumTopic } from "~/http/url-things.server";
import { MODERATION_FORM_ID } from "~/forum/moderation-ids";
import { answerModeration } from "~/http/moderation-answer.server";
import { readForm } from "~/http/request-body.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/$topicId";

const guard = access({ permission: "lock:topic:any", thing: anyForumTopic });
export const middleware: Route.MiddlewareFunction[] = [guard];

const BUTTONS: Record<TopicAction, ModerationButton> = {
  lock: { intent: "lock", label: t("forum.moderation.buttons.lock"), pendingLabel: t("forum.moderation.pending") },
  unlock: { intent: "unlock", label: t("forum.moderation.buttons.unlock"), pendingLabel: t("forum.moderation.pending") },
  pin: { intent: "pin", label: t("forum.moderation.buttons.pin"), pendingLabel: t("forum.moderation.pending") },
  unpin: { intent: "unpin", label: t("forum.moderation.buttons.unpin"), pendingLabel: t("forum.moderation.pending") },
  move: { intent: "move", label: t("forum.moderation.buttons.move"), pendingLabel: t("forum.moderation.pending") },
};

/** /dashboard/admin/community/emne/{topicId}: lock, pin or move a topic, with a reason. */
export async function loader({ context }: Route.LoaderArgs) {
  const { viewer, thing } = guard.allowed(context);
  const db = site().database.db;
  const [topic, categories] = await Promise.all([findTopic(db, thing.id, { id: viewer.user.id, seesEverything: true }), forumCategories(db)]);
  if (!topic) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  const holder = permissionHolder(viewer);
  const actions: TopicAction[] = [topic.locked ? "unlock" : "lock", topic.pinned ? "unpin" : "pin", "move"];
  return data(
    {
      topic,
      categories: categories.map(({ slug, name }) => ({ slug, name })),
      actions: actions.filter((action) => userCan(holder, TOPIC_ACTION_PERMISSIONS[action])),
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
    title: t("forum.moderation.topicTitle", { title: loaderData?.topic.title ?? "" }),
    description: t("forum.moderation.topicDescription"),
    path: loaderData ? moderateTopicPath(loaderData.topic.id) : FORUM_QUEUE_PATH,
    robots: "noindex,nofollow",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, thing: topic } = guard.allowed(context);
  const form = await readForm(request);
  const intent = topicActionOf(form);
  if (!intent) throw data({ message: t("forum.moderation.unknownAction") }, { status: 400, headers: PERSONAL_PAGE_HEADERS });
  requirePermission(viewer, TOPIC_ACTION_PERMISSIONS[intent]);
  const { config, mailer, logger } = site();
  return answerModeration(
    await actOnTopic(site().database.db, viewer.user.id, topic.id, intent, form, { baseUrl: config.baseUrl, send: mailer.send, logger }),
    topicPath(topic.id),
  );
}

export default function ModerateTopicPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const { topic, categories, actions } = loaderData;
  return (
    <>
      <p>
        <Link to={FORUM_QUEUE_PATH}>← {t("forum.queue.back")}</Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold break-words sm:text-4xl">{t("forum.moderation.topicHeading", { title: topic.title })}</h1>
      <dl className="mt-4 divide-y divide-stone-200 dark:divide-stone-700">
        <FactRow label={t("forum.moderation.facts.topic")}>
          <Link to={topicPath(topic.id)}>{topic.title}</Link>
        </FactRow>
        <FactRow label={t("forum.moderation.facts.author")}>{topic.authorName}</FactRow>
        <FactRow label={t("forum.moderation.facts.category")}>{topic.category.name}</FactRow>
        <FactRow label={t("forum.moderation.facts.locked")}>{topic.locked ? t("adminLog.change.yes") : t("adminLog.change.no")}</FactRow>
        <FactRow label={t("forum.moderation.facts.pinned")}>{topic.pinned ? t("adminLog.change.yes") : t("adminLog.change.no")}</FactRow>
      </dl>
      <section aria-labelledby="handlinger" className="mt-8">
        <h2 id="handlinger" className="mb-3 text-xl font-bold">
          {t("forum.moderation.actions")}
        </h2>
        <ModerationForm buttons={actions.map((action) => BUTTONS[action])} reply={reply} constraint={loaderData.constraint}>
          <label htmlFor={`${MODERATION_FORM_ID}-category`} className={labelClass}>
            {t("forum.moderation.moveTo")}
          </label>
          <select id={`${MODERATION_FORM_ID}-category`} name="category" defaultValue={topic.category.slug} className={fieldClass}>
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
        </ModerationForm>
      </section>
    </>
  );
}
