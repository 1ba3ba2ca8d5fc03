import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { claimFromRow, claimStatusOf, type Claim, type ClaimStatus } from "./claims.server";

/*
 * What /dashboard/market-claims lists: the open claims, oldest first, each with what an admin
 * needs to judge it: the market, and the person (their address and whether it is confirmed, how
 * old the account is, the markets they have, their earlier claims and how each was decided).
 */

export interface ClaimPerson {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  /** ISO instant. */
  createdAt: string;
  markets: { id: string; name: string; slug: string; status: string }[];
  /** Their other claims, newest first, with their decisions. */
  earlier: { id: string; marketName: string; marketSlug: string; status: ClaimStatus; reason: string | null; createdAt: string; decidedAt: string | null }[];
}

export interface QueuedClaim {
  claim: Claim;
  market: { id: string; slug: string; name: string; city: string; status: string; ownerId: string | null };
  /** null when the account is gone (its claims go with it, so only for a moment). */
  person: ClaimPerson | null;
  /** Other open claims on the same market: approving this one turns them down. */
  rivals: number;
}

/** Instants as ISO text whichever database they came from (PostgreSQL gives Date objects). */
function instant(value: string | Date): string {
  return new Date(value).toISOString();
}

export async function openClaimCount(db: Kysely<Database>): Promise<number> {
  return (await openClaimQueueSize(db)).size;
}

/** How many claims wait for an admin, and when the oldest was sent (null when none waits). */
export async function openClaimQueueSize(db: Kysely<Database>): Promise<{ size: number; oldest: string | null }> {
  const row = await db
    .selectFrom("market_claims")
    .select((eb) => [eb.fn.countAll().as("n"), eb.fn.min("created_at").as("oldest")])
    .where("status", "=", "open")
    .executeTakeFirst();
  return { size: Number(row?.n ?? 0), oldest: row?.oldest ? instant(row.oldest) : null };
}

export async function claimQueue(db: Kysely<Database>, { offset, limit }: { offset: number; limit: number }): Promise<{ total: number; items: QueuedClaim[] }> {
  const [total, rows] = await Promise.all([
    openClaimCount(db),
    db
      .selectFrom("market_claims as c")
      .innerJoin("markets as m", "m.id", "c.market_id")
      .selectAll("c")
      .select(["m.slug as market_slug", "m.name as market_name", "m.city as market_city", "m.status as market_status", "m.owner_id as market_owner_id"])
      .where("c.status", "=", "open")
      .orderBy("c.created_at")
      .orderBy("c.id")
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  if (!rows.length) return { total, items: [] };
  const userIds = [...new Set(rows.map((row) => row.user_id))];
  const marketIds = [...new Set(rows.map((row) => row.market_id))];
  const [users, owned, claims, rivals] = await Promise.all([
    db.selectFrom("user").select(["id", "name", "email", "emailVerified", "createdAt"]).where("id", "in", userIds).execute(),
    db.selectFrom("markets").select(["id", "name", "slug", "status", "owner_id"]).where("owner_id", "in", userIds).orderBy("name").execute(),
    db
      .selectFrom("market_claims as c")
      .innerJoin("markets as m", "m.id", "c.market_id")
      .select(["c.id", "c.user_id", "c.status", "c.reason", "c.created_at", "c.decided_at", "m.name", "m.slug"])
      .where("c.user_id", "in", userIds)
      .orderBy("c.created_at", "desc")
      .execute(),
    db
      .selectFrom("market_claims")
      .select(["market_id", (eb) => eb.fn.countAll().as("n")])
      .where("market_id", "in", marketIds)
      .where("status", "=", "open")
      .groupBy("market_id")
      .execute(),
  ]);
  const openOn = new Map(rivals.map((row) => [row.market_id, Number(row.n)]));
  const personOf = (userId: string, claimId: string): ClaimPerson | null => {
    const user = users.find((candidate) => candidate.id === userId);
    if (!user) return null;
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: Boolean(user.emailVerified),
      createdAt: instant(user.createdAt),
      markets: owned.filter((market) => market.owner_id === userId).map((market) => ({ id: market.id, name: market.name, slug: market.slug, status: market.status })),
      earlier: claims
        .filter((claim) => claim.user_id === userId && claim.id !== claimId)
        .map((claim) => ({
          id: claim.id,
          marketName: claim.name,
          marketSlug: claim.slug,
          status: claimStatusOf(claim.status),
          reason: claim.reason,
          createdAt: claim.created_at,
          decidedAt: claim.decided_at,
        })),
    };
  };
  return {
    total,
    items: rows.map((row) => ({
      claim: claimFromRow(row),
      market: { id: row.market_id, slug: row.market_slug, name: row.market_name, city: row.market_city, status: row.market_status, ownerId: row.market_owner_id },
      person: personOf(row.user_id, row.id),
      rivals: Math.max(0, (openOn.get(row.market_id) ?? 1) - 1),
    })),
  };
}
