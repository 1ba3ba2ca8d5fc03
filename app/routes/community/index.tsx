import { data, Link } from "react-router";
import { withNext } from "~/auth/auth-paths";
import { buttonClass } from "~/components/ui/button";
import { Pagination } from "~/components/Pagination";
import { CategoryList } from "~/forum/components/CategoryList";
import { FeedLink } from "~/forum/components/FeedLink";
import { ForumSearchForm } from "~/forum/components/ForumSearchForm";
import { TopicList } from "~/forum/components/TopicList";
import { communityOverview } from "~/forum/overview.server";
import { forumPageHeaders } from "~/forum/page-expiry";
import { communityPath, COMMUNITY_PATH, FORUM_FEED_PATH, NEW_TOPIC_PATH } from "~/forum/paths";
import { loadAsDocument } from "~/http/load-as-document";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { PAGE_PARAM, parsePageNumber } from "~/lib/page-number";
import { STATIC_PAGE } from "~/lib/route-handle";
import { site } from "~/lib/site-context.server";
import { latestEventId } from "~/lib/realtime/events.server";
import type { Route } from "./+types/index";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** /community: the forum's front page. */
export async function loader({ url }: Route.LoaderArgs) {
  const page = parsePageNumber(url.searchParams.get(PAGE_PARAM));
  if (page === null) throw data(null, { status: 404 });
  const now = Date.now();
  const db = site().database.db;
  const [overview, liveSince] = await Promise.all([communityOverview(db, page, new Date(now)), latestEventId(db)]);
  if (page > overview.latest.pages) throw data(null, { status: 404 });
  return data({ ...overview, page, now, liveSince }, { headers: forumPageHeaders(now) });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  return seoMeta(matches, {
    title: page > 1 ? t("forum.overview.titlePage", { page }) : t("forum.overview.title"),
    description: t("forum.overview.description"),
    path: COMMUNITY_PATH,
    // An empty forum is not worth a search result; its links are.
    robots: loaderData && loaderData.latest.total > 0 ? undefined : "noindex,follow",
    feed: { title: t("forum.feed.link"), path: FORUM_FEED_PATH },
  });
}

export default function CommunityPage({ loaderData }: Route.ComponentProps) {
  const { categories, latest, active, page, now, liveSince } = loaderData;
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold sm:text-4xl">{t("forum.overview.heading")}</h1>
          <p className="mt-2 text-lg text-stone-800 dark:text-stone-200">{t("forum.overview.intro")}</p>
        </div>
        <Link to={withNext("/sign-in", NEW_TOPIC_PATH)} className={buttonClass()}>
          {t("forum.overview.newTopic")}
        </Link>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <section aria-labelledby="seneste">
            <h2 id="seneste" className="mb-3 text-2xl font-bold">
              {t("forum.overview.latest")}
            </h2>
            {/* "N nye emner": filled while the page is open (app/progressive/live-community.ts). */}
            {page === 1 ? (
              <p
                role="status"
                data-live-forum-since={liveSince}
                className="mb-3 rounded-lg border border-emerald-700 bg-emerald-50 px-3 py-2 font-semibold empty:hidden dark:border-emerald-300 dark:bg-emerald-950"
              />
            ) : null}
            {latest.topics.length ? (
              <TopicList topics={latest.topics} now={now} label={t("forum.overview.latest")} />
            ) : (
              <p className="rounded-2xl border border-stone-300 bg-white p-5 dark:border-stone-700 dark:bg-stone-900">{t("forum.overview.empty")}</p>
            )}
            <Pagination page={page} pages={latest.pages} hrefFor={communityPath} />
          </section>
        </div>
        <div className="grid content-start gap-8">
          <ForumSearchForm />
          <section aria-labelledby="kategorier">
            <h2 id="kategorier" className="mb-3 text-2xl font-bold">
              {t("forum.overview.categories")}
            </h2>
            <CategoryList categories={categories} />
            <div className="mt-3">
              <FeedLink href={FORUM_FEED_PATH} label={t("forum.feed.link")} />
            </div>
          </section>
          {active.length ? (
            <section aria-labelledby="mest-aktive">
              <h2 id="mest-aktive" className="mb-3 text-2xl font-bold">
                {t("forum.overview.mostActive")}
              </h2>
              <TopicList topics={active} now={now} label={t("forum.overview.mostActive")} />
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
