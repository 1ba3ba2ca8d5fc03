import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { addDays, type LocalDate } from "~/lib/dates";
import { marketTypeInfo } from "../../markets/market-types";
import { REACHABLE_STATUSES } from "../../markets/query/visibility.server";
import type { MarketStatus, MarketType } from "../../markets/types";
import { marketViews } from "../../markets/views/market-views.server";
import { savedCounts } from "../../saved/saved-markets.server";
import type { RevisionKind } from "../../revisions/revisions.server";

/*
 * What /dashboard/mine-markeder lists: a person's markets (markets.owner_id) with where each
 * stands, and the submissions they have begun but not sent (market_drafts).
 */

/** The days a market's views are counted over on the list: the last 30, today included. */
export const VIEW_DAYS = 30;

export interface OwnedMarket {
  id: string;
  slug: string;
  name: string;
  status: MarketStatus;
  /** Its page answers the public (published or archived). */
  reachable: boolean;
  /** A shop with weekly opening hours: it has no dates to list. */
  isShop: boolean;
  /** A change that waits for an admin: the first submission, or an edit of a public market. */
  pendingKind: Extract<RevisionKind, "submission" | "edit"> | null;
  /** The next opening that is not cancelled, from today. */
  next: { date: LocalDate; endDate: LocalDate; startTime: string; endTime: string } | null;
  views: number;
  /** How many people have saved it ("Gem"). */
  saves: number;
}

export interface OwnedDraft {
  id: string;
  /** The name typed so far, or null before one is. */
  name: string | null;
  step: string;
  updatedAt: string;
}

/** The person's markets, by name, each with its next date, its waiting change and its views. */
export async function ownedMarkets(db: Kysely<Database>, ownerId: string, today: LocalDate): Promise<OwnedMarket[]> {
  const rows = await db.selectFrom("markets").select(["id", "slug", "name", "status", "type"]).where("owner_id", "=", ownerId).orderBy("sort_name").orderBy("id").execute();
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [next, pending, views, saves] = await Promise.all([
    nextOpenings(db, ids, today),
    db.selectFrom("market_revisions").select(["market_id", "kind"]).where("market_id", "in", ids).where("state", "=", "pending").orderBy("created_at", "desc").execute(),
    marketViews(db, ids, addDays(today, -(VIEW_DAYS - 1)), today),
    savedCounts(db, ids),
  ]);
  const pendingOf = new Map<string, string>();
  for (const row of pending) if (!pendingOf.has(row.market_id)) pendingOf.set(row.market_id, row.kind);
  return rows.map((row) => {
    const status = row.status as MarketStatus;
    const kind = pendingOf.get(row.id);
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      status,
      reachable: REACHABLE_STATUSES.includes(status),
      isShop: marketTypeInfo(row.type as MarketType).isShop,
      pendingKind: kind === "submission" || kind === "edit" ? kind : null,
      next: next.get(row.id) ?? null,
      views: views.get(row.id) ?? 0,
      saves: saves.get(row.id) ?? 0,
    };
  });
}

/** Each market's first opening that is not cancelled and has not ended before today. */
async function nextOpenings(db: Kysely<Database>, ids: string[], today: LocalDate): Promise<Map<string, NonNullable<OwnedMarket["next"]>>> {
  const firsts = await db
    .selectFrom("market_occurrences")
    .select(["market_id", (eb) => eb.fn.min<string>("local_date").as("first")])
    .where("market_id", "in", ids)
    .where("status", "=", "scheduled")
    .where("end_date", ">=", today)
    .groupBy("market_id")
    .execute();
  if (!firsts.length) return new Map();
  const rows = await db
    .selectFrom("market_occurrences")
    .select(["market_id", "local_date", "end_date", "start_time", "end_time"])
    .where("status", "=", "scheduled")
    .where((eb) => eb.or(firsts.map((first) => eb.and([eb("market_id", "=", first.market_id), eb("local_date", "=", first.first)]))))
    .orderBy("start_time")
    .execute();
  const out = new Map<string, NonNullable<OwnedMarket["next"]>>();
  for (const row of rows) {
    if (out.has(row.market_id)) continue;
    out.set(row.market_id, { date: row.local_date, endDate: row.end_date, startTime: row.start_time, endTime: row.end_time });
  }
  return out;
}

/** The name typed in a draft's fields, if any: the fields are as typed, so anything may be there. */
function draftName(fields: string): string | null {
  try {
    const parsed: unknown = JSON.parse(fields);
    const name = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>).name : undefined;
    return typeof name === "string" && name.trim() ? name.trim() : null;
  } catch {
    return null;
  }
}

/** The person's drafts, the one worked on last first. */
export async function ownedDrafts(db: Kysely<Database>, ownerId: string): Promise<OwnedDraft[]> {
  const rows = await db
    .selectFrom("market_drafts")
    .select(["id", "step", "fields", "updated_at"])
    .where("owner_id", "=", ownerId)
    .orderBy("updated_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, name: draftName(row.fields), step: row.step, updatedAt: row.updated_at }));
}

/** Throws away one of the person's own drafts; false when they have none by that id (someone else's stays). */
export async function deleteOwnDraft(db: Kysely<Database>, ownerId: string, draftId: string): Promise<boolean> {
  const result = await db.deleteFrom("market_drafts").where("id", "=", draftId).where("owner_id", "=", ownerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
