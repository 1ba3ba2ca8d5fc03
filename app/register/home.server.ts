import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { weekendOf } from "../lib/dates";
import type { MarketFilters, MarketListItem } from "../filters/filters";
import { detailsOf, listDetails } from "./list-details.server";
import { countPublishedMarkets, findMarkets } from "./market-list.server";
import type { LocalDate, MarketType, Setting } from "../markets/types";
import { listed } from "../markets/query/visibility.server";

export interface HomeData {
  count: number;
  weekend: { saturday: LocalDate; sunday: LocalDate; total: number; items: MarketListItem[] };
  newest: MarketListItem[];
}

/** Whether any published market is demo data, so the footer can say "Eksempeldata". */
export async function hasPublishedDemoData(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("markets").select("id").where("source", "=", "demo").where(listed("status")).limit(1).executeTakeFirst();
  return row !== undefined;
}

async function newestMarkets(db: Kysely<Database>, limit: number, today: LocalDate, now: Date): Promise<MarketListItem[]> {
  const rows = await db
    .selectFrom("markets")
    .select(["id", "slug", "name", "type", "city", "postal_code", "latitude", "longitude", "setting", "entry_fee_dkk"])
    .select((eb) =>
      eb
        .selectFrom("market_occurrences")
        .select((inner) => inner.fn.min("market_occurrences.local_date").as("first"))
        .whereRef("market_occurrences.market_id", "=", "markets.id")
        .where("market_occurrences.local_date", ">=", today)
        .where("market_occurrences.status", "=", "scheduled")
        .as("next_date"),
    )
    .where(listed("status"))
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  const details = await listDetails(
    db,
    rows.map((row) => row.id),
    now,
  );
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    type: row.type as MarketType,
    city: row.city,
    postalCode: Number(row.postal_code),
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    setting: row.setting as Setting | null,
    entryFeeDkk: row.entry_fee_dkk === null ? null : Number(row.entry_fee_dkk),
    nextDate: row.next_date ?? null,
    nextStartTime: null,
    nextEndTime: null,
    distanceKm: null,
    ...detailsOf(details, row.id),
  }));
}

/** Where the visitor wants this weekend's markets: an area of the filters, their position, or both. */
export type WeekendPlace = Pick<MarketFilters, "region" | "location" | "near">;

/**
 * `now` is the moment the cards' "Åbent nu" is for. With a place, this weekend's markets are
 * those of the place, the nearest first when the position is known; else the whole country's.
 */
export async function loadHome(db: Kysely<Database>, today: LocalDate, now = new Date(), place: WeekendPlace = {}): Promise<HomeData> {
  const { saturday, sunday } = weekendOf(today);
  const from = saturday < today ? today : saturday;
  // Whether demo data is shown is the root loader's (the footer's notice), not read again here.
  const [count, weekend, newest] = await Promise.all([
    countPublishedMarkets(db),
    findMarkets(db, { ...place, dateFrom: from, dateTo: sunday, sort: place.near ? "distance" : "date" }, { page: 1, pageSize: 6, today, now }),
    newestMarkets(db, 6, today, now),
  ]);
  return { count, weekend: { saturday: from, sunday, total: weekend.total, items: weekend.items }, newest };
}

/**
 * The front page's claim, true to the data: "Over 2.000 markeder" only with more than 2,000
 * published markets; below 100 the exact number.
 */
export function marketCountHeadline(count: number): string {
  if (count === 1) return t("markets.countHeadline.one");
  if (count < 100) return t("markets.countHeadline.other", { count: count.toLocaleString("da-DK") });
  const step = count >= 1000 ? 1000 : 100;
  const floor = Math.floor(count / step) * step;
  const rounded = floor === count ? floor - step : floor;
  return t("markets.countHeadline.over", { count: rounded.toLocaleString("da-DK") });
}
