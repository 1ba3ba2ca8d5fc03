import type { Kysely } from "kysely";
import type { Database } from "../lib/db/schema";
import { isListed, reachable } from "../markets/query/visibility.server";

/*
 * "Gem" (issue 17): the markets a person keeps for later. Saving is private: nothing the public
 * sees changes, so no write here bumps the cache generation. The routes check save:market first.
 */

/** What pressing "Gem" came to: saved, or why not; with the market's name to say so. */
export type SaveOutcome = { outcome: "saved" | "closed"; name: string } | { outcome: "not-found"; name: null };

/**
 * Saves a market for a person. Only a market the public can find may be saved: one that closed
 * (archived) meanwhile is refused with its own reason, one that does not exist (or is not
 * published) as not found. Saving twice is saving once.
 */
export async function saveMarket(db: Kysely<Database>, userId: string, marketId: string, now: Date = new Date()): Promise<SaveOutcome> {
  const market = await db.selectFrom("markets").select(["status", "name"]).where("id", "=", marketId).executeTakeFirst();
  if (!market || !(isListed(market.status) || market.status === "archived")) return { outcome: "not-found", name: null };
  if (market.status === "archived") return { outcome: "closed", name: market.name };
  await db
    .insertInto("saved_markets")
    .values({ user_id: userId, market_id: marketId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "market_id"]).doNothing())
    .execute();
  return { outcome: "saved", name: market.name };
}

/** Takes a market off a person's list; always allowed, also for a market that closed. The market's name, null when it has none to show. */
export async function unsaveMarket(db: Kysely<Database>, userId: string, marketId: string): Promise<string | null> {
  await db.deleteFrom("saved_markets").where("user_id", "=", userId).where("market_id", "=", marketId).execute();
  const market = await db.selectFrom("markets").select("name").where("id", "=", marketId).where(reachable("status")).executeTakeFirst();
  return market?.name ?? null;
}

/**
 * The ids of every market a person has saved: what the "Gem" buttons of a signed-in person's page
 * show (root loader). One read of the primary key's range for that person.
 */
export async function savedMarketIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom("saved_markets").select("market_id").where("user_id", "=", userId).execute();
  return rows.map((row) => row.market_id);
}

/** How many people have saved each of these markets (the owner's list); a market nobody saved is left out. */
export async function savedCounts(db: Kysely<Database>, marketIds: readonly string[]): Promise<Map<string, number>> {
  if (!marketIds.length) return new Map();
  const rows = await db
    .selectFrom("saved_markets")
    .select(["market_id", db.fn.countAll<number | string>().as("count")])
    .where("market_id", "in", marketIds)
    .groupBy("market_id")
    .execute();
  return new Map(rows.map((row) => [row.market_id, Number(row.count)]));
}

/** The saved markets a person may still open (published or closed), for the data download. */
export async function savedForExport(db: Kysely<Database>, userId: string): Promise<{ marketId: string; name: string; slug: string; savedAt: string }[]> {
  const rows = await db
    .selectFrom("saved_markets as s")
    .innerJoin("markets as m", "m.id", "s.market_id")
    .select(["s.market_id", "m.name", "m.slug", "s.created_at"])
    .where("s.user_id", "=", userId)
    .where(reachable("m.status"))
    .orderBy("s.created_at")
    .orderBy("s.market_id")
    .execute();
  return rows.map((row) => ({ marketId: row.market_id, name: row.name, slug: row.slug, savedAt: row.created_at }));
}
