import type { Kysely, Selectable } from "kysely";
import type { Database } from "~/lib/db/schema";
import { addMonths } from "../lib/dates";
import { boundingBox, distanceKm } from "./geo";
import { scheduleRowToSpec } from "./schedule/occurrences.server";
import type { MarketInput } from "./market-input";
import type { MarketsTable } from "./schema";
import { parseImageWidths } from "./image-widths";
import type { Facility, LocalDate, MarketImage, MarketStatus, MarketType, Occurrence, Setting } from "./types";
import { listed, reachable } from "./query/visibility.server";

export interface NearbyMarket {
  slug: string;
  name: string;
  type: MarketType;
  city: string;
  distanceKm: number;
}

/** Everything the market page shows: the fields a market is saved with, and what it has gathered since. */
export interface MarketDetail extends Omit<MarketInput, "slug"> {
  id: string;
  slug: string;
  source: string;
  /** Someone runs it here (markets.owner_id); the page then offers "Kontakt os" rather than "Er det dit marked?". */
  hasOwner: boolean;
  lastConfirmedAt: string | null;
  updatedAt: string;
  /** Coming openings, including cancelled ones (shown as cancelled). */
  upcoming: Occurrence[];
  images: MarketImage[];
}

/** How many coming openings a market page lists. */
export const UPCOMING_LIMIT = 8;

function parseFacilities(json: string): Facility[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value.filter((item) => typeof item === "string") as Facility[]) : [];
  } catch {
    return [];
  }
}

/** A markets row's own fields as the write path takes them (without slug and schedules). */
export function marketFieldsFromRow(row: Selectable<MarketsTable>): Omit<MarketInput, "slug" | "schedules"> {
  return {
    name: row.name,
    type: row.type as MarketType,
    status: row.status as MarketStatus,
    description: row.description,
    venueName: row.venue_name,
    street: row.street,
    postalCode: Number(row.postal_code),
    city: row.city,
    municipality: row.municipality,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    setting: row.setting as Setting | null,
    entryFeeDkk: row.entry_fee_dkk === null ? null : Number(row.entry_fee_dkk),
    entryFeeText: row.entry_fee_text,
    stallPriceText: row.stall_price_text,
    bookingInfo: row.booking_info,
    stallCount: row.stall_count === null ? null : Number(row.stall_count),
    facilities: parseFacilities(row.facilities),
    website: row.website,
    email: row.email,
    phone: row.phone,
    facebook: row.facebook,
  };
}

/** A published or archived market by its current slug; drafts and rejected markets are not public. */
export async function getPublicMarket(db: Kysely<Database>, slug: string, today: LocalDate): Promise<MarketDetail | null> {
  const row = await db.selectFrom("markets").selectAll().where("slug", "=", slug).where(reachable("status")).executeTakeFirst();
  return row ? detailOf(db, row, today) : null;
}

/** Any market by its id, whatever its status: for its owner's and the admins' pages, never the public's. */
export async function getMarketById(db: Kysely<Database>, id: string, today: LocalDate): Promise<MarketDetail | null> {
  const row = await db.selectFrom("markets").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? detailOf(db, row, today) : null;
}

async function detailOf(db: Kysely<Database>, row: Selectable<MarketsTable>, today: LocalDate): Promise<MarketDetail> {
  const [schedules, occurrences, images] = await Promise.all([
    db.selectFrom("market_schedules").selectAll().where("market_id", "=", row.id).orderBy("start_date").execute(),
    db
      .selectFrom("market_occurrences")
      .selectAll()
      .where("market_id", "=", row.id)
      .where("end_date", ">=", today)
      .where("local_date", "<=", addMonths(today, 18))
      .orderBy("local_date")
      .orderBy("start_time")
      .limit(UPCOMING_LIMIT)
      .execute(),
    db.selectFrom("market_images").selectAll().where("market_id", "=", row.id).orderBy("position").execute(),
  ]);

  return {
    ...marketFieldsFromRow(row),
    id: row.id,
    slug: row.slug,
    source: row.source,
    hasOwner: row.owner_id !== null,
    lastConfirmedAt: row.last_confirmed_at,
    updatedAt: row.updated_at,
    schedules: schedules.map(scheduleRowToSpec),
    upcoming: occurrences.map((occurrence) => ({
      date: occurrence.local_date,
      endDate: occurrence.end_date,
      startTime: occurrence.start_time,
      endTime: occurrence.end_time,
      startsAt: occurrence.starts_at,
      endsAt: occurrence.ends_at,
      status: occurrence.status === "cancelled" ? "cancelled" : "scheduled",
      ...(occurrence.note ? { note: occurrence.note } : {}),
    })),
    images: images.map((image) => ({
      storageKey: image.storage_key,
      widths: parseImageWidths(image.widths),
      width: Number(image.width),
      height: Number(image.height),
      alt: image.alt,
    })),
  };
}

/** The current slug of a market that was renamed, for a 301 from its former address. */
export async function currentSlugFor(db: Kysely<Database>, formerSlug: string): Promise<string | null> {
  const row = await db
    .selectFrom("market_slug_history")
    .innerJoin("markets", "markets.id", "market_slug_history.market_id")
    .select("markets.slug")
    .where("market_slug_history.slug", "=", formerSlug)
    .where(reachable("markets.status"))
    .executeTakeFirst();
  return row?.slug ?? null;
}

/** Published markets closest to a market, found inside a box first so the query stays cheap. */
export async function nearbyMarkets(db: Kysely<Database>, market: Pick<MarketDetail, "id" | "latitude" | "longitude">, limit = 4): Promise<NearbyMarket[]> {
  if (market.latitude === null || market.longitude === null) return [];
  const center = { latitude: market.latitude, longitude: market.longitude };
  for (const radiusKm of [15, 60, 250]) {
    const box = boundingBox(center, radiusKm);
    const rows = await db
      .selectFrom("markets")
      .select(["slug", "name", "type", "city", "latitude", "longitude"])
      .where(listed("status"))
      .where("id", "!=", market.id)
      .where("latitude", ">=", box.minLatitude)
      .where("latitude", "<=", box.maxLatitude)
      .where("longitude", ">=", box.minLongitude)
      .where("longitude", "<=", box.maxLongitude)
      .limit(500)
      .execute();
    const nearby = rows
      .map((row) => ({
        slug: row.slug,
        name: row.name,
        type: row.type as MarketType,
        city: row.city,
        distanceKm: distanceKm(center, { latitude: Number(row.latitude), longitude: Number(row.longitude) }),
      }))
      .filter((row) => row.distanceKm <= radiusKm)
      .sort((a, b) => a.distanceKm - b.distanceKm || a.slug.localeCompare(b.slug))
      .slice(0, limit);
    if (nearby.length >= limit || radiusKm === 250) return nearby;
  }
  return [];
}
