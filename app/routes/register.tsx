import { site } from "~/lib/site-context.server";
import { data } from "react-router";
import { Pagination } from "~/components/Pagination";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { MarketCard } from "~/register/components/MarketCard";
import { FilterChips } from "~/filters/components/FilterChips";
import { SortField } from "~/filters/components/FilterFields";
import { FilterLayout } from "~/filters/components/FilterLayout";
import { FILTER_FORM_ID } from "~/filters/components/MarketFilterForm";
import { ResultCount } from "~/filters/components/ResultCount";
import { todayInDenmark } from "~/lib/dates";
import { activeFilterLinks } from "~/filters/active-filters";
import { filterFormToParams, hasActiveFilters, type FilterForm } from "~/filters/filter-form";
import { parseFilterParams } from "~/filters/filter-query.server";
import { findMarkets } from "~/register/market-list.server";
import { expiresAt, openStateChangesAt } from "~/markets/open-state";
import type { Route } from "./+types/register";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export const PAGE_SIZE = 24;

export async function loader({ url }: Route.LoaderArgs) {
  const today = todayInDenmark();
  const { filters, form, page, errors } = parseFilterParams(url.searchParams, today);
  const result = await findMarkets(site().database.db, filters, { page, pageSize: PAGE_SIZE, today });
  // "Åbent nu" changes by the minute: such a list must not be kept by the page cache or a CDN.
  const headers = form.openNow ? { "Cache-Control": "private, no-store" } : expiresAt(openStateChangesAt(result.items));
  return data({ form, errors, page, total: result.total, items: result.items }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  // A filtered list is a link for people, not a page for search engines.
  const filtered = loaderData && (hasActiveFilters(loaderData.form) || loaderData.page > 1);
  return seoMeta(matches, {
    title: t("pages.register.title"),
    description: t("pages.register.description"),
    path: "/register",
    robots: filtered ? "noindex,follow" : undefined,
  });
}

/** This list with other filters: page 1, no empty parameters. */
function registerHref(form: FilterForm): string {
  const query = filterFormToParams(form).toString();
  return query ? `/register?${query}` : "/register";
}

export default function Register({ loaderData }: Route.ComponentProps) {
  const { form, errors, page, total, items } = loaderData;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const removals = activeFilterLinks(form, registerHref);
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("pages.register.heading")}</h1>
      <p className="mt-2 max-w-3xl text-stone-700 sm:text-lg dark:text-stone-300">{t("pages.register.intro")}</p>

      <FilterLayout action="/register" form={form} errors={errors} toolbar={<SortField formId={FILTER_FORM_ID} value={form.sort} error={errors.sorter} />}>
        <ResultCount total={total} />

        {items.length === 0 ? (
          <section className="mt-4 rounded-xl border border-dashed border-stone-400 p-6 dark:border-stone-600">
            <h2 className="text-xl font-bold">{t("markets.noResultsHeading")}</h2>
            {removals.length ? (
              <>
                <p className="mt-2">{t("markets.noResultsBody")}</p>
                <FilterChips removals={removals} clearHref="/register" className="mt-3" />
              </>
            ) : null}
          </section>
        ) : (
          <>
            <FilterChips removals={removals} clearHref="/register" className="mt-3" />
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {items.map((market) => (
                <li key={market.id}>
                  <MarketCard market={market} />
                </li>
              ))}
            </ul>
          </>
        )}

        <Pagination page={page} pages={pages} hrefFor={(target) => `/register?${filterFormToParams(form, target)}`} />
      </FilterLayout>
    </>
  );
}
