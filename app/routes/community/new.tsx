import { data, useActionData } from "react-router";
import { TopicForm } from "~/forum/components/TopicForm";
import { FORUM_FORM_IDS, topicSchema } from "~/forum/forum-forms";
import { findTopicMarket } from "~/forum/market-link.server";
import { submitNewTopic } from "~/forum/new-topic.server";
import { COMMUNITY_PATH, topicPath } from "~/forum/paths";
import { forumCategories } from "~/forum/reads.server";
import { formConstraint } from "~/forms/parse-form.server";
import { access, PERSONAL_PAGE_HEADERS } from "~/http/access.server";
import { redirectWithFlash } from "~/http/flash.server";
import { formFailure, formRefusal } from "~/http/form.server";
import { readForm } from "~/http/request-body.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/new";

const guard = access({ permission: "post:forum" });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** A topic's text is at most 20,000 characters: the form is at most about 240 KB. */
const TOPIC_MAX_BYTES = 256 * 1024;

/**
 * /community/new and /dashboard/community/new: a new topic. ?kategori= chooses the category and
 * ?marked= the market it is about (a market's page links here with its slug).
 */
export async function loader({ url }: Route.LoaderArgs) {
  const db = site().database.db;
  const [categories, market] = await Promise.all([forumCategories(db), findTopicMarket(db, url.searchParams.get("marked") ?? "")]);
  const wanted = url.searchParams.get("kategori");
  return data(
    {
      path: url.pathname,
      categories: categories.map(({ slug, name }) => ({ slug, name })),
      defaults: { category: categories.some((category) => category.slug === wanted) ? (wanted ?? undefined) : undefined, market: market?.slug },
      marketName: market?.name ?? null,
      constraint: formConstraint(topicSchema),
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("forum.new.title"),
    description: t("forum.new.description"),
    path: loaderData?.path ?? "/community/new",
    robots: "noindex,nofollow",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = guard.allowed(context);
  const form = await readForm(request, TOPIC_MAX_BYTES);
  const outcome = await submitNewTopic(site().database.db, viewer.user.id, form);
  switch (outcome.kind) {
    case "invalid":
      return formFailure(FORUM_FORM_IDS.topic, outcome.submission);
    case "refused":
      return formRefusal(FORUM_FORM_IDS.topic, outcome.submission, outcome);
    case "started":
      return redirectWithFlash(
        topicPath(outcome.topicId),
        outcome.waits ? { title: t("forum.new.waitingTitle"), description: t("forum.new.waitingBody"), variant: "default" } : { title: t("forum.new.started"), variant: "success" },
      );
  }
}

export default function NewTopicPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl">
      <p>
        <a href={COMMUNITY_PATH}>← {t("forum.new.back")}</a>
      </p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{t("forum.new.heading")}</h1>
      <p className="mt-2 max-w-2xl text-stone-800 dark:text-stone-200">{t("forum.new.intro")}</p>
      {loaderData.marketName ? <p className="mt-2 font-medium">{t("forum.new.aboutMarket", { name: loaderData.marketName })}</p> : null}
      <div className="mt-6">
        <TopicForm action={loaderData.path} categories={loaderData.categories} reply={reply} constraint={loaderData.constraint} defaults={loaderData.defaults} />
      </div>
    </div>
  );
}
