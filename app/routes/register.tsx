import { Link, data } from "react-router";
import { Pagination } from "~/components/Pagination";
import { database } from "~/lib/db/database.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { MarketCard } from "~/markets/components/MarketCard";
import { MarketFilterForm } from "~/markets/components/MarketFilterForm";
import { todayInDenmark } from "~/lib/dates";
import { filterFormToParams, hasActiveFilters, type FilterForm } from "~/markets/filter-form";
import { parseFilterParams } from "~/markets/filter-query.server";
import { findMarkets } from "~/markets/market-list.server";
import { expiresAt, openStateChangesAt } from "~/markets/open-state";
import { marketTypeBySlug } from "~/markets/market-types";
import { regionOption } from "~/markets/regions";
import { location as findLocation } from "~/markets/locations";
import type { Route } from "./+types/register";

export const PAGE_SIZE = 24;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const today = todayInDenmark();
  const { filters, form, page, errors } = parseFilterParams(url.searchParams, today);
  const result = await findMarkets(database().db, filters, { page, pageSize: PAGE_SIZE, today });
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

/** Labels for the filters a visitor has chosen, each with the link that removes it. */
function activeFilterLinks(form: FilterForm): { label: string; href: string }[] {
  const without = (change: Partial<FilterForm>) => `/register?${filterFormToParams({ ...form, ...change })}`;
  const links: { label: string; href: string }[] = [];
  if (form.q) links.push({ label: `“${form.q}”`, href: without({ q: "" }) });
  for (const slug of form.types) {
    links.push({
      label: marketTypeBySlug(slug)?.plural ?? slug,
      href: without({ types: form.types.filter((type) => type !== slug) }),
    });
  }
  if (form.region) {
    const label = regionOption(form.region)?.label ?? findLocation(form.region)?.name ?? form.region;
    links.push({ label, href: without({ region: "" }) });
  }
  if (form.date) links.push({ label: t("markets.dateLabel").toLowerCase(), href: without({ date: "", from: "", to: "" }) });
  if (form.openNow) links.push({ label: t("markets.openNow").toLowerCase(), href: without({ openNow: false }) });
  if (form.setting) {
    const label = form.setting === "inde" ? t("markets.settingIndoor") : t("markets.settingOutdoor");
    links.push({ label: label.toLowerCase(), href: without({ setting: "" }) });
  }
  if (form.free) links.push({ label: t("markets.freeEntry").toLowerCase(), href: without({ free: false }) });
  return links;
}

export default function Register({ loaderData }: Route.ComponentProps) {
  const { form, errors, page, total, items } = loaderData;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const removals = activeFilterLinks(form);
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("pages.register.heading")}</h1>
      <p className="mt-2 max-w-3xl text-lg text-stone-700 dark:text-stone-300">{t("pages.register.intro")}</p>

      <section className="mt-6 rounded-2xl border border-stone-300 bg-white p-4 sm:p-6 dark:border-stone-700 dark:bg-stone-900">
        <MarketFilterForm action="/register" form={form} errors={errors} />
      </section>

      <div className="mt-8 flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-semibold" role="status" aria-live="polite">
          {total === 1 ? t("markets.resultCountOne") : t("markets.resultCount", { count: total.toLocaleString("da-DK") })}
        </p>
        {removals.length ? (
          <Link to="/register" className="text-sm">
            {t("markets.clearFilters")}
          </Link>
        ) : null}
      </div>

      {items.length === 0 ? (
        <section className="mt-4 rounded-xl border border-dashed border-stone-400 p-6 dark:border-stone-600">
          <h2 className="text-xl font-bold">{t("markets.noResultsHeading")}</h2>
          {removals.length ? (
            <>
              <p className="mt-2">{t("markets.noResultsBody")}</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {removals.map((removal) => (
                  <li key={removal.href}>
                    <Link to={removal.href} className="inline-block rounded-full border border-stone-400 px-3 py-1 text-sm no-underline">
                      {t("markets.removeFilter", { filter: removal.label })} ×
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((market) => (
            <li key={market.id}>
              <MarketCard market={market} />
            </li>
          ))}
        </ul>
      )}

      <Pagination page={page} pages={pages} hrefFor={(target) => `/register?${filterFormToParams(form, target)}`} />
    </>
  );
}
