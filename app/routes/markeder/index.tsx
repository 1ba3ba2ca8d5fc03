import { site } from "~/lib/site-context.server";
import leafletStyles from "leaflet/dist/leaflet.css?url";
import { Link, data, useRouteLoaderData } from "react-router";
import { Pagination } from "~/components/Pagination";
import { DEFAULT_MAP_TILE_URL } from "~/lib/config.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";
import { MarketCard } from "~/register/components/MarketCard";
import { FILTER_FORM_ID, MarketFilterForm } from "~/filters/components/MarketFilterForm";
import { MarketMapFrame } from "~/map/MarketMapFrame";
import type { MapFocus, Position } from "~/map/map-settings";
import { todayInDenmark } from "~/lib/dates";
import { filterFormToParams, hasActiveFilters, type FilterForm } from "~/filters/filter-form";
import { activeFilterLinks, countActiveFilters } from "~/filters/active-filters";
import { FilterChips } from "~/filters/components/FilterChips";
import { parseFilterParams } from "~/filters/filter-query.server";
import { location } from "~/markets/locations";
import { findMarkets } from "~/register/market-list.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/index";

export const PAGE_SIZE = 24;

/** Read, not worked with: the map and its list are a script of their own (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

/**
 * How far to zoom in on a chosen area: regions and islands are framed whole, towns closer. Areas
 * not listed are towns.
 */
const AREA_ZOOM: Record<string, number> = {
  jylland: 7,
  hovedstaden: 9,
  nordjylland: 8,
  midtjylland: 8,
  syddanmark: 8,
  sonderjylland: 8,
  sjaelland: 8,
  fyn: 9,
  nordsjaelland: 9,
  bornholm: 10,
  groenland: 3,
  faeroerne: 8,
  koebenhavn: 11,
  frederiksberg: 13,
};
const TOWN_ZOOM = 11;
const POSITION_ZOOM = 12;

/** Where the visitor is, when the filters carry it ("nær mig"). */
function sharedPosition(form: FilterForm): Position | null {
  return form.lat && form.lng ? { lat: Number(form.lat), lng: Number(form.lng) } : null;
}

function mapFocus(form: FilterForm): MapFocus | null {
  const position = sharedPosition(form);
  if (position) return { ...position, zoom: POSITION_ZOOM };
  const place = form.region ? location(form.region) : undefined;
  if (!place) return null;
  return { lat: place.center.latitude, lng: place.center.longitude, zoom: AREA_ZOOM[place.key] ?? TOWN_ZOOM };
}

export async function loader({ url }: Route.LoaderArgs) {
  const today = todayInDenmark();
  const { filters, form, page, errors } = parseFilterParams(url.searchParams, today);
  const result = await findMarkets(site().database.db, filters, { page, pageSize: PAGE_SIZE, today });
  const tileUrl = site().config.mapTileUrl;
  // "Åbent nu" changes by the minute: such a page must not be kept by the page cache or a CDN.
  const headers = form.openNow ? { "Cache-Control": "private, no-store" } : undefined;
  return data(
    {
      form,
      errors,
      page,
      total: result.total,
      items: result.items,
      tileUrl,
      attribution: tileUrl === DEFAULT_MAP_TILE_URL ? t("map.attribution") : null,
      focus: mapFocus(form),
      position: sharedPosition(form),
    },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const filtered = loaderData && (hasActiveFilters(loaderData.form) || loaderData.page > 1);
  return seoMeta(matches, {
    title: t("pages.markeder.title"),
    description: t("pages.markeder.description"),
    path: "/markeder",
    robots: filtered ? "noindex,follow" : undefined,
  });
}

/**
 * /markeder: the markets on a map. The server renders the filters and the matching markets as a
 * list, which is the whole page without JavaScript; the map and the list beside it are the frame
 * the page's script fills (app/map/market-map.ts), and never hold the list up. A filter sent is a
 * new page, which the server renders with the filters folded unless a choice is wrong.
 */
export default function MapPage({ loaderData }: Route.ComponentProps) {
  const { form, errors, page, total, items, tileUrl, attribution, focus, position } = loaderData;
  const savedIds = useRouteLoaderData<typeof rootLoader>("root")?.savedMarketIds ?? [];
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filterQuery = filterFormToParams({ ...form, sort: "", lat: "", lng: "" }).toString();
  const count = countActiveFilters(form);
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("map.heading")}</h1>
      <p className="mt-2 max-w-3xl text-lg text-stone-700 dark:text-stone-300">{t("map.intro")}</p>

      {/* Folded, so the map stays near the top also after filtering (the chips say what is chosen); open when a choice is wrong. */}
      <details open={hasErrors || undefined} className="group mt-6 rounded-2xl border border-stone-300 bg-white dark:border-stone-700 dark:bg-stone-900">
        <summary className="cursor-pointer rounded-2xl px-4 py-3 text-lg font-semibold sm:px-6">
          {count ? t("markets.filtersHeadingCount", { count }) : t("markets.filtersHeading")}
        </summary>
        <div className="px-4 pb-4 sm:px-6 sm:pb-6">
          <MarketFilterForm action="/markeder" form={form} errors={errors} />
        </div>
      </details>
      <FilterChips removals={activeFilterLinks(form, (chosen) => `/markeder?${filterFormToParams(chosen)}`.replace(/\?$/, ""))} clearHref="/markeder" className="mt-3" />

      {/* The one "nær mig" of the page: it sends the filters with the position, so the list of every market below sorts near and soon too. */}
      <MarketMapFrame settings={{ tileUrl, attribution, focus, position, filterQuery, savedIds }} listId="alle-markeder" filterFormId={FILTER_FORM_ID} />

      <section aria-labelledby="alle-markeder" className="mt-10">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="alle-markeder" className="text-2xl font-bold">
            {t("map.allHeading")}
          </h2>
          <p className="text-lg font-semibold">{total === 1 ? t("markets.resultCountOne") : t("markets.resultCount", { count: total.toLocaleString("da-DK") })}</p>
        </div>
        {items.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-stone-400 p-6 dark:border-stone-600">
            {t("markets.noResultsHeading")}. {hasActiveFilters(form) ? <Link to="/markeder">{t("markets.clearFilters")}</Link> : null}
          </p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="market-list">
            {items.map((market) => (
              <li key={market.id}>
                <MarketCard market={market} headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pages={pages} hrefFor={(target) => `/markeder?${filterFormToParams(form, target)}`} />
      </section>
    </>
  );
}
