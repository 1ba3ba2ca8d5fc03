import { data, Form, Link } from "react-router";
import { sentAtText } from "~/claims/sender-texts";
import { Pagination } from "~/components/Pagination";
import { buttonClass } from "~/components/ui/button";
import { fieldClass, labelClass } from "~/components/ui/form-fields";
import { access, PERSONAL_PAGE_HEADERS, refusedByGuard } from "~/http/access.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { PAGE_PARAM, parsePageNumber } from "~/lib/page-number";
import { site } from "~/lib/site-context.server";
import { MARKET_STATUSES, type MarketStatus } from "~/markets/types";
import { statusLabel } from "~/organiser/control-panel/owner-texts.server";
import { isMarketStatus, searchAllMarkets } from "~/review/all-markets.server";
import { ALL_MARKETS_PATH, MARKET_QUERY_MAX, mergePath } from "~/review/review-paths";
import { userCan } from "~/auth/permissions";
import { permissionHolder } from "~/auth/viewer";
import type { Route } from "./+types/markeder";

const PAGE_SIZE = 50;

const guard = access({ permission: "update:market:any", readOnly: true });
export const middleware: Route.MiddlewareFunction[] = [guard];
export const action = refusedByGuard;

function listPath(query: string, status: MarketStatus | null, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (status) params.set("status", status);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const search = params.toString();
  return search ? `${ALL_MARKETS_PATH}?${search}` : ALL_MARKETS_PATH;
}

/** /dashboard/admin/markeder?q=…&status=…: every market, whatever its status, the most recently changed first. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const mayMerge = userCan(permissionHolder(guard.allowed(context).viewer), "delete:market:any");
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, MARKET_QUERY_MAX);
  const rawStatus = url.searchParams.get("status") ?? "";
  const page = parsePageNumber(url.searchParams.get(PAGE_PARAM));
  if (page === null || (rawStatus !== "" && !isMarketStatus(rawStatus))) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  const status = rawStatus === "" ? null : rawStatus;
  const { total, more, markets } = await searchAllMarkets(site().database.db, { query, status, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pages) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  return data(
    {
      query,
      status,
      total,
      more,
      page,
      pages,
      statuses: MARKET_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
      markets: markets.map((market) => ({
        id: market.id,
        name: market.name,
        city: market.city,
        owner: market.ownerName || market.ownerEmail,
        statusName: statusLabel(market.status),
        changed: sentAtText(market.updatedAt),
        href: `/manage-market/${market.id}`,
        mergeHref: mayMerge ? mergePath(market.id) : null,
      })),
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, { title: t("admin.markets.title"), description: t("admin.markets.description"), path: ALL_MARKETS_PATH, robots: "noindex,nofollow" });
}

function countText(total: number, more: boolean): string {
  if (more) return t("admin.markets.countMore", { count: total.toLocaleString("da-DK") });
  if (total === 0) return t("admin.markets.none");
  return total === 1 ? t("admin.markets.countOne") : t("admin.markets.countMany", { count: total.toLocaleString("da-DK") });
}

export default function AllMarketsPage({ loaderData }: Route.ComponentProps) {
  const { query, status, total, more, page, pages, statuses, markets } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("admin.markets.heading")}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("admin.markets.intro")}</p>
      <Form method="get" action={ALL_MARKETS_PATH} role="search" className="mt-6 flex max-w-2xl flex-wrap items-end gap-3">
        <div className="min-w-0 grow">
          <label htmlFor="q" className={labelClass}>
            {t("admin.markets.searchLabel")}
          </label>
          <input id="q" name="q" type="search" defaultValue={query} maxLength={MARKET_QUERY_MAX} autoComplete="off" className={fieldClass} />
        </div>
        <div>
          <label htmlFor="status" className={labelClass}>
            {t("admin.markets.statusLabel")}
          </label>
          <select id="status" name="status" defaultValue={status ?? ""} className={fieldClass}>
            <option value="">{t("admin.markets.allStatuses")}</option>
            {statuses.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass()}>
          {t("admin.markets.submit")}
        </button>
      </Form>
      <p className="mt-6 font-semibold" role="status">
        {countText(total, more)}
      </p>
      {markets.length ? (
        <ol
          aria-label={t("admin.markets.label")}
          className="mt-3 divide-y divide-stone-200 rounded-2xl border border-stone-300 bg-white dark:divide-stone-700 dark:border-stone-700 dark:bg-stone-900"
        >
          {markets.map((market) => (
            <li key={market.id} className="p-4">
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <Link to={market.href} className="font-semibold break-words">
                  {market.name}
                </Link>
                <span className="text-stone-700 dark:text-stone-300">{market.city}</span>
              </p>
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700 dark:text-stone-300">
                <span>{market.statusName}</span>
                <span className="min-w-0 break-all">{market.owner ? t("admin.markets.owner", { owner: market.owner }) : t("admin.markets.noOwner")}</span>
                <span>{t("admin.markets.changed", { when: market.changed })}</span>
                {market.mergeHref ? (
                  <Link to={market.mergeHref} aria-label={t("admin.markets.mergeNamed", { name: market.name })}>
                    {t("admin.markets.merge")}
                  </Link>
                ) : null}
              </p>
            </li>
          ))}
        </ol>
      ) : null}
      <Pagination page={page} pages={pages} hrefFor={(n) => listPath(query, status, n)} />
    </>
  );
}
