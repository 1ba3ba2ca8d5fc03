import type { Kysely } from "kysely";
import { recordAdminAction } from "~/admin-log/record.server";
import type { PermissionHolder } from "~/auth/permissions";
import type { Database } from "~/lib/db/schema";
import { publishQueueChange } from "~/lib/realtime/events.server";
import type { Storage } from "~/lib/storage/index.server";
import { setMarketStatus, updateMarket } from "../markets/market-writes.server";
import type { MarketStatus } from "../markets/types";
import { clock, type Clock } from "./clock";
import { writeImageRows } from "./image-rows.server";
import { PicturePublishing } from "./publish-pictures.server";
import { getRevision, insertRevision, readStoredMarket, type Revision, type StoredMarket } from "./revisions.server";
import { changedFields, snapshotOf, withImages, withoutImages, type MarketSnapshot } from "./snapshot";

/*
 * An admin's decisions on changes: approve (as sent or corrected), reject with a reason, and
 * restore what an applied revision left. Of two admins deciding at once, the second is told it
 * was decided already and nothing of theirs is written.
 */

export type DecisionResult = { outcome: "approved" | "rejected"; revision: Revision; market: StoredMarket } | { outcome: "not_found" | "already_decided" };

type PendingDecision = { found: true; revision: Revision; market: StoredMarket } | { found: false; outcome: "not_found" | "already_decided" };

async function pendingDecision(db: Kysely<Database>, revisionId: string): Promise<PendingDecision> {
  const revision = await getRevision(db, revisionId);
  if (!revision) return { found: false, outcome: "not_found" };
  if (revision.state !== "pending") return { found: false, outcome: "already_decided" };
  const market = await readStoredMarket(db, revision.marketId);
  if (!market) return { found: false, outcome: "not_found" };
  return { found: true, revision, market };
}

async function markDecided(
  trx: Kysely<Database>,
  revisionId: string,
  fields: { state: "applied" | "rejected"; admin: PermissionHolder; now: Date; reason?: string; before?: MarketSnapshot | null; after?: MarketSnapshot },
) {
  const changes: Record<string, string | null> = { state: fields.state, decided_by: fields.admin.id, decided_at: fields.now.toISOString() };
  if (fields.reason !== undefined) changes.reason = fields.reason;
  if (fields.after) {
    changes.after = JSON.stringify(fields.after);
    changes.before = fields.before ? JSON.stringify(fields.before) : null;
    changes.changed_fields = JSON.stringify(changedFields(fields.before ?? null, fields.after));
  }
  // Only a change that still waits: of two admins deciding at once, the second rolls back.
  const result = await trx.updateTable("market_revisions").set(changes).where("id", "=", revisionId).where("state", "=", "pending").executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AlreadyDecided();
  await publishQueueChange(trx, "revisions", fields.now);
}

/** Thrown inside a decision's transaction when another admin decided first; the transaction rolls back. */
class AlreadyDecided extends Error {}

/** The decision's writes, or "already_decided" when another admin was quicker. */
async function unlessDecided(write: () => Promise<unknown>): Promise<"done" | "already_decided"> {
  try {
    await write();
    return "done";
  } catch (error) {
    if (error instanceof AlreadyDecided) return "already_decided";
    throw error;
  }
}

/**
 * An admin approves a waiting submission or edit, as it was sent or as they corrected it
 * (`corrected`, "ret og godkend"). A submission is published; an edit is applied over the market
 * as it is now, and the revision records that as its before.
 */
export async function approveRevision(
  db: Kysely<Database>,
  admin: PermissionHolder,
  revisionId: string,
  corrected?: MarketSnapshot,
  options: Clock & { store?: Storage } = {},
): Promise<DecisionResult> {
  const { now, today } = clock(options);
  const found = await pendingDecision(db, revisionId);
  if (!found.found) return { outcome: found.outcome };
  const { revision, market } = found;
  // A correction is of the texts: the pictures are those the change was sent with.
  const after = snapshotOf(corrected ? withImages(corrected, revision.after.images) : revision.after);
  const status: MarketStatus = revision.kind === "submission" ? "published" : market.status;
  const before = revision.kind === "submission" ? null : market.snapshot;
  const pictures = new PicturePublishing(db, options.store);
  const written = await unlessDecided(() =>
    pictures.around(() =>
      updateMarket(
        db,
        market.id,
        { ...after, status },
        { userId: admin.id },
        {
          now,
          today,
          alongside: async (trx) => {
            // The market the public sees shows the pictures now: they are published with it.
            const shown = after.images ? { ...after, images: await pictures.publish(market.id, after.images) } : after;
            await markDecided(trx, revisionId, { state: "applied", admin, now, before, after: shown });
            if (shown.images) await writeImageRows(trx, market.id, shown.images, now);
            await recordAdminAction(trx, {
              actorId: admin.id,
              kind: "revision.approve",
              target: { id: market.id, label: after.name },
              before: { status: market.status },
              after: { status, revision: revisionId, change: revision.kind, corrected: Boolean(corrected) },
              now,
            });
          },
        },
      ),
    ),
  );
  if (written === "already_decided") return { outcome: written };
  const decided = (await getRevision(db, revisionId))!;
  return { outcome: "approved", revision: decided, market: (await readStoredMarket(db, market.id))! };
}

/** An admin rejects a waiting submission (the market becomes rejected) or edit (the market stays as it is), with a reason for the organiser. */
export async function rejectRevision(db: Kysely<Database>, admin: PermissionHolder, revisionId: string, reason: string, options: Clock = {}): Promise<DecisionResult> {
  const { now, today } = clock(options);
  const found = await pendingDecision(db, revisionId);
  if (!found.found) return { outcome: found.outcome };
  const { revision, market } = found;
  const status: MarketStatus = revision.kind === "submission" ? "rejected" : market.status;
  const decide = async (trx: Kysely<Database>) => {
    await markDecided(trx, revisionId, { state: "rejected", admin, now, reason });
    await recordAdminAction(trx, {
      actorId: admin.id,
      kind: "revision.reject",
      target: { id: market.id, label: revision.after.name },
      reason,
      before: { status: market.status },
      after: { status, revision: revisionId, change: revision.kind },
      now,
    });
  };
  const written = await unlessDecided(() =>
    revision.kind === "submission" ? setMarketStatus(db, market.id, "rejected", { now, today, alongside: decide }) : db.transaction().execute(decide),
  );
  if (written === "already_decided") return { outcome: written };
  return { outcome: "rejected", revision: (await getRevision(db, revisionId))!, market };
}

export type RestoreResult = { outcome: "restored"; slug: string; revisionId: string } | { outcome: "not_found" | "not_restorable" };

/** An admin brings back the market's content as an applied revision left it; the restore is a revision of its own. */
export async function restoreRevision(db: Kysely<Database>, admin: PermissionHolder, revisionId: string, options: Clock = {}): Promise<RestoreResult> {
  const { now, today } = clock(options);
  const revision = await getRevision(db, revisionId);
  if (!revision) return { outcome: "not_found" };
  if (revision.state !== "applied") return { outcome: "not_restorable" };
  const market = await readStoredMarket(db, revision.marketId);
  if (!market) return { outcome: "not_found" };
  let restoredId = "";
  // Pictures are not brought back: the files of pictures taken away since may be gone.
  const restored = withoutImages(revision.after);
  const result = await updateMarket(
    db,
    market.id,
    { ...restored, status: market.status },
    { userId: admin.id },
    {
      now,
      today,
      alongside: async (trx) => {
        restoredId = await insertRevision(trx, {
          marketId: market.id,
          kind: "restore",
          state: "applied",
          authorId: admin.id,
          before: market.snapshot,
          after: restored,
          restoredFrom: revision.id,
          decidedBy: admin.id,
          now,
        });
        await recordAdminAction(trx, {
          actorId: admin.id,
          kind: "revision.restore",
          target: { id: market.id, label: restored.name },
          after: { restoredFrom: revision.id, revision: restoredId },
          now,
        });
      },
    },
  );
  return result.found ? { outcome: "restored", slug: result.slug, revisionId: restoredId } : { outcome: "not_found" };
}

/** The changes that go live without review when a trusted owner makes them: the admins look them over afterwards. */
export const LIVE_CHANGE_KINDS = ["edit", "cancel_date", "restore_date"] as const satisfies readonly Revision["kind"][];

/** Does this revision stand for a change that went live without an admin deciding it? */
export function isLiveChange(revision: Pick<Revision, "kind" | "state" | "decidedBy">): boolean {
  return (LIVE_CHANGE_KINDS as readonly string[]).includes(revision.kind) && revision.state === "applied" && revision.decidedBy === null;
}

export type UndoResult = { outcome: "undone"; slug: string; name: string } | { outcome: "not_found" | "already_undone" };

/** Thrown inside an undo's transaction when another admin undid the change first. */
class AlreadyUndone extends Error {}

/**
 * An admin undoes a change that went live without review (the admins' recent changes): each field
 * it changed gets back what it held before, and the rest of the market stays as it is now, later
 * changes of other fields included. The undo is a revision of its own (a restore, naming the
 * change), is logged, and counts as looking the change over. Of two admins undoing at once, the
 * second is told it was undone: the first one's write of the market row holds the second back.
 */
export async function undoLiveChange(db: Kysely<Database>, admin: PermissionHolder, revisionId: string, options: Clock = {}): Promise<UndoResult> {
  const { now, today } = clock(options);
  const revision = await getRevision(db, revisionId);
  if (!revision || !isLiveChange(revision) || revision.before === null) return { outcome: "not_found" };
  const market = await readStoredMarket(db, revision.marketId);
  if (!market) return { outcome: "not_found" };
  const before = revision.before;
  const fields = revision.changedFields.filter((field) => field !== "images");
  const undone = withoutImages({ ...market.snapshot, ...Object.fromEntries(fields.map((field) => [field, before[field]])) });
  try {
    const result = await updateMarket(
      db,
      market.id,
      { ...undone, status: market.status },
      { userId: admin.id },
      {
        now,
        today,
        alongside: async (trx) => {
          const earlier = await trx.selectFrom("market_revisions").select("id").where("restored_from", "=", revisionId).where("kind", "=", "restore").executeTakeFirst();
          if (earlier) throw new AlreadyUndone();
          const undoId = await insertRevision(trx, {
            marketId: market.id,
            kind: "restore",
            state: "applied",
            authorId: admin.id,
            before: market.snapshot,
            after: undone,
            restoredFrom: revisionId,
            decidedBy: admin.id,
            now,
          });
          await trx
            .updateTable("market_revisions")
            .set({ looked_over_at: now.toISOString(), looked_over_by: admin.id })
            .where("id", "=", revisionId)
            .where("looked_over_at", "is", null)
            .execute();
          await publishQueueChange(trx, "revisions", now);
          await recordAdminAction(trx, {
            actorId: admin.id,
            kind: "revision.undo",
            target: { id: market.id, label: undone.name },
            after: { undid: revisionId, fields, revision: undoId },
            now,
          });
        },
      },
    );
    return result.found ? { outcome: "undone", slug: result.slug, name: undone.name } : { outcome: "not_found" };
  } catch (error) {
    if (error instanceof AlreadyUndone) return { outcome: "already_undone" };
    throw error;
  }
}
