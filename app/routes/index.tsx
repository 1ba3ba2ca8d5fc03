import { site } from "~/lib/site-context.server";
import { Form, Link, data } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";
import { seoMeta, siteUrl } from "~/lib/meta";
import { MarketCard } from "~/register/components/MarketCard";
import { todayInDenmark } from "~/lib/dates";
import { loadHome, marketCountHeadline } from "~/register/home.server";
import { expiresAt, openStateChangesAt } from "~/markets/open-state";
import { MARKET_TYPE_INFO, marketTypeInfo } from "~/markets/market-types";
import { PREPOSITION_TEXT, REGION_GROUPS } from "~/markets/regions";
import { DATE_CHOICES, RegionOptions } from "~/filters/components/FilterFields";
import { landingPath } from "~/landing/paths";
import { location } from "~/markets/locations";
import { parseFilterParams } from "~/filters/filter-query.server";
import { filterFormToParams } from "~/filters/filter-form";
import type { Route } from "./+types/index";

/** Read without React in the browser (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

const FLEA_MARKETS = marketTypeInfo("flea_market");

/** "Denne weekend i Aarhus", "Denne weekend nær dig": the section's heading for the place chosen. */
function weekendHeading(region: string, near: boolean): string {
  if (near) return t("pages.home.weekendHeadingNear");
  const place = region ? location(region) : undefined;
  return place ? t("pages.home.weekendHeadingIn", { place: `${PREPOSITION_TEXT[place.preposition]} ${place.name}` }) : t("pages.home.weekendHeading");
}

export async function loader({ url }: Route.LoaderArgs) {
  const today = todayInDenmark();
  // The place of this weekend's list, read as the filters read it; a wrong one is the whole country.
  const { filters, form } = parseFilterParams(url.searchParams, today);
  const place = { region: filters.region, location: filters.location, near: filters.near };
  const home = await loadHome(site().database.db, today, new Date(), place);
  const headers = expiresAt(openStateChangesAt([...home.weekend.items, ...home.newest]));
  const near = Boolean(filters.near);
  const chosen = { region: filters.region || filters.location ? form.region : "", lat: near ? form.lat : "", lng: near ? form.lng : "" };
  return data(
    {
      ...home,
      headline: marketCountHeadline(home.count),
      weekendPlace: {
        ...chosen,
        heading: weekendHeading(chosen.region, near),
        more: `/register?${filterFormToParams({ ...chosen, date: "weekend", sort: near ? "afstand" : "dato" })}`,
      },
    },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches, location: address }: Route.MetaArgs) {
  const baseUrl = siteUrl(matches);
  return seoMeta(matches, {
    title: t("pages.home.title"),
    description: t("pages.home.description"),
    path: "/",
    // The front page with a place of one visitor's: a link for people, not a page for search engines.
    robots: address.search ? "noindex,follow" : undefined,
    structuredData: [
      {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: "Loppeguiden",
        url: `${baseUrl}/`,
        inLanguage: "da-DK",
        potentialAction: {
          "@type": "SearchAction",
          target: { "@type": "EntryPoint", urlTemplate: `${baseUrl}/register?q={search_term_string}` },
          "query-input": "required name=search_term_string",
        },
      },
    ],
  });
}

/** A region's flea-market page, the page people search for ("loppemarkeder i Aarhus"). */
function regionLink(value: string): string {
  const place = location(value);
  return place ? landingPath(FLEA_MARKETS, place) : `/register?omraade=${value}`;
}

function SectionHeading({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="text-2xl font-bold">
      {children}
    </h2>
  );
}

const heroField = "mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-stone-900 dark:border-stone-500 dark:bg-stone-900 dark:text-stone-50";
const heroLabel = "block text-sm font-semibold text-stone-900 dark:text-stone-50";

/**
 * What, where and when in one step: the search, an area (or "Nær mig", the browser's position,
 * which app/progressive/filters.ts offers once it can run) and a date, sent to /register as its
 * filters. A plain GET form: it works the same without JavaScript.
 */
function HeroSearch({ region }: { region: string }) {
  return (
    <Form
      method="get"
      action="/register"
      role="search"
      aria-label={t("pages.home.searchHeading")}
      className="mt-8 grid gap-3 rounded-2xl bg-white p-4 text-stone-900 shadow-lg sm:p-5 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0 dark:bg-stone-900 dark:text-stone-50"
    >
      <div>
        <label htmlFor="forside-soeg" className={heroLabel}>
          {t("pages.home.what")}
        </label>
        <input id="forside-soeg" name="q" type="search" maxLength={100} placeholder={t("markets.searchPlaceholder")} className={heroField} />
      </div>
      <div className="grid gap-3 min-[420px]:grid-cols-2">
        <div>
          <label htmlFor="forside-omraade" className={heroLabel}>
            {t("pages.home.where")}
          </label>
          <select id="forside-omraade" name="omraade" defaultValue={region} className={heroField}>
            <RegionOptions />
          </select>
        </div>
        <div>
          <label htmlFor="forside-dato" className={heroLabel}>
            {t("pages.home.when")}
          </label>
          <select id="forside-dato" name="dato" defaultValue="weekend" className={heroField}>
            {DATE_CHOICES.filter(([value]) => value !== "periode").map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <input type="hidden" name="lat" defaultValue="" />
      <input type="hidden" name="lng" defaultValue="" />
      <input type="hidden" name="sorter" defaultValue="" />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass("primary")}>
          {t("pages.home.find")}
        </button>
        {/* Shown once a script can ask for the position: it fills lat and lng, sorts "nær mig" and sends. */}
        <button type="button" hidden data-locate className={buttonClass("secondary")}>
          {t("pages.home.nearMe")}
        </button>
        <span role="alert" data-locate-message className="text-sm font-medium text-red-700 empty:hidden dark:text-red-300" />
      </div>
    </Form>
  );
}

/**
 * This weekend somewhere else: an area, or "Nær mig" (the browser's position, which
 * app/progressive/filters.ts offers once it can run). A plain GET form back to this section.
 */
function WeekendPlaceForm({ region }: { region: string }) {
  return (
    <Form method="get" action="/#weekend" aria-label={t("pages.home.weekendPlaceForm")} className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor="weekend-omraade" className="block text-sm font-semibold">
          {t("pages.home.weekendPlaceLabel")}
        </label>
        <select id="weekend-omraade" name="omraade" defaultValue={region} className={`${heroField} mt-1 py-2`}>
          <RegionOptions />
        </select>
      </div>
      <input type="hidden" name="lat" defaultValue="" />
      <input type="hidden" name="lng" defaultValue="" />
      <input type="hidden" name="sorter" defaultValue="" />
      <button type="submit" className={buttonClass("secondary")}>
        {t("pages.home.weekendShow")}
      </button>
      <button type="button" hidden data-locate className={buttonClass("secondary")}>
        {t("pages.home.nearMe")}
      </button>
      <span role="alert" data-locate-message className="basis-full text-sm font-medium text-red-700 empty:hidden dark:text-red-300" />
    </Form>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { headline, weekend, newest, weekendPlace } = loaderData;
  return (
    <>
      {/* On a phone the search comes right after the heading; on a desktop it fills the right half. */}
      <section className="rounded-3xl bg-gradient-to-br from-emerald-900 to-emerald-700 px-6 py-10 text-white sm:px-12 sm:py-14 lg:grid lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-center lg:gap-x-10">
        <div className="lg:col-start-1 lg:row-start-1 lg:self-end">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight min-[360px]:text-4xl sm:text-5xl">{t("pages.home.heading")}</h1>
          <p className="mt-4 max-w-2xl text-lg text-emerald-50">{t("pages.home.countLine", { count: headline })}</p>
        </div>
        <HeroSearch region={weekendPlace.region} />
        <div className="mt-6 flex flex-wrap gap-3 lg:col-start-1 lg:row-start-2 lg:self-start">
          <Link to="/markeder" className={`${buttonClass("secondary")} border-white! bg-transparent! text-white! hover:bg-emerald-800!`}>
            {t("pages.home.map")}
          </Link>
          <Link to="/kalender" className={`${buttonClass("secondary")} border-white! bg-transparent! text-white! hover:bg-emerald-800!`}>
            {t("nav.calendar")}
          </Link>
        </div>
      </section>

      <section aria-labelledby="weekend" className="mt-12">
        <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
          <SectionHeading id="weekend">{weekendPlace.heading}</SectionHeading>
          <WeekendPlaceForm region={weekendPlace.region} />
        </div>
        {weekend.items.length ? (
          <>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {weekend.items.map((market) => (
                <li key={market.id}>
                  <MarketCard market={market} headingLevel={3} />
                </li>
              ))}
            </ul>
            <p className="mt-4">
              <Link to={weekendPlace.more}>{t("pages.home.weekendMore", { count: weekend.total.toLocaleString("da-DK") })}</Link>
            </p>
          </>
        ) : (
          <p className="mt-2">{weekendPlace.region || weekendPlace.lat ? t("pages.home.weekendNoneHere") : t("pages.home.weekendNone")}</p>
        )}
      </section>

      <section aria-labelledby="typer" className="mt-12">
        <SectionHeading id="typer">{t("pages.home.typesHeading")}</SectionHeading>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {MARKET_TYPE_INFO.map((type) => (
            <li key={type.key}>
              <Link
                to={landingPath(type)}
                className="block h-full rounded-xl border border-stone-300 bg-white p-4 no-underline hover:border-emerald-700 dark:border-stone-700 dark:bg-stone-900"
              >
                <span className="block text-lg font-semibold text-stone-900 dark:text-stone-50">{type.plural}</span>
                <span className="mt-1 block text-sm text-stone-700 dark:text-stone-300">{type.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="omraader" className="mt-12">
        <SectionHeading id="omraader">{t("pages.home.regionsHeading")}</SectionHeading>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          {REGION_GROUPS.map((group) => (
            <div key={group.label}>
              <h3 className="font-semibold">{group.label}</h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {group.options.map((option) => (
                  <li key={option.value}>
                    <Link to={regionLink(option.value)} className="inline-block rounded-full border border-stone-400 px-3 py-1 text-sm no-underline dark:border-stone-500">
                      {option.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      {newest.length ? (
        <section aria-labelledby="nyeste" className="mt-12">
          <SectionHeading id="nyeste">{t("pages.home.newestHeading")}</SectionHeading>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {newest.map((market) => (
              <li key={market.id}>
                <MarketCard market={market} headingLevel={3} saveAnchorSuffix="nyeste" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
