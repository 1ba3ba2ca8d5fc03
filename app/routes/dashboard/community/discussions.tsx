import { data } from "react-router";
import { Pagination } from "~/components/Pagination";
import { TopicList } from "~/forum/components/TopicList";
import { discussionsOf } from "~/forum/following/discussions.server";
import { DISCUSSIONS_PATH, discussionsPath } from "~/forum/paths";
import { access, PERSONAL_PAGE_HEADERS, refusedByGuard } from "~/http/access.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { PAGE_PARAM, parsePageNumber } from "~/lib/page-number";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/discussions";

const guard = access({ permission: "read:dashboard:own", readOnly: true });
export const middleware: Route.MiddlewareFunction[] = [guard];
export const action = refusedByGuard;

/** /dashboard/community/discussions: the topics I started, replied to or follow, newest activity first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  const page = parsePageNumber(url.searchParams.get(PAGE_PARAM));
  if (page === null) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  const discussions = await discussionsOf(site().database.db, viewer.user.id, page);
  if (page > discussions.pages) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  return data({ ...discussions, page, now: Date.now() }, { headers: PERSONAL_PAGE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  return seoMeta(matches, {
    title: page > 1 ? t("forum.discussions.titlePage", { page }) : t("forum.discussions.title"),
    description: t("forum.discussions.description"),
    path: DISCUSSIONS_PATH,
    robots: "noindex,nofollow",
  });
}

export default function DiscussionsPage({ loaderData }: Route.ComponentProps) {
  const { discussions, page, pages, now } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("forum.discussions.heading")}</h1>
      <p className="mt-2 max-w-2xl">{t("forum.discussions.intro")}</p>
      <div className="mt-6">
        {discussions.length ? <TopicList topics={discussions} now={now} label={t("forum.discussions.heading")} headingLevel={2} /> : <p>{t("forum.discussions.none")}</p>}
      </div>
      <Pagination page={page} pages={pages} hrefFor={discussionsPath} />
    </>
  );
}
