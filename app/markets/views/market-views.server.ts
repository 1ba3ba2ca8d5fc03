import type { IncomingMessage, ServerResponse } from "node:http";
import { isbot } from "isbot";
import { sql, type Kysely } from "kysely";
import { todayInDenmark } from "../../lib/dates";
import type { Database } from "../../lib/db/schema";

/**
 * Page views of each market, counted on the server (decision 0024): every market page a person
 * is answered, also from the page cache, adds one to the market's count of the Danish day. No
 * cookie is read or set and nothing about the visitor is kept, so no consent is needed. Counts
 * wait in memory and are written in one go by `flush`, so a view costs no database write.
 */

/** /markeder/{slug}, without the calendar file (/markeder/{slug}.ics) or anything below it. */
const MARKET_PAGE = /^\/markeder\/([a-z0-9-]+)(?:\?|$)/;

/** The market a request would view, or null: not a GET of a market page, a crawler, or a prefetch. */
export function viewedMarketSlug(req: IncomingMessage): string | null {
  if (req.method !== "GET") return null;
  const slug = MARKET_PAGE.exec(req.url ?? "")?.[1];
  if (!slug) return null;
  if (isbot(req.headers["user-agent"] ?? "")) return null;
  // A page fetched ahead of a click that may never come.
  const purpose = `${String(req.headers["sec-purpose"] ?? "")} ${String(req.headers.purpose ?? "")}`;
  if (/prefetch|prerender/.test(purpose)) return null;
  return slug;
}

export class MarketViewCounter {
  /** Views per day and slug since the last flush. */
  private pending = new Map<string, Map<string, number>>();

  /** Counts the request as a view once it is answered 200, from the page cache or the app. */
  watch(req: IncomingMessage, res: ServerResponse, now: () => Date = () => new Date()): void {
    const slug = viewedMarketSlug(req);
    if (!slug) return;
    res.once("finish", () => {
      if (res.statusCode === 200) this.count(slug, now());
    });
  }

  count(slug: string, at: Date): void {
    const day = todayInDenmark(at);
    const counts = this.pending.get(day) ?? new Map<string, number>();
    counts.set(slug, (counts.get(slug) ?? 0) + 1);
    this.pending.set(day, counts);
  }

  /** Writes the counts so far; a slug no market has (any more) is dropped. Returns the views written. */
  async flush(db: Kysely<Database>): Promise<number> {
    const pending = this.pending;
    this.pending = new Map();
    let written = 0;
    for (const [day, counts] of pending) {
      const markets = await db
        .selectFrom("markets")
        .select(["id", "slug"])
        .where("slug", "in", [...counts.keys()])
        .execute();
      const rows = markets.map((market) => ({ market_id: market.id, day, views: counts.get(market.slug)! }));
      if (!rows.length) continue;
      await db
        .insertInto("market_views")
        .values(rows)
        .onConflict((oc) => oc.columns(["market_id", "day"]).doUpdateSet({ views: sql<number>`market_views.views + excluded.views` }))
        .execute();
      written += rows.reduce((sum, row) => sum + row.views, 0);
    }
    return written;
  }
}

/** Each market's views from `from` to `to` (Danish days, both included); markets without views are left out. */
export async function marketViews(db: Kysely<Database>, marketIds: readonly string[], from: string, to: string): Promise<Map<string, number>> {
  if (!marketIds.length) return new Map();
  const rows = await db
    .selectFrom("market_views")
    .select(["market_id", (eb) => eb.fn.sum<number | string>("views").as("views")])
    .where("market_id", "in", marketIds)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy("market_id")
    .execute();
  return new Map(rows.map((row) => [row.market_id, Number(row.views)]));
}
