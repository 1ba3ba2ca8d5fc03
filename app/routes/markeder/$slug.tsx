import { Link, data, redirect } from "react-router";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { buttonClass } from "~/components/ui/button";
import { DEFAULT_MAP_TILE_URL, config } from "~/lib/config.server";
import { database } from "~/lib/db/database.server";
import { t } from "~/lib/i18n";
import { STATIC_PAGE } from "~/lib/route-handle";
import { breadcrumbList, seoMeta } from "~/lib/meta";
import { distanceText, entryFeeText, formatTimeRange, lowerFirst } from "~/markets/format";
import { MiniMap } from "~/markets/map/MiniMap";
import { MarketPicture } from "~/markets/components/MarketPicture";
import { ShareButton } from "~/markets/components/ShareButton";
import { miniMapTiles } from "~/markets/map/mini-map";
import { formatDanishDate, todayInDenmark } from "~/lib/dates";
import { FACILITY_LABELS } from "~/markets/facilities";
import { locationForPostalCode } from "~/markets/landing/location-for-postal-code";
import { landingPath, landingTitle } from "~/markets/landing/paths";
import { currentSlugFor, getPublicMarket, nearbyMarkets } from "~/markets/market-detail.server";
import { marketTypeInfo } from "~/markets/market-types";
import { shopHoursOn } from "~/markets/schedule/opening-hours";
import { describeSchedule, formatIntervals } from "~/markets/schedule/prose";
import { marketStructuredData } from "~/markets/structured-data";
import type { Occurrence } from "~/markets/types";
import type { Route } from "./+types/$slug";

/** Read without React in the browser (decision 0022). */
export const handle = STATIC_PAGE;

/** "lør. 14. jun. 2027", or "fre. 4. sep. 2026 – søn. 6. sep. 2026" for an opening of several days. */
function occurrenceDays(occurrence: Occurrence): string {
  const last = occurrence.endDate !== occurrence.date ? ` – ${formatDanishDate(occurrence.endDate)}` : "";
  return `${formatDanishDate(occurrence.date)}${last}`;
}

export async function loader({ params }: Route.LoaderArgs) {
  const db = database().db;
  const today = todayInDenmark();
  const market = await getPublicMarket(db, params.slug, today);
  if (!market) {
    const current = await currentSlugFor(db, params.slug);
    if (current) throw redirect(`/markeder/${current}`, 301);
    throw data(null, { status: 404 });
  }
  const baseUrl = config().baseUrl;
  const nearby = await nearbyMarkets(db, market);
  const area = locationForPostalCode(market.postalCode);
  // Dates and schedules are written out here, so the page's JavaScript carries no date library.
  const texts = {
    schedules: market.schedules.map((schedule) => describeSchedule(schedule, { today })),
    upcoming: market.upcoming.map((occurrence) => ({
      key: `${occurrence.date}-${occurrence.startTime}`,
      when: `${occurrenceDays(occurrence)} ${formatTimeRange(occurrence.startTime, occurrence.endTime)}`,
      cancelled: occurrence.status === "cancelled",
      note: occurrence.note ?? null,
    })),
    lastConfirmed: market.lastConfirmedAt ? formatDanishDate(market.lastConfirmedAt) : null,
  };
  const url = `${baseUrl}/markeder/${market.slug}`;
  const type = marketTypeInfo(market.type);
  // "When" at the top of the page: today's hours of a shop (the page cache keeps a page until
  // midnight), or the next opening that is not cancelled, its time kept on one line.
  const next = market.upcoming.find((occurrence) => occurrence.status === "scheduled");
  const when = type.isShop
    ? { label: t("market.today"), text: formatIntervals(shopHoursOn(market.schedules, today)), time: null }
    : next
      ? { label: t("markets.nextDate"), text: occurrenceDays(next), time: formatTimeRange(next.startTime, next.endTime) }
      : { label: null, text: t("markets.noUpcoming"), time: null };
  const areaPath = area ? landingPath(type, area) : landingPath(type);
  // Forside › Loppemarkeder › Loppemarkeder i Aarhus › the market: the same trail as the page shows.
  const breadcrumbs = [
    { name: t("market.home"), path: "/" },
    { name: type.plural, path: landingPath(type) },
    ...(area ? [{ name: landingTitle({ type, location: area }), path: areaPath }] : []),
    { name: market.name, path: `/markeder/${market.slug}` },
  ];
  const tileUrl = config().mapTileUrl;
  const miniMap =
    market.latitude !== null && market.longitude !== null
      ? {
          tiles: miniMapTiles(tileUrl, market.latitude, market.longitude),
          // The default tiles are OpenStreetMap's, whose licence asks for this line.
          attribution: tileUrl === DEFAULT_MAP_TILE_URL ? t("market.mapAttribution") : null,
          bigMapHref: area ? `/markeder?omraade=${area.key}` : "/markeder",
        }
      : null;
  return {
    market,
    texts: { ...texts, when },
    miniMap,
    // Built here so that the page's JavaScript needs none of it.
    structuredData: [marketStructuredData(market, url), breadcrumbList(baseUrl, breadcrumbs)],
    breadcrumbs,
    nearby,
    url,
    areaPath,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { market, areaPath, structuredData } = loaderData;
  const type = marketTypeInfo(market.type);
  const description = `${type.name} i ${market.city}. ${market.description}`.slice(0, 155).replace(/\s+\S*$/, "…");
  const title = `${market.name} – ${market.city}`.length <= 46 ? `${market.name} – ${market.city}` : market.name;
  // A closed market's page stays for its links, but search engines are sent to the markets near it.
  const archived = market.status === "archived";
  return seoMeta(matches, {
    title,
    description,
    path: archived ? areaPath : `/markeder/${market.slug}`,
    robots: archived ? "noindex,follow" : undefined,
    structuredData,
  });
}

const SETTING_LABELS = { indoor: t("markets.indoor"), outdoor: t("markets.outdoor"), both: t("markets.both") };

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="font-semibold">{label}</dt>
      <dd className="mt-1 text-stone-800 sm:mt-0 dark:text-stone-200">{children}</dd>
    </div>
  );
}

export default function MarketPage({ loaderData }: Route.ComponentProps) {
  const { market, texts, miniMap, nearby, url, breadcrumbs, areaPath } = loaderData;
  const type = marketTypeInfo(market.type);
  const [cover, ...gallery] = market.images;
  const fee = market.entryFeeText ?? entryFeeText(market.entryFeeDkk) ?? t("market.entryUnknown");
  const address = [market.venueName, market.street, `${market.postalCode} ${market.city}`].filter(Boolean).join(", ");
  const directions =
    market.latitude !== null && market.longitude !== null
      ? `https://www.openstreetmap.org/directions?to=${market.latitude}%2C${market.longitude}`
      : `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
  return (
    <article>
      <Breadcrumbs trail={breadcrumbs.slice(0, -1)} current={market.name} />

      {market.status === "archived" ? (
        <p className="mt-4 rounded-lg border border-amber-600 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          {t("market.closedNote")}
        </p>
      ) : null}

      {/* The first screen of a phone: name, when, where and what to do. A picture comes after them there, beside them on a wide screen. */}
      <div className="mt-4 lg:grid lg:grid-cols-[3fr_2fr] lg:items-start lg:gap-8">
        <div>
          <p className="font-medium text-emerald-800 dark:text-emerald-300">{type.label}</p>
          <h1 className="mt-1 text-3xl font-bold sm:text-4xl">{market.name}</h1>
          <p className="mt-3 text-lg">
            {texts.when.label ? <span className="font-semibold">{texts.when.label}: </span> : null}
            {texts.when.text}
            {texts.when.time ? (
              <>
                {" "}
                <span className="whitespace-nowrap">{texts.when.time}</span>
              </>
            ) : null}
          </p>
          {type.isShop && texts.schedules.length ? <p className="text-stone-700 dark:text-stone-300">{texts.schedules.join(" · ")}</p> : null}
          <p className="mt-1 text-lg text-stone-700 dark:text-stone-300">{address}</p>

          <div className="mt-4 flex flex-wrap gap-2">
            <Link to={`/sign-in?next=${encodeURIComponent(`/markeder/${market.slug}`)}`} className={buttonClass("primary")} title={t("market.saveSignIn")}>
              {t("market.save")}
            </Link>
            <a href={directions} className={buttonClass("secondary")} rel="noopener">
              {t("market.directions")}
            </a>
            {type.isShop ? null : (
              <a href={`/markeder/${market.slug}.ics`} className={buttonClass("secondary")} download>
                {t("market.addToCalendar")}
              </a>
            )}
            <ShareButton title={market.name} url={url} />
          </div>
        </div>

        {cover ? (
          <MarketPicture
            image={cover}
            eager
            className="mt-6 aspect-[2/1] w-full rounded-xl bg-stone-200 object-cover lg:mt-0 dark:bg-stone-800"
          />
        ) : null}
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div>
          <div className="space-y-4 text-lg leading-relaxed">
            {market.description.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>

          {gallery.length ? (
            <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {gallery.map((image) => (
                <li key={image.storageKey}>
                  <MarketPicture image={image} className="h-auto w-full rounded-xl object-cover" />
                </li>
              ))}
            </ul>
          ) : null}

          <section aria-labelledby="hvornaar" className="mt-8">
            <h2 id="hvornaar" className="text-2xl font-bold">
              {type.isShop ? t("market.openingHours") : t("market.schedule")}
            </h2>
            {texts.schedules.map((text) => (
              <p key={text} className="mt-2">
                {text}
              </p>
            ))}
            {type.isShop ? null : texts.upcoming.length ? (
              <>
                <h3 className="mt-4 font-semibold">{t("market.nextDates")}</h3>
                <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-700">
                  {texts.upcoming.map((occurrence) => (
                    <li key={occurrence.key} className="flex flex-wrap justify-between gap-2 py-2">
                      <span className={occurrence.cancelled ? "line-through" : ""}>{occurrence.when}</span>
                      {occurrence.cancelled ? (
                        <span className="font-semibold text-red-700 dark:text-red-300">
                          {t("market.cancelled")}
                          {occurrence.note ? `: ${occurrence.note}` : ""}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="mt-2">{t("market.noDates")}</p>
            )}
          </section>
        </div>

        <aside className="rounded-2xl border border-stone-300 bg-white p-5 dark:border-stone-700 dark:bg-stone-900">
          <dl className="divide-y divide-stone-200 dark:divide-stone-700">
            <Fact label={t("market.address")}>{address}</Fact>
            <Fact label={t("market.entry")}>{fee}</Fact>
            {market.setting ? <Fact label={t("market.indoorOutdoor")}>{SETTING_LABELS[market.setting]}</Fact> : null}
            {market.stallPriceText || market.stallCount ? (
              <Fact label={t("market.stalls")}>
                {[market.stallPriceText, market.stallCount ? t("market.stallCount", { count: market.stallCount }) : null]
                  .filter(Boolean)
                  .join(" · ")}
              </Fact>
            ) : null}
            {market.bookingInfo ? <Fact label={t("market.booking")}>{market.bookingInfo}</Fact> : null}
            {market.facilities.length ? (
              <Fact label={t("market.facilities")}>
                <ul className="list-inside list-disc">
                  {market.facilities.map((facility) => (
                    <li key={facility}>{FACILITY_LABELS[facility] ?? facility}</li>
                  ))}
                </ul>
              </Fact>
            ) : null}
            {market.website || market.email || market.phone || market.facebook ? (
              <Fact label={t("market.contact")}>
                <ul className="space-y-1">
                  {market.website ? (
                    <li>
                      <a href={market.website} rel="noopener nofollow">
                        {t("market.website")}
                      </a>
                    </li>
                  ) : null}
                  {market.email ? (
                    <li>
                      <a href={`mailto:${market.email}`}>{market.email}</a>
                    </li>
                  ) : null}
                  {market.phone ? (
                    <li>
                      <a href={`tel:${market.phone.replace(/\s+/g, "")}`}>{market.phone}</a>
                    </li>
                  ) : null}
                  {market.facebook ? (
                    <li>
                      <a href={market.facebook} rel="noopener nofollow">
                        {t("market.facebook")}
                      </a>
                    </li>
                  ) : null}
                </ul>
              </Fact>
            ) : null}
          </dl>
          {miniMap ? <MiniMap label={t("market.mapLabel", { name: market.name })} {...miniMap} /> : null}
          {market.source === "demo" ? <p className="mt-4 text-sm text-stone-700 dark:text-stone-300">{t("market.demoNote")}</p> : null}
          {texts.lastConfirmed ? (
            <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">
              {t("market.lastConfirmed", { date: texts.lastConfirmed })}
            </p>
          ) : null}
        </aside>
      </div>

      {nearby.length ? (
        <section aria-labelledby="naerheden" className="mt-12">
          <h2 id="naerheden" className="text-2xl font-bold">
            {t("market.nearby")}
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {nearby.map((other) => (
              <li key={other.slug} className="rounded-xl border border-stone-300 p-4 dark:border-stone-700">
                <Link to={`/markeder/${other.slug}`} className="font-semibold">
                  {other.name}
                </Link>
                <p className="text-sm text-stone-700 dark:text-stone-300">
                  {marketTypeInfo(other.type).label} · {other.city} ·{" "}
                  {distanceText(other.distanceKm)}
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-4">
            <Link to={areaPath}>{t("market.moreOfType", { what: lowerFirst(breadcrumbs.at(-2)?.name ?? type.plural) })}</Link>
          </p>
        </section>
      ) : null}
    </article>
  );
}
