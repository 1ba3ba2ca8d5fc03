import { data, Link } from "react-router";
import { withNext } from "~/auth/auth-paths";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { buttonClass } from "~/components/ui/button";
import { Pagination } from "~/components/Pagination";
import { CategoryList } from "~/forum/components/CategoryList";
import { FeedLink } from "~/forum/components/FeedLink";
import { TopicList } from "~/forum/components/TopicList";
import { forumPageHeaders } from "~/forum/page-expiry";
import { categoryFeedPath, categoryPath, COMMUNITY_PATH, NEW_TOPIC_PATH } from "~/forum/paths";
import { findCategory, forumCategories, latestTopics } from "~/forum/reads.server";
import { loadAsDocument } from "~/http/load-as-document";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { PAGE_PARAM, parsePageNumber } from "~/lib/page-number";
import { STATIC_PAGE } from "~/lib/route-handle";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/$slug";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** /community/kategori/{slug}: one category's topics, pinned first, then the newest activity. */
export async function loader({ params, url }: Route.LoaderArgs) {
  const page = parsePageNumber(url.searchParams.get(PAGE_PARAM));
  const db = site().database.db;
  const category = page === null ? null : await findCategory(db, params.slug);
  if (!category || page === null) throw data(null, { status: 404 });
  const [topics, categories] = await Promise.all([latestTopics(db, { category: category.slug, page }), forumCategories(db)]);
  if (page > topics.pages) throw data(null, { status: 404 });
  const now = Date.now();
  return data({ category, topics, categories, page, now }, { headers: forumPageHeaders(now) });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { category, page, topics } = loaderData;
  return seoMeta(matches, {
    title: page > 1 ? t("forum.category.titlePage", { name: category.name, page }) : t("forum.category.title", { name: category.name }),
    description: category.description,
    path: categoryPath(category.slug),
    robots: topics.total > 0 ? undefined : "noindex,follow",
    feed: { title: t("forum.feed.linkCategory", { category: category.name }), path: categoryFeedPath(category.slug) },
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, topics, categories, page, now } = loaderData;
  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs trail={[{ name: t("forum.overview.heading"), path: COMMUNITY_PATH }]} current={category.name} />
      <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold break-words sm:text-4xl">{category.name}</h1>
          <p className="mt-2 text-lg text-stone-800 dark:text-stone-200">{category.description}</p>
        </div>
        <Link to={withNext("/sign-in", `${NEW_TOPIC_PATH}?kategori=${category.slug}`)} className={buttonClass()}>
          {t("forum.overview.newTopic")}
        </Link>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="emner" className="min-w-0">
          <h2 id="emner" className="mb-3 text-2xl font-bold">
            {t("forum.category.topics")}
          </h2>
          {topics.topics.length ? (
            <TopicList topics={topics.topics} now={now} label={t("forum.category.topics")} showCategory={false} />
          ) : (
            <p className="rounded-2xl border border-stone-300 bg-white p-5 dark:border-stone-700 dark:bg-stone-900">{t("forum.category.empty")}</p>
          )}
          <Pagination page={page} pages={topics.pages} hrefFor={(n) => categoryPath(category.slug, n)} />
        </section>
        <section aria-labelledby="kategorier">
          <h2 id="kategorier" className="mb-3 text-2xl font-bold">
            {t("forum.overview.categories")}
          </h2>
          <CategoryList categories={categories} current={category.slug} />
          <div className="mt-3">
            <FeedLink href={categoryFeedPath(category.slug)} label={t("forum.feed.linkCategory", { category: category.name })} />
          </div>
        </section>
      </div>
    </div>
  );
}
