import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { recordAdminAction } from "~/admin-log/record.server";
import type { PermissionHolder } from "~/auth/permissions";
import type { Database } from "~/lib/db/schema";
import { publishQueueChange } from "~/lib/realtime/events.server";
import { t } from "~/lib/i18n";
import { hitRateLimit, type RateLimit } from "~/lib/rate-limit.server";
import { setMarketOwner } from "../markets/market-writes.server";
import { reachable } from "../markets/query/visibility.server";
import type { MarketClaimsTable } from "../markets/schema";
import type { ClaimInput } from "./claim-form";
import { isClaimRelation, type ClaimRelation } from "./claim-fields";
import { isUniqueViolation } from "~/lib/db/unique-violation.server";

/*
 * "Er det dit marked?" (issue 16): a person asks to take over a market nobody owns (the demo and
 * imported ones), and an admin decides. Approving moves the market to them (markets.owner_id),
 * makes them an organizer and turns down the other open claims on it; every decision keeps who
 * made it and when. The routes check the permissions (claim:market, moderate:claim:any) first.
 */

export type ClaimStatus = "open" | "approved" | "rejected";

export interface Claim {
  id: string;
  marketId: string;
  userId: string;
  relation: ClaimRelation;
  /** A phone number or an e-mail address; null once removed, 90 days after the decision. */
  contact: string | null;
  message: string | null;
  status: ClaimStatus;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

/** The stored status as the code knows it; an unknown one reads as open, which an admin then decides. */
export function claimStatusOf(value: string): ClaimStatus {
  return value === "approved" || value === "rejected" ? value : "open";
}

export function claimFromRow(row: Selectable<MarketClaimsTable>): Claim {
  return {
    id: row.id,
    marketId: row.market_id,
    userId: row.user_id,
    relation: isClaimRelation(row.relation) ? row.relation : "andet",
    contact: row.contact,
    message: row.message,
    status: claimStatusOf(row.status),
    reason: row.reason,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
  };
}

export async function getClaim(db: Kysely<Database>, claimId: string): Promise<Claim | null> {
  const row = await db.selectFrom("market_claims").selectAll().where("id", "=", claimId).executeTakeFirst();
  return row ? claimFromRow(row) : null;
}

/** A market as the claim form needs it. */
export interface ClaimedMarket {
  id: string;
  slug: string;
  name: string;
  city: string;
  status: string;
  ownerId: string | null;
}

/** A market people can open by its address (published or closed), by its current slug; null for any other. */
export async function marketForClaim(db: Kysely<Database>, slug: string): Promise<ClaimedMarket | null> {
  const row = await db.selectFrom("markets").select(["id", "slug", "name", "city", "status", "owner_id"]).where("slug", "=", slug).where(reachable("status")).executeTakeFirst();
  return row ? { id: row.id, slug: row.slug, name: row.name, city: row.city, status: row.status, ownerId: row.owner_id } : null;
}

/** What the claim page shows this person about this market. */
export type ClaimState =
  /** The form. */
  | { kind: "claimable" }
  /** They asked already; an admin has not decided yet. */
  | { kind: "open"; claim: Claim }
  /** It is theirs. */
  | { kind: "own" }
  /** Someone else has it. */
  | { kind: "has_owner" }
  /** Closed ("Markedet er lukket"): nothing to take over. */
  | { kind: "closed" };

export async function openClaimOf(db: Kysely<Database>, marketId: string, userId: string): Promise<Claim | null> {
  const row = await db
    .selectFrom("market_claims")
    .selectAll()
    .where("market_id", "=", marketId)
    .where("user_id", "=", userId)
    .where("status", "=", "open")
    .orderBy("created_at")
    .executeTakeFirst();
  return row ? claimFromRow(row) : null;
}

export async function claimStateFor(db: Kysely<Database>, market: ClaimedMarket, userId: string): Promise<ClaimState> {
  if (market.ownerId === userId) return { kind: "own" };
  if (market.ownerId !== null) return { kind: "has_owner" };
  if (market.status !== "published") return { kind: "closed" };
  const open = await openClaimOf(db, market.id, userId);
  return open ? { kind: "open", claim: open } : { kind: "claimable" };
}

export type SubmitClaimOutcome =
  | { kind: "sent"; claim: Claim }
  /** Not claimable by this person now: the state says why (one open claim per market per person). */
  | { kind: "refused"; state: Exclude<ClaimState, { kind: "claimable" }> }
  | { kind: "limited"; retryAfterSeconds: number };

export interface SubmitClaimOptions {
  /** How many claims one person may make (config's rateLimits.claims). */
  rule: RateLimit;
  now?: Date;
}

/** A person asks for a market: stored as an open claim for an admin to decide. */
export async function submitClaim(db: Kysely<Database>, userId: string, market: ClaimedMarket, input: ClaimInput, options: SubmitClaimOptions): Promise<SubmitClaimOutcome> {
  const now = options.now ?? new Date();
  const state = await claimStateFor(db, market, userId);
  if (state.kind !== "claimable") return { kind: "refused", state };
  const verdict = await hitRateLimit(db, `claim:${userId}`, options.rule, now);
  if (!verdict.allowed) return { kind: "limited", retryAfterSeconds: verdict.retryAfterSeconds };
  const row = {
    id: randomUUID(),
    market_id: market.id,
    user_id: userId,
    relation: input.relation,
    contact: input.contact,
    message: input.message,
    status: "open",
    reason: null,
    decided_by: null,
    decided_at: null,
    created_at: now.toISOString(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("market_claims").values(row).execute();
      await publishQueueChange(trx, "claims", now);
    });
  } catch (error) {
    // Two posts at once both passed the check above: the database keeps one open claim per
    // market per person (0014_one_open_claim), and the second is told it was sent already.
    if (!isUniqueViolation(error)) throw error;
    const open = await openClaimOf(db, market.id, userId);
    if (!open) throw error;
    return { kind: "refused", state: { kind: "open", claim: open } };
  }
  return { kind: "sent", claim: claimFromRow(row) };
}

export type DecideClaimResult =
  | { outcome: "approved"; claim: Claim; market: ClaimedMarket; rejected: Claim[] }
  | { outcome: "rejected"; claim: Claim; market: ClaimedMarket }
  /** Another admin decided it first: nothing changed. */
  | { outcome: "already_decided"; claim: Claim }
  /** The market has an owner already; the claim can only be turned down. */
  | { outcome: "market_has_owner" }
  | { outcome: "not_found" };

/** Thrown inside a decision's transaction when the claim was decided meanwhile; the transaction rolls back. */
class AlreadyDecided extends Error {}

async function claimedMarket(db: Kysely<Database>, marketId: string): Promise<ClaimedMarket | null> {
  const row = await db.selectFrom("markets").select(["id", "slug", "name", "city", "status", "owner_id"]).where("id", "=", marketId).executeTakeFirst();
  return row ? { id: row.id, slug: row.slug, name: row.name, city: row.city, status: row.status, ownerId: row.owner_id } : null;
}

/** Marks an open claim decided; throws AlreadyDecided when it no longer is open. */
async function markDecided(trx: Kysely<Database>, claimId: string, fields: { status: "approved" | "rejected"; admin: PermissionHolder; now: Date; reason?: string }) {
  const result = await trx
    .updateTable("market_claims")
    .set({ status: fields.status, reason: fields.reason ?? null, decided_by: fields.admin.id, decided_at: fields.now.toISOString() })
    .where("id", "=", claimId)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AlreadyDecided();
}

async function decisionOf(
  db: Kysely<Database>,
  claimId: string,
): Promise<{ outcome: "not_found" } | { outcome: "already_decided"; claim: Claim } | { outcome: "open"; claim: Claim }> {
  const claim = await getClaim(db, claimId);
  if (!claim) return { outcome: "not_found" };
  return claim.status === "open" ? { outcome: "open", claim } : { outcome: "already_decided", claim };
}

/**
 * An admin approves a claim: the market becomes the claimant's, and the other open claims on it
 * are turned down with a reason saying it went to someone else. One
 * transaction; of two admins deciding at once, the second changes nothing.
 */
/**
 * Has an admin given this market to this person by approving their claim? Their edits of it then
 * go live at once (trust.server.ts): the admin has vouched for them with this market, and with no
 * other (decision 0027).
 */
export async function holdsApprovedClaim(db: Kysely<Database>, marketId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom("market_claims").select("id").where("market_id", "=", marketId).where("user_id", "=", userId).where("status", "=", "approved").executeTakeFirst();
  return Boolean(row);
}

export async function approveClaim(db: Kysely<Database>, admin: PermissionHolder, claimId: string, options: { now?: Date } = {}): Promise<DecideClaimResult> {
  const now = options.now ?? new Date();
  const found = await decisionOf(db, claimId);
  if (found.outcome !== "open") return found;
  const { claim } = found;
  const market = await claimedMarket(db, claim.marketId);
  if (!market) return { outcome: "not_found" };
  if (market.ownerId !== null) return { outcome: "market_has_owner" };
  let rejectedIds: string[] = [];
  try {
    const moved = await setMarketOwner(db, market.id, claim.userId, {
      now,
      alongside: async (trx) => {
        await markDecided(trx, claim.id, { status: "approved", admin, now });
        await publishQueueChange(trx, "claims", now);
        await recordAdminAction(trx, {
          actorId: admin.id,
          kind: "claim.approve",
          target: { id: market.id, label: market.name },
          before: { owner: null },
          after: { owner: claim.userId, claim: claim.id },
          now,
        });
        const others = await trx.selectFrom("market_claims").select("id").where("market_id", "=", market.id).where("status", "=", "open").execute();
        rejectedIds = others.map((row) => row.id);
        if (rejectedIds.length) {
          await trx
            .updateTable("market_claims")
            .set({ status: "rejected", reason: t("claims.decision.takenReason"), decided_by: admin.id, decided_at: now.toISOString() })
            .where("id", "in", rejectedIds)
            .where("status", "=", "open")
            .execute();
        }
      },
    });
    if (!moved) return { outcome: "market_has_owner" };
  } catch (error) {
    if (!(error instanceof AlreadyDecided)) throw error;
    const decided = await getClaim(db, claimId);
    return decided ? { outcome: "already_decided", claim: decided } : { outcome: "not_found" };
  }
  const rejected = rejectedIds.length ? await db.selectFrom("market_claims").selectAll().where("id", "in", rejectedIds).orderBy("created_at").execute() : [];
  return {
    outcome: "approved",
    claim: (await getClaim(db, claimId))!,
    market: { ...market, ownerId: claim.userId },
    rejected: rejected.map(claimFromRow),
  };
}

/** An admin turns a claim down, with a reason the person is sent. */
export async function rejectClaim(db: Kysely<Database>, admin: PermissionHolder, claimId: string, reason: string, options: { now?: Date } = {}): Promise<DecideClaimResult> {
  const now = options.now ?? new Date();
  const found = await decisionOf(db, claimId);
  if (found.outcome !== "open") return found;
  const market = await claimedMarket(db, found.claim.marketId);
  if (!market) return { outcome: "not_found" };
  try {
    await db.transaction().execute(async (trx) => {
      await markDecided(trx, claimId, { status: "rejected", admin, now, reason });
      await publishQueueChange(trx, "claims", now);
      await recordAdminAction(trx, { actorId: admin.id, kind: "claim.reject", target: { id: market.id, label: market.name }, reason, after: { claim: claimId }, now });
    });
  } catch (error) {
    if (!(error instanceof AlreadyDecided)) throw error;
    const decided = await getClaim(db, claimId);
    return decided ? { outcome: "already_decided", claim: decided } : { outcome: "not_found" };
  }
  return { outcome: "rejected", claim: (await getClaim(db, claimId))!, market };
}
