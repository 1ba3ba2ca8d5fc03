import { DEFAULT_MAP_TILE_URL } from "~/lib/config.server";
import { addMonths, formatDanishDate, type LocalDate } from "~/lib/dates";
import { t } from "~/lib/i18n";
import { breadcrumbList } from "~/lib/meta";
import type { SiteContext } from "~/lib/site-context.server";
import { descriptionParagraphs } from "./description.server";
import { formatTimeRange } from "../markets/format";
import { locationForPostalCode } from "../landing/location-for-postal-code";
import { landingPath, landingTitle } from "../landing/paths";
import { UPCOMING_LIMIT, nearbyMarkets, type MarketDetail } from "../markets/market-detail.server";
import { marketTypeInfo } from "../markets/market-types";
import { miniMapTiles } from "../map/mini-map";
import { shopHoursOn } from "../markets/schedule/opening-hours";
import { expandSchedule } from "../markets/schedule/expansion";
import { describeSchedule, formatIntervals } from "../markets/schedule/prose";
import { slugify } from "~/lib/slug";
import { marketStructuredData } from "./structured-data";
import type { MarketSnapshot } from "../revisions/snapshot";
import type { Occurrence } from "../markets/types";

/*
 * What the market page shows, written out on the server: the public page (routes/markeder/$slug/index.tsx)
 * and the previews of a submission ("Se og send", the review queue) render the same component
 * (components/MarketPage.tsx) from this, so an organiser sees exactly the page the public will.
 * Dates and schedules become text here, so that the page's JavaScript carries no date library.
 */

/** "lør. 14. jun. 2027", or "fre. 4. sep. 2026 – søn. 6. sep. 2026" for an opening of several days. */
function occurrenceDays(occurrence: Occurrence): string {
  const last = occurrence.endDate !== occurrence.date ? ` – ${formatDanishDate(occurrence.endDate)}` : "";
  return `${formatDanishDate(occurrence.date)}${last}`;
}

/** The site's address (the page's own URL, its structured data) and map tiles come from its settings. */
export async function marketPageData(site: Pick<SiteContext, "database" | "config">, market: MarketDetail, today: LocalDate, { withNearby = true } = {}) {
  const { baseUrl, mapTileUrl: tileUrl } = site.config;
  const nearby = withNearby ? await nearbyMarkets(site.database.db, market) : [];
  const area = locationForPostalCode(market.postalCode);
  const texts = {
    schedules: market.schedules.map((schedule) => describeSchedule(schedule, { today })),
    upcoming: market.upcoming.map((occurrence) => ({
      key: `${occurrence.date}-${occurrence.startTime}`,
      when: `${occurrenceDays(occurrence)} ${formatTimeRange(occurrence.startTime, occurrence.endTime)}`,
      cancelled: occurrence.status === "cancelled",
      note: occurrence.note ?? null,
    })),
    lastConfirmed: market.lastConfirmedAt ? formatDanishDate(market.lastConfirmedAt) : null,
    description: descriptionParagraphs(market.description),
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

export type MarketPageData = Awaited<ReturnType<typeof marketPageData>>;

/**
 * A market that is not stored yet (a submission being written) or not public (one in review), as
 * the page would show it: its next openings computed from its schedules.
 */
export function previewDetail(
  content: MarketSnapshot,
  { today, id = "forhaandsvisning", slug, images = [] }: { today: LocalDate; id?: string; slug?: string; images?: MarketDetail["images"] },
): MarketDetail {
  const window = { from: today, to: addMonths(today, 18) };
  const upcoming = content.schedules
    .flatMap((spec) => expandSchedule(spec, window))
    .filter((occurrence) => occurrence.endDate >= today)
    .sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime))
    .slice(0, UPCOMING_LIMIT);
  return {
    ...content,
    id,
    slug: slug ?? (slugify(`${content.name} ${content.city}`) || "nyt-marked"),
    status: "pending",
    source: "user",
    // A submission has its sender as owner; the preview shows neither "Er det dit marked?" nor "Kontakt os".
    hasOwner: true,
    lastConfirmedAt: null,
    updatedAt: new Date().toISOString(),
    upcoming,
    images,
  };
}
