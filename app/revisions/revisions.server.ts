import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { isPlanId, type PlanId } from "~/markets/plans";
import type { Database } from "~/lib/db/schema";
import { publishQueueChange } from "~/lib/realtime/events.server";
import { marketFieldsFromRow } from "../markets/market-detail.server";
import type { MarketRevisionsTable } from "../markets/schema";
import { readImageRows } from "./image-rows.server";
import { scheduleRowToSpec } from "../markets/schedule/occurrences.server";
import type { MarketStatus } from "../markets/types";
import { changedFields, snapshotOf, type MarketSnapshot, type SnapshotField } from "./snapshot";

/** What a person did: sent a new market, changed one, brought back an earlier version, closed it, cancelled a date. */
export const REVISION_KINDS = ["submission", "edit", "restore", "archive", "cancel_date", "restore_date"] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** pending waits for an admin; applied is what the public sees (or saw); rejected never was. */
export type RevisionState = "pending" | "applied" | "rejected";

export interface Revision {
  id: string;
  marketId: string;
  kind: RevisionKind;
  state: RevisionState;
  authorId: string | null;
  before: MarketSnapshot | null;
  after: MarketSnapshot;
  changedFields: SnapshotField[];
  restoredFrom: string | null;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

/** A market as it is stored now: its content, and what the review and the guards need. */
export interface StoredMarket {
  id: string;
  slug: string;
  name: string;
  status: MarketStatus;
  ownerId: string | null;
  /** The plan it is on (app/markets/plans.ts): how many pictures it may have. */
  plan: PlanId;
  snapshot: MarketSnapshot;
}

export async function readStoredMarket(db: Kysely<Database>, id: string): Promise<StoredMarket | null> {
  const row = await db.selectFrom("markets").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [schedules, images] = await Promise.all([
    db.selectFrom("market_schedules").selectAll().where("market_id", "=", id).orderBy("start_date").orderBy("id").execute(),
    readImageRows(db, id),
  ]);
  const fields = marketFieldsFromRow(row);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: fields.status,
    ownerId: row.owner_id,
    plan: isPlanId(row.plan) ? row.plan : "gratis",
    snapshot: snapshotOf({ ...fields, schedules: schedules.map(scheduleRowToSpec), images }),
  };
}

export function revisionFromRow(row: Selectable<MarketRevisionsTable>): Revision {
  return {
    id: row.id,
    marketId: row.market_id,
    kind: row.kind as RevisionKind,
    state: row.state as RevisionState,
    authorId: row.author_id,
    before: row.before === null ? null : (JSON.parse(row.before) as MarketSnapshot),
    after: JSON.parse(row.after) as MarketSnapshot,
    changedFields: JSON.parse(row.changed_fields) as SnapshotField[],
    restoredFrom: row.restored_from,
    reason: row.reason,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
  };
}

export interface NewRevision {
  marketId: string;
  kind: RevisionKind;
  state: RevisionState;
  authorId: string;
  before: MarketSnapshot | null;
  after: MarketSnapshot;
  restoredFrom?: string;
  decidedBy?: string;
  now: Date;
}

/** Writes one revision; in the transaction of the change it records when there is one. */
export async function insertRevision(db: Kysely<Database>, revision: NewRevision): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("market_revisions")
    .values({
      id,
      market_id: revision.marketId,
      kind: revision.kind,
      state: revision.state,
      author_id: revision.authorId,
      before: revision.before === null ? null : JSON.stringify(revision.before),
      after: JSON.stringify(revision.after),
      changed_fields: JSON.stringify(changedFields(revision.before, revision.after)),
      restored_from: revision.restoredFrom ?? null,
      decided_by: revision.decidedBy ?? null,
      decided_at: revision.decidedBy ? revision.now.toISOString() : null,
      created_at: revision.now.toISOString(),
    })
    .execute();
  // One to review, or one live without review (the recent changes): the admins' queues grew.
  if (revision.state === "pending" || (revision.state === "applied" && !revision.decidedBy)) await publishQueueChange(db, "revisions", revision.now);
  return id;
}

export async function getRevision(db: Kysely<Database>, id: string): Promise<Revision | null> {
  const row = await db.selectFrom("market_revisions").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? revisionFromRow(row) : null;
}

/** Every change of a market, newest first: the manage page's history. */
export async function revisionsOf(db: Kysely<Database>, marketId: string): Promise<Revision[]> {
  const rows = await db.selectFrom("market_revisions").selectAll().where("market_id", "=", marketId).orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(revisionFromRow);
}

/** The change of this market that waits for review, if one does (a submission or an edit). */
export async function pendingRevisionOf(db: Kysely<Database>, marketId: string): Promise<Revision | null> {
  const row = await db.selectFrom("market_revisions").selectAll().where("market_id", "=", marketId).where("state", "=", "pending").orderBy("created_at", "desc").executeTakeFirst();
  return row ? revisionFromRow(row) : null;
}

/** Every edit of this market that waits for review (one per person). */
export async function pendingEditsOf(db: Kysely<Database>, marketId: string): Promise<Revision[]> {
  const rows = await db.selectFrom("market_revisions").selectAll().where("market_id", "=", marketId).where("state", "=", "pending").where("kind", "=", "edit").execute();
  return rows.map(revisionFromRow);
}

/** Has an admin approved this market (its submission or an edit) at some point? */
export async function wasApproved(db: Kysely<Database>, marketId: string): Promise<boolean> {
  const row = await db
    .selectFrom("market_revisions")
    .select("id")
    .where("market_id", "=", marketId)
    .where("state", "=", "applied")
    .where("decided_by", "is not", null)
    // A restore names its admin too, but it is the admin's own change, not an approval of the owner's.
    .where("kind", "in", ["submission", "edit"])
    .executeTakeFirst();
  return Boolean(row);
}

/** Statuses the public has seen: an edit of such a market is reviewed as an edit, not a submission. */
export function wasPublic(status: MarketStatus): boolean {
  return status === "published" || status === "archived";
}

/**
 * A date change that went live (a cancelled date, an extra date) made in every edit of the market
 * that waits too, before and after alike, so that approving one does not undo it and the review
 * still shows only the edit's own changes.
 */
export async function carryIntoWaitingEdits(trx: Kysely<Database>, marketId: string, change: (snapshot: MarketSnapshot) => MarketSnapshot): Promise<void> {
  for (const pending of await pendingEditsOf(trx, marketId)) {
    const after = change(pending.after);
    if (after !== pending.after) await replacePending(trx, pending, after, pending.before && change(pending.before));
  }
}

/** A newer version of a change that still waits: the reviewer sees the latest, once. */
export async function replacePending(trx: Kysely<Database>, pending: Revision, after: MarketSnapshot, before: MarketSnapshot | null = pending.before): Promise<void> {
  await trx
    .updateTable("market_revisions")
    .set({ after: JSON.stringify(after), before: before === null ? null : JSON.stringify(before), changed_fields: JSON.stringify(changedFields(before, after)) })
    .where("id", "=", pending.id)
    .execute();
}
