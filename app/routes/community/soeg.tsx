import { data, Link } from "react-router";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { Pagination } from "~/components/Pagination";
import { FORUM_QUERY_MAX, ForumSearchForm } from "~/forum/components/ForumSearchForm";
import { RelativeTime } from "~/forum/components/RelativeTime";
import { forumPageHeaders } from "~/forum/page-expiry";
import { COMMUNITY_PATH, FORUM_SEARCH_PATH, forumSearchPath, SEARCH_PARAM } from "~/forum/paths";
import { searchForum } from "~/forum/search/forum-search.server";
import { loadAsDocument } from "~/http/load-as-document";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { PAGE_PARAM, parsePageNumber } from "~/lib/page-number";
import { STATIC_PAGE } from "~/lib/route-handle";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/soeg";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** /community/soeg?q=…: the posts that hold every word, newest first, 20 a page. */
export async function loader({ url }: Route.LoaderArgs) {
  const page = parsePageNumber(url.searchParams.get(PAGE_PARAM));
  if (page === null) throw data(null, { status: 404 });
  const query = (url.searchParams.get(SEARCH_PARAM) ?? "").slice(0, FORUM_QUERY_MAX).trim();
  const found = query ? await searchForum(site().database.db, query, page) : null;
  if (found && page > found.pages) throw data(null, { status: 404 });
  const now = Date.now();
  return data({ query, found, page, now }, { headers: forumPageHeaders(now) });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const query = loaderData?.query ?? "";
  return seoMeta(matches, {
    title: query ? t("forum.search.titleQuery", { query }) : t("forum.search.title"),
    description: t("forum.search.description"),
    path: FORUM_SEARCH_PATH,
    // Search results are for people; the topics themselves are what search engines list.
    robots: "noindex,follow",
  });
}

function countText(found: { total: number; more: boolean }): string {
  if (found.more) return t("forum.search.resultsMore", { count: found.total.toLocaleString("da-DK") });
  return found.total === 1 ? t("forum.search.resultsOne") : t("forum.search.resultsMany", { count: found.total.toLocaleString("da-DK") });
}

export default function ForumSearchPage({ loaderData }: Route.ComponentProps) {
  const { query, found, page, now } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <Breadcrumbs trail={[{ name: t("forum.overview.heading"), path: COMMUNITY_PATH }]} current={t("forum.search.heading")} />
      <h1 className="mt-3 text-3xl font-bold sm:text-4xl">{t("forum.search.heading")}</h1>
      <div className="mt-4">
        <ForumSearchForm query={query} />
        <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">{t("forum.search.hint")}</p>
      </div>
      {found ? (
        <section aria-labelledby="resultater" className="mt-8">
          <h2 id="resultater" className="text-xl font-bold" aria-live="polite">
            {found.total ? countText(found) : t("forum.search.none", { query })}
          </h2>
          {found.results.length ? (
            <ol
              aria-label={t("forum.search.resultsLabel")}
              className="mt-4 divide-y divide-stone-200 rounded-2xl border border-stone-300 bg-white dark:divide-stone-700 dark:border-stone-700 dark:bg-stone-900"
            >
              {found.results.map((result) => (
                <li key={result.postId} className="p-4">
                  <h3 className="text-lg font-semibold break-words">
                    <Link to={result.path}>{result.topicTitle}</Link>
                  </h3>
                  <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
                    {t("forum.search.meta", { category: result.categoryName, name: result.authorName })} · <RelativeTime iso={result.createdAt} now={now} />
                  </p>
                  <p className="mt-2 break-words">{result.excerpt}</p>
                </li>
              ))}
            </ol>
          ) : null}
          <Pagination page={page} pages={found.pages} hrefFor={(n) => forumSearchPath(query, n)} />
        </section>
      ) : null}
    </div>
  );
}
