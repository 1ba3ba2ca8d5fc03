import { site } from "~/lib/site-context.server";
import { Link, data, redirect } from "react-router";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { Pagination } from "~/components/Pagination";
import { DEFAULT_MAP_TILE_URL } from "~/lib/config.server";
import { t } from "~/lib/i18n";
import { ADD_MARKET } from "~/shell/navigation";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";
import { MAX_TITLE, breadcrumbList, pageTitle, seoMeta } from "~/lib/meta";
import { MarketCard } from "~/register/components/MarketCard";
import { FilterChips } from "~/filters/components/FilterChips";
import { SortField } from "~/filters/components/FilterFields";
import { FilterLayout } from "~/filters/components/FilterLayout";
import { FILTER_FORM_ID } from "~/filters/components/MarketFilterForm";
import { ResultCount } from "~/filters/components/ResultCount";
import { MiniMap } from "~/map/MiniMap";
import { todayInDenmark } from "~/lib/dates";
import { lowerFirst } from "~/markets/format";
import { activeFilterLinks } from "~/filters/active-filters";
import { filterFormToParams } from "~/filters/filter-form";
import { parseFilterParams } from "~/filters/filter-query.server";
import { landingIndex, landingStats, type LandingSummary } from "~/landing/data.server";
import { landingDescription, landingIntro } from "~/landing/intro";
import { nearestLocationsWithMarkets, neighbouringLocations } from "~/landing/neighbours";
import { landingPath, landingTitle, resolveLandingPath, type LandingPage } from "~/landing/paths";
import { LOCATIONS, postalCodeCount, type Location } from "~/markets/locations";
import { findMarkets } from "~/register/market-list.server";
import { expiresAt, openStateChangesAt } from "~/markets/open-state";
import { MARKET_TYPE_INFO } from "~/markets/market-types";
import { overviewMap } from "~/map/mini-map";
import type { Route } from "./+types/$landing";

/** Read without React in the browser (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export const PAGE_SIZE = 24;

/** Where the whole of Denmark fits a phone's map box. */
const DENMARK = { latitude: 56.0, longitude: 10.6 };

/** The zoom a place needs before its markets are known: a town, a region, Jylland, Greenland. */
function placeZoom(place: Location | null): number {
  if (!place) return 5;
  if (place.key === "groenland") return 2;
  if (place.area.kind === "radius") return 9;
  const span = postalCodeCount(place);
  if (span >= 3000) return 6;
  if (span >= 900) return 7;
  if (span >= 300) return 8;
  return 11;
}

/** Links to landing pages with markets, as a visitor reads them: "Loppemarkeder i Aarhus (42)". */
interface PageLink {
  path: string;
  text: string;
  count: number;
}

function linkTo(summary: LandingSummary | undefined, text: string): PageLink[] {
  return summary && summary.count > 0 ? [{ path: summary.path, text, count: summary.count }] : [];
}

export async function loader(args: Route.LoaderArgs) {
  const page = await loadLandingPage(args);
  // Kept by the page cache only until a market on the list opens or closes.
  return data(page, { headers: expiresAt(openStateChangesAt(page.items)) });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

async function loadLandingPage({ url, params }: Route.LoaderArgs) {
  const resolution = resolveLandingPath(params.landing);
  if (resolution.kind === "unknown") throw data(null, { status: 404 });
  if (resolution.kind === "redirect") throw redirect(`${resolution.path}${url.search}`, 301);
  const landing: LandingPage = resolution.page;
  const { type, location } = landing;

  const db = site().database.db;
  const today = todayInDenmark();
  const parsed = parseFilterParams(url.searchParams, today);
  // The page is one type in one place: a type or area in the query cannot widen or move it.
  const form = { ...parsed.form, types: [], region: "" };
  const filters = { ...parsed.filters, types: [type.key], region: undefined, location: location?.key };
  const [result, stats, index] = await Promise.all([
    findMarkets(db, filters, { page: parsed.page, pageSize: PAGE_SIZE, today }),
    landingStats(db, landing, today),
    landingIndex(db, today),
  ]);
  const summary = (typeKey: string, locationKey: string | null) => index.find((entry) => entry.type === typeKey && entry.location === locationKey);

  const nearby = location ? neighbouringLocations(location) : [];
  const nearbyWithMarkets = nearby.filter((place) => (summary(type.key, place.key)?.count ?? 0) > 0);
  const nearest = stats.count === 0 ? nearestLocationsWithMarkets(landing, index) : [];
  const title = landingTitle(landing);
  const path = landingPath(type, location);
  const baseUrl = site().config.baseUrl;

  // Same type nearby, and the other types here (or, on a nationwide page, this type by place).
  const neighbours = nearby.flatMap((place) => linkTo(summary(type.key, place.key), landingTitle({ type, location: place })));
  const otherTypes = MARKET_TYPE_INFO.filter((other) => other.key !== type.key).flatMap((other) =>
    linkTo(summary(other.key, location?.key ?? null), landingTitle({ type: other, location })),
  );
  const places = location ? [] : LOCATIONS.flatMap((place) => linkTo(summary(type.key, place.key), place.name));
  const suggestions = nearest.map((near) => ({ path: near.path, text: landingTitle({ type, location: near.location }), count: near.count }));

  const breadcrumbs = [{ name: t("landingPage.home"), path: "/" }, ...(location ? [{ name: type.plural, path: landingPath(type) }] : []), { name: title, path }];
  const tileUrl = site().config.mapTileUrl;
  const points = result.items.flatMap((market) => (market.latitude !== null && market.longitude !== null ? [{ latitude: market.latitude, longitude: market.longitude }] : []));
  const mapParams = new URLSearchParams({ type: type.slug, ...(location ? { omraade: location.key } : {}) });
  const map = overviewMap(tileUrl, points, location?.center ?? DENMARK, placeZoom(location));

  return {
    path,
    heading: title,
    seoTitle: landingPageTitle(title, type.isShop),
    description: landingDescription(landing, stats),
    // The intro names a few places to go on to: the nearest ones, or on an empty page the nearest with markets.
    intro: landingIntro(landing, stats, { nearby: stats.count === 0 ? nearest.map((near) => near.location) : nearbyWithMarkets.slice(0, 3) }),
    count: stats.count,
    form,
    errors: parsed.errors,
    page: parsed.page,
    total: result.total,
    items: result.items,
    map: {
      tiles: map.tiles,
      pins: map.pins,
      attribution: tileUrl === DEFAULT_MAP_TILE_URL ? t("market.mapAttribution") : null,
      bigMapHref: `/markeder?${mapParams}`,
    },
    neighbours,
    otherTypes,
    places,
    suggestions,
    breadcrumbs,
    structuredData: [
      breadcrumbList(baseUrl, breadcrumbs),
      {
        "@context": "https://schema.org",
        "@type": "ItemList",
        name: title,
        numberOfItems: result.total,
        itemListElement: result.items.map((market, position) => ({
          "@type": "ListItem",
          position: (parsed.page - 1) * PAGE_SIZE + position + 1,
          url: `${baseUrl}/markeder/${market.slug}`,
          name: market.name,
        })),
      },
    ],
  };
}

/** "Loppemarkeder i Aarhus: datoer og adresser | Loppeguiden", shortened until it fits 60 characters. */
function landingPageTitle(title: string, isShop: boolean): string {
  const long = pageTitle(`${title}: ${isShop ? t("landingPage.titleShops") : t("landingPage.titleMarkets")}`);
  return long.length <= MAX_TITLE ? long : pageTitle(title);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return seoMeta(matches, {
    title: loaderData.seoTitle,
    description: loaderData.description,
    // Filters and pages are links for people; the page itself is the unfiltered first page.
    path: loaderData.path,
    // An empty page still helps the visitor on to places with markets, but is no search result.
    robots: loaderData.count === 0 ? "noindex,follow" : undefined,
    structuredData: loaderData.structuredData,
  });
}

function LinkList({ id, heading, links }: { id: string; heading: string; links: PageLink[] }) {
  if (!links.length) return null;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-bold">
        {heading}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.path}>
            <Link to={link.path} className="inline-block rounded-full border border-stone-400 px-3 py-1 text-sm no-underline hover:border-emerald-700 dark:border-stone-500">
              {link.text} <span className="text-stone-700 dark:text-stone-300">({link.count.toLocaleString("da-DK")})</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function LandingPageView({ loaderData }: Route.ComponentProps) {
  const { path, heading, intro, count, form, errors, page, total, items, map, neighbours, otherTypes, places, suggestions, breadcrumbs } = loaderData;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const [lead, ...more] = intro;
  const removals = activeFilterLinks(form, (changed) => `${path}?${filterFormToParams(changed)}`.replace(/\?$/, ""));
  return (
    <>
      <Breadcrumbs trail={breadcrumbs.slice(0, -1)} current={heading} />
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{heading}</h1>
      {lead ? <p className="mt-3 max-w-3xl text-stone-700 sm:text-lg dark:text-stone-300">{lead}</p> : null}

      {count === 0 ? (
        <section aria-labelledby="ingen-markeder" className="mt-6 rounded-xl border border-dashed border-stone-400 p-6 dark:border-stone-600">
          <h2 id="ingen-markeder" className="text-xl font-bold">
            {t("landingPage.emptyHeading")}
          </h2>
          {suggestions.length ? (
            <>
              <p className="mt-2">{t("landingPage.emptySuggestions")}</p>
              <ul className="mt-3 flex flex-wrap gap-2">
                {suggestions.map((suggestion) => (
                  <li key={suggestion.path}>
                    <Link to={suggestion.path} className="inline-block rounded-full border border-stone-400 px-3 py-1 text-sm no-underline dark:border-stone-500">
                      {suggestion.text} ({suggestion.count.toLocaleString("da-DK")})
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <p className="mt-3">
            <Link to="/register">{t("landingPage.emptyRegister")}</Link>
          </p>
        </section>
      ) : (
        <FilterLayout
          action={path}
          form={form}
          errors={errors}
          fields={{ typeAndRegion: false }}
          toolbar={<SortField formId={FILTER_FORM_ID} value={form.sort} error={errors.sorter} />}
          aside={
            <aside aria-label={t("landingPage.mapHeading")}>
              <MiniMap
                label={t("landingPage.mapLabel", { what: heading })}
                tiles={map.tiles}
                pins={map.pins}
                attribution={map.attribution}
                bigMapHref={map.bigMapHref}
                bigMapText={t("landingPage.bigMap")}
              />
            </aside>
          }
        >
          <ResultCount total={total} />
          {items.length ? (
            <>
              <FilterChips removals={removals} clearHref={path} className="mt-3" />
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {items.map((market) => (
                  <li key={market.id}>
                    <MarketCard market={market} />
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <div className="mt-4 rounded-xl border border-dashed border-stone-400 p-6 dark:border-stone-600">
              <p>{t("landingPage.noFilterResults")}</p>
              <FilterChips removals={removals} clearHref={path} className="mt-3" />
            </div>
          )}
          <Pagination page={page} pages={pages} hrefFor={(target) => `${path}?${filterFormToParams(form, target)}`.replace(/\?$/, "")} />
        </FilterLayout>
      )}

      {more.length ? (
        <section aria-labelledby="om-siden" className="mt-10 max-w-3xl">
          <h2 id="om-siden" className="text-2xl font-bold">
            {t("landingPage.aboutHeading", { what: lowerFirst(heading) })}
          </h2>
          {more.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-lg leading-relaxed">
              {paragraph}
            </p>
          ))}
        </section>
      ) : null}

      <p className="mt-10 max-w-3xl rounded-xl border border-stone-300 bg-stone-50 p-4 dark:border-stone-700 dark:bg-stone-900">
        {t("landingPage.organiserPrompt")} <Link to={ADD_MARKET.to}>{ADD_MARKET.label}</Link>
      </p>

      <LinkList id="i-naerheden" heading={t("landingPage.neighboursHeading")} links={neighbours} />
      <LinkList id="efter-sted" heading={t("landingPage.placesHeading")} links={places} />
      <LinkList id="andre-typer" heading={t("landingPage.otherTypesHeading")} links={otherTypes} />
    </>
  );
}
