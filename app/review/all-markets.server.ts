import { sql, type Kysely } from "kysely";
import { asciiLower, asciiLowerCase, containsText, dialectOf } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import { countAtMost } from "~/lib/db/count-at-most.server";
import { MARKET_STATUSES, type MarketStatus } from "~/markets/types";
import { MARKET_QUERY_MAX } from "./review-paths";

/** One market in the admins' list of every market. */
export interface AdminMarketItem {
  id: string;
  slug: string;
  name: string;
  city: string;
  status: MarketStatus;
  ownerName: string | null;
  ownerEmail: string | null;
  updatedAt: string;
}

/** How many matches a search counts before it says "more than", as the people search does. */
export const MARKETS_COUNT_CAP = 1000;

export function isMarketStatus(value: unknown): value is MarketStatus {
  return typeof value === "string" && (MARKET_STATUSES as readonly string[]).includes(value);
}

/**
 * Every market whose name, town or owner (name or address) contains `query`, in one status or all,
 * the most recently changed first, a page at a time: /dashboard/admin/markeder.
 */
export async function searchAllMarkets(
  db: Kysely<Database>,
  { query, status, offset, limit }: { query: string; status: MarketStatus | null; offset: number; limit: number },
): Promise<{ total: number; more: boolean; markets: AdminMarketItem[] }> {
  const needle = asciiLowerCase(query.trim().slice(0, MARKET_QUERY_MAX));
  const kind = dialectOf(db);
  const base = db
    .selectFrom("markets as m")
    .leftJoin("user as u", "u.id", "m.owner_id")
    .$if(status !== null, (qb) => qb.where("m.status", "=", status!))
    .$if(needle !== "", (qb) =>
      qb.where((eb) =>
        eb.or([
          containsText(kind, asciiLower(kind, "m.name"), needle),
          containsText(kind, asciiLower(kind, "m.city"), needle),
          containsText(kind, asciiLower(kind, "u.name"), needle),
          containsText(kind, sql.ref<string>("u.email"), needle),
        ]),
      ),
    );
  const [rows, total] = await Promise.all([
    base
      .select(["m.id", "m.slug", "m.name", "m.city", "m.status", "m.updated_at", "u.name as owner_name", "u.email as owner_email"])
      .orderBy("m.updated_at", "desc")
      .orderBy("m.id", "desc")
      .offset(offset)
      .limit(limit)
      .execute(),
    countAtMost(db, base.select("m.id"), MARKETS_COUNT_CAP),
  ]);
  return {
    total: Math.min(total, MARKETS_COUNT_CAP),
    more: total > MARKETS_COUNT_CAP,
    markets: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      city: row.city,
      status: isMarketStatus(row.status) ? row.status : "draft",
      ownerName: row.owner_name,
      ownerEmail: row.owner_email,
      updatedAt: row.updated_at,
    })),
  };
}
