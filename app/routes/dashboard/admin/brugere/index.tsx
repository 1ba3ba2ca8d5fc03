import { data, Form, Link } from "react-router";
import { Pagination } from "~/components/Pagination";
import { fieldClass, labelClass } from "~/components/ui/form-fields";
import { buttonClass } from "~/components/ui/button";
import { sentAtText } from "~/claims/sender-texts";
import { access, PERSONAL_PAGE_HEADERS, refusedByGuard } from "~/http/access.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { PAGE_PARAM, parsePageNumber } from "~/lib/page-number";
import { site } from "~/lib/site-context.server";
import { PEOPLE_PATH, PEOPLE_QUERY_MAX, peopleListPath, personPath } from "~/people/people-paths";
import { searchPeople } from "~/people/people-search.server";
import { roleNames } from "~/people/role-names";
import type { Route } from "./+types/index";

/** A screenful of people; a search narrows it faster than paging does. */
const PAGE_SIZE = 50;

const guard = access({ permission: "read:user:any", readOnly: true });
export const middleware: Route.MiddlewareFunction[] = [guard];
export const action = refusedByGuard;

/** /dashboard/admin/brugere?q=…&side=…: everyone with an account, newest first, or those the search finds. */
export async function loader({ url, context }: Route.LoaderArgs) {
  guard.allowed(context);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, PEOPLE_QUERY_MAX);
  const page = parsePageNumber(url.searchParams.get(PAGE_PARAM));
  if (page === null) throw data(null, { status: 404 });
  const { total, more, people } = await searchPeople(site().database.db, query, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pages) throw data(null, { status: 404 });
  return data(
    {
      query,
      total,
      more,
      page,
      pages,
      people: people.map((person) => ({ ...person, href: personPath(person.id), created: sentAtText(person.createdAt) })),
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  const query = loaderData?.query ?? "";
  const title = query
    ? page > 1
      ? t("people.titleSearchPage", { query, page })
      : t("people.titleSearch", { query })
    : page > 1
      ? t("people.titlePage", { page })
      : t("people.title");
  return seoMeta(matches, {
    title,
    description: t("people.description"),
    path: peopleListPath(query, page),
    robots: "noindex,nofollow",
  });
}

function countText(total: number, more: boolean, query: string): string {
  if (more) return t("people.count.more", { count: total.toLocaleString("da-DK") });
  if (total === 0) return query ? t("people.count.noMatch", { query }) : t("people.count.none");
  return total === 1 ? t("people.count.one") : t("people.count.many", { count: total.toLocaleString("da-DK") });
}

export default function PeoplePage({ loaderData }: Route.ComponentProps) {
  const { query, total, more, page, pages, people } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("people.heading")}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("people.intro")}</p>
      <Form method="get" action={PEOPLE_PATH} role="search" className="mt-6 flex max-w-xl flex-wrap items-end gap-3">
        <div className="min-w-0 grow">
          <label htmlFor="q" className={labelClass}>
            {t("people.search.label")}
          </label>
          <input id="q" name="q" type="search" defaultValue={query} maxLength={PEOPLE_QUERY_MAX} autoComplete="off" className={fieldClass} />
        </div>
        <button type="submit" className={buttonClass()}>
          {t("people.search.submit")}
        </button>
        {query ? (
          <Link to={PEOPLE_PATH} className="py-2">
            {t("people.search.clear")}
          </Link>
        ) : null}
      </Form>
      <p className="mt-6 font-semibold" role="status">
        {countText(total, more, query)}
      </p>
      {people.length ? (
        <ol
          aria-label={t("people.list.label")}
          className="mt-3 divide-y divide-stone-200 rounded-2xl border border-stone-300 bg-white dark:divide-stone-700 dark:border-stone-700 dark:bg-stone-900"
        >
          {people.map((person) => (
            <li key={person.id} className="p-4">
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <Link to={person.href} className="font-semibold break-words">
                  {person.name || t("people.list.noName")}
                </Link>
                <span className="min-w-0 break-all text-stone-700 dark:text-stone-300">{person.email}</span>
              </p>
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700 dark:text-stone-300">
                <span>{roleNames(person.roles)}</span>
                <span>{person.verified ? t("people.status.verified") : t("people.status.unverified")}</span>
                {person.blocked ? <span className="font-semibold text-red-800 dark:text-red-300">{t("people.status.blocked")}</span> : null}
                <span>
                  {t("people.list.created")} {person.created}
                </span>
              </p>
            </li>
          ))}
        </ol>
      ) : null}
      <Pagination page={page} pages={pages} hrefFor={(target) => peopleListPath(query, target)} />
    </>
  );
}
