import type { Kysely } from "kysely";
import type { LocalDate } from "../lib/dates";
import type { Database } from "../lib/db/schema";
import { marketTypeInfo } from "../markets/market-types";
import { reachable } from "../markets/query/visibility.server";
import type { MarketStatus, MarketType } from "../markets/types";

/*
 * What /dashboard/gemte-markeder lists: the markets a person saved that the public can still open
 * (published, or closed with a note), the next date first.
 */

export interface Opening {
  date: LocalDate;
  endDate: LocalDate;
  startTime: string;
  endTime: string;
}

export interface SavedMarket {
  id: string;
  slug: string;
  name: string;
  type: MarketType;
  postalCode: number;
  city: string;
  status: MarketStatus;
  isShop: boolean;
  savedAt: string;
  /** The next opening that is not cancelled and has not ended. */
  next: Opening | null;
  /** Coming openings before `next` that were cancelled: "Aflyst" with their reason. */
  cancelled: (Opening & { note: string | null })[];
}

/** Kommende: what can still be visited (a coming date, or a shop that is open); Alle: everything saved. */
export type SavedView = "kommende" | "alle";

export function isComing(market: SavedMarket): boolean {
  return market.status === "published" && (market.next !== null || market.isShop);
}

/**
 * The person's saved markets: those with a coming date by that date, then shops, then those with
 * no coming date (closed ones among them), each group by name.
 */
export async function savedMarketList(db: Kysely<Database>, userId: string, today: LocalDate, view: SavedView): Promise<SavedMarket[]> {
  const rows = await db
    .selectFrom("saved_markets as s")
    .innerJoin("markets as m", "m.id", "s.market_id")
    .select(["m.id", "m.slug", "m.name", "m.type", "m.postal_code", "m.city", "m.status", "m.sort_name", "s.created_at"])
    .where("s.user_id", "=", userId)
    .where(reachable("m.status"))
    .execute();
  if (!rows.length) return [];
  const openings = await db
    .selectFrom("market_occurrences")
    .select(["market_id", "local_date", "end_date", "start_time", "end_time", "status", "note"])
    .where(
      "market_id",
      "in",
      rows.map((row) => row.id),
    )
    .where("end_date", ">=", today)
    .orderBy("local_date")
    .orderBy("start_time")
    .execute();
  const nextOf = new Map<string, Opening>();
  const cancelledOf = new Map<string, SavedMarket["cancelled"]>();
  for (const row of openings) {
    if (nextOf.has(row.market_id)) continue;
    const opening = { date: row.local_date, endDate: row.end_date, startTime: row.start_time, endTime: row.end_time };
    if (row.status === "cancelled") cancelledOf.set(row.market_id, [...(cancelledOf.get(row.market_id) ?? []), { ...opening, note: row.note }]);
    else nextOf.set(row.market_id, opening);
  }
  const markets = rows.map((row) => {
    const type = row.type as MarketType;
    return {
      market: {
        id: row.id,
        slug: row.slug,
        name: row.name,
        type,
        postalCode: Number(row.postal_code),
        city: row.city,
        status: row.status as MarketStatus,
        isShop: marketTypeInfo(type).isShop,
        savedAt: row.created_at,
        next: row.status === "published" ? (nextOf.get(row.id) ?? null) : null,
        cancelled: row.status === "published" ? (cancelledOf.get(row.id) ?? []) : [],
      },
      sortName: row.sort_name,
    };
  });
  const group = (market: SavedMarket) => (market.next ? 0 : isComing(market) ? 1 : 2);
  return markets
    .filter(({ market }) => view === "alle" || isComing(market))
    .sort(
      (a, b) =>
        group(a.market) - group(b.market) ||
        (a.market.next && b.market.next ? compare(a.market.next.date + a.market.next.startTime, b.market.next.date + b.market.next.startTime) : 0) ||
        compare(a.sortName, b.sortName) ||
        compare(a.market.id, b.market.id),
    )
    .map(({ market }) => market);
}

/** Byte order, the same on both databases and in every locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
