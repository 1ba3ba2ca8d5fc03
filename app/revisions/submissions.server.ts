import type { Kysely } from "kysely";
import type { PermissionHolder } from "~/auth/permissions";
import type { Database } from "~/lib/db/schema";
import { todayInDenmark, type LocalDate } from "~/lib/dates";
import { createMarket, setMarketStatus, updateMarket } from "../markets/market-writes.server";
import type { MarketStatus } from "../markets/types";
import { withCancelledDate, withCancelNote } from "./date-changes";
import { getRevision, insertRevision, pendingEditsOf, pendingRevisionOf, readStoredMarket, type Revision, type StoredMarket } from "./revisions.server";
import { changedFields, snapshotOf, type MarketSnapshot } from "./snapshot";
import { publishesEditAtOnce, publishesSubmissionAtOnce } from "./trust.server";
import type { Storage } from "~/lib/storage/index.server";
import { writeImageRows } from "./image-rows.server";
import { PicturePublishing } from "./publish-pictures.server";

/*
 * What organisers and admins do to markets, each change with its revision in the same transaction
 * (the write path's `alongside`). Routes check the permission and the owner first (their
 * access() middleware); these functions decide what the change does: go live at once or
 * wait for review (trust.server.ts).
 *
 * A submission is a markets row with status pending and a pending "submission" revision; an
 * admin's approval publishes it. An edit of a market the public sees is either applied at once or
 * kept as a pending "edit" revision, the market unchanged until an admin approves it.
 */

export interface Clock {
  now?: Date;
  today?: LocalDate;
}

function clock({ now = new Date(), today }: Clock): { now: Date; today: LocalDate } {
  return { now, today: today ?? todayInDenmark(now) };
}

/** Statuses the public has seen: an edit of such a market is reviewed as an edit, not a submission. */
export function wasPublic(status: MarketStatus): boolean {
  return status === "published" || status === "archived";
}

export interface SubmitResult {
  id: string;
  slug: string;
  status: "pending" | "published";
}

export interface SubmitOptions extends Clock {
  /** Takes the draft it is sent from in the same transaction, so one draft makes one market: false when it was taken already. */
  takeDraft?: (trx: Kysely<Database>) => Promise<boolean>;
  /** Where its pictures are stored: a market that goes live at once publishes them (decision 0027). */
  store?: Storage;
}

/** Thrown when the draft a submission is sent from was sent already (by a request a moment earlier). */
export class DraftAlreadySent extends Error {
  constructor() {
    super("The draft was sent already");
    this.name = "DraftAlreadySent";
  }
}

/** A new market from `actor`, theirs: published at once when they are trusted, otherwise waiting for review. */
export async function submitMarket(db: Kysely<Database>, actor: PermissionHolder, content: MarketSnapshot, options: SubmitOptions = {}): Promise<SubmitResult> {
  const { now, today } = clock(options);
  const snapshot = snapshotOf(content);
  const status = (await publishesSubmissionAtOnce(db, actor)) ? "published" : "pending";
  const pictures = new PicturePublishing(db, options.store);
  const { takeDraft } = options;
  const { id, slug } = await pictures.around(() =>
    createMarket(db, { ...snapshot, status }, { userId: actor.id }, {
      now,
      today,
      first: takeDraft
        ? async (trx) => {
            if (!(await takeDraft(trx))) throw new DraftAlreadySent();
          }
        : undefined,
      alongside: async (trx, market) => {
        // Pictures sent with it (the form's "Billeder" step): private while it waits, public when it is.
        const images = snapshot.images?.length && status === "published" ? await pictures.publish(market.id, snapshot.images) : snapshot.images;
        const after = images ? { ...snapshot, images } : snapshot;
        await insertRevision(trx, { marketId: market.id, kind: "submission", state: status === "published" ? "applied" : "pending", authorId: actor.id, before: null, after, now });
        if (images?.length) await writeImageRows(trx, market.id, images, now);
      },
    }),
  );
  return { id, slug, status };
}

export type EditResult = { outcome: "applied" | "pending" | "unchanged"; slug: string } | { outcome: "not_found" };

export interface EditOptions extends Clock {
  /** More writes in the transaction of an edit that goes live at once. */
  whenApplied?: (trx: Kysely<Database>) => Promise<void>;
}

/**
 * `actor` changes a market to `content`. A market still in review (or rejected) is changed where
 * it stands and (again) waits; a public one changes at once for a trusted person, otherwise the
 * change waits as a revision (one per person: a newer edit replaces their earlier waiting one).
 */
export async function editMarket(db: Kysely<Database>, actor: PermissionHolder, marketId: string, content: MarketSnapshot, options: EditOptions = {}): Promise<EditResult> {
  const { now, today } = clock(options);
  const market = await readStoredMarket(db, marketId);
  if (!market) return { outcome: "not_found" };
  // Pictures change through their own actions (app/organiser/pictures/); a change of the texts carries
  // the pictures already waiting in the change it replaces, and otherwise leaves them alone.
  const after = withoutImages(snapshotOf(content));
  const pending = await pendingRevisionOf(db, marketId);

  if (!wasPublic(market.status)) {
    if (changedFields(market.snapshot, after).length === 0 && market.status === "pending") return { outcome: "unchanged", slug: market.slug };
    const carried = withImages(after, pending?.kind === "submission" ? pending.after.images : undefined);
    const result = await updateMarket(db, marketId, { ...after, status: "pending" }, { userId: actor.id }, {
      now,
      today,
      alongside: async (trx) => {
        if (pending?.kind === "submission") await replacePending(trx, pending, carried);
        else await insertRevision(trx, { marketId, kind: "submission", state: "pending", authorId: actor.id, before: null, after, now });
      },
    });
    return result.found ? { outcome: "pending", slug: result.slug } : { outcome: "not_found" };
  }

  if (changedFields(market.snapshot, after).length === 0) return { outcome: "unchanged", slug: market.slug };
  if (await publishesEditAtOnce(db, actor, market)) {
    const result = await updateMarket(db, marketId, { ...after, status: market.status }, { userId: actor.id }, {
      now,
      today,
      alongside: async (trx) => {
        await insertRevision(trx, { marketId, kind: "edit", state: "applied", authorId: actor.id, before: market.snapshot, after, now });
        await options.whenApplied?.(trx);
      },
    });
    return result.found ? { outcome: "applied", slug: result.slug } : { outcome: "not_found" };
  }

  await db.transaction().execute(async (trx) => {
    if (pending?.kind === "edit" && pending.authorId === actor.id) await replacePending(trx, pending, withImages(after, pending.after.images), market.snapshot);
    else await insertRevision(trx, { marketId, kind: "edit", state: "pending", authorId: actor.id, before: market.snapshot, after, now });
  });
  return { outcome: "pending", slug: market.slug };
}

function withoutImages(snapshot: MarketSnapshot): MarketSnapshot {
  const { images: _images, ...rest } = snapshot;
  return rest;
}

/** The snapshot with these pictures, or without any when there are none to carry. */
export function withImages(snapshot: MarketSnapshot, images: MarketSnapshot["images"]): MarketSnapshot {
  return images === undefined ? withoutImages(snapshot) : { ...snapshot, images };
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

export type DecisionResult =
  | { outcome: "approved" | "rejected"; revision: Revision; market: StoredMarket }
  | { outcome: "not_found" | "already_decided" };

type PendingDecision = { found: true; revision: Revision; market: StoredMarket } | { found: false; outcome: "not_found" | "already_decided" };

async function pendingDecision(db: Kysely<Database>, revisionId: string): Promise<PendingDecision> {
  const revision = await getRevision(db, revisionId);
  if (!revision) return { found: false, outcome: "not_found" };
  if (revision.state !== "pending") return { found: false, outcome: "already_decided" };
  const market = await readStoredMarket(db, revision.marketId);
  if (!market) return { found: false, outcome: "not_found" };
  return { found: true, revision, market };
}

async function markDecided(trx: Kysely<Database>, revisionId: string, fields: { state: "applied" | "rejected"; admin: PermissionHolder; now: Date; reason?: string; before?: MarketSnapshot | null; after?: MarketSnapshot }) {
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
      updateMarket(db, market.id, { ...after, status }, { userId: admin.id }, {
        now,
        today,
        alongside: async (trx) => {
          // The market the public sees shows the pictures now: they are published with it.
          const shown = after.images ? { ...after, images: await pictures.publish(market.id, after.images) } : after;
          await markDecided(trx, revisionId, { state: "applied", admin, now, before, after: shown });
          if (shown.images) await writeImageRows(trx, market.id, shown.images, now);
        },
      }),
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
  const written = await unlessDecided(() =>
    revision.kind === "submission"
      ? setMarketStatus(db, market.id, "rejected", { now, today, alongside: (trx) => markDecided(trx, revisionId, { state: "rejected", admin, now, reason }) })
      : db.transaction().execute((trx) => markDecided(trx, revisionId, { state: "rejected", admin, now, reason })),
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
  const result = await updateMarket(db, market.id, { ...restored, status: market.status }, { userId: admin.id }, {
    now,
    today,
    alongside: async (trx) => {
      restoredId = await insertRevision(trx, { marketId: market.id, kind: "restore", state: "applied", authorId: admin.id, before: market.snapshot, after: restored, restoredFrom: revision.id, decidedBy: admin.id, now });
    },
  });
  return result.found ? { outcome: "restored", slug: result.slug, revisionId: restoredId } : { outcome: "not_found" };
}

/**
 * "Markedet er lukket": the owner or an admin archives a published market. It goes at once: closing
 * only takes away. A market the public never saw is not archived: an archived page can be opened by
 * its address, and this one was never reviewed.
 */
export async function archiveMarket(db: Kysely<Database>, actor: PermissionHolder, marketId: string, options: Clock = {}): Promise<boolean> {
  const { now, today } = clock(options);
  const market = await readStoredMarket(db, marketId);
  if (!market || market.status !== "published") return false;
  return setMarketStatus(db, marketId, "archived", {
    now,
    today,
    alongside: async (trx) => {
      await insertRevision(trx, { marketId, kind: "archive", state: "applied", authorId: actor.id, before: market.snapshot, after: market.snapshot, now });
    },
  });
}

/**
 * "closed": the market is archived, and a closed market's dates are no longer changed.
 * "cancelled_note_waits": the date is cancelled, and its reason waits for review.
 */
export type CancelResult = "cancelled" | "cancelled_note_waits" | "not_found" | "no_such_date" | "closed";

/**
 * "Aflys denne dato": the opening on `date` is cancelled, with an optional reason that the market
 * page and its .ics show. The cancellation is at once for the owner too: a visitor must not travel
 * to a cancelled market. The reason is free text like the rest of the market (decision 0027): it
 * goes live with the cancellation only for someone whose edits do; anyone else's waits in their
 * change for review, and the date shows as cancelled without a reason until it is approved.
 */
export async function cancelOccurrence(db: Kysely<Database>, actor: PermissionHolder, marketId: string, date: LocalDate, note: string | null, options: Clock = {}): Promise<CancelResult> {
  const { now, today } = clock(options);
  const market = await readStoredMarket(db, marketId);
  if (!market) return "not_found";
  if (market.status === "archived") return "closed";
  const occurrence = await db
    .selectFrom("market_occurrences as o")
    .innerJoin("market_schedules as s", "s.id", "o.schedule_id")
    .select(["s.start_date", "s.kind", "s.rrule", "s.start_time", "o.status"])
    .where("o.market_id", "=", marketId)
    .where("o.local_date", "=", date)
    .executeTakeFirst();
  if (!occurrence || occurrence.status === "cancelled") return "no_such_date";
  // The stored schedule this opening came from, found by its content (rows get new ids on every write).
  const index = market.snapshot.schedules.findIndex(
    (spec) => spec.startDate === occurrence.start_date && spec.kind === occurrence.kind && (spec.rrule ?? null) === occurrence.rrule && (spec.startTime ?? null) === occurrence.start_time,
  );
  if (index < 0) return "no_such_date";
  // A market nobody has seen is reviewed whole, its reason with it; a public one's reason waits unless the person is trusted.
  const liveNote = !note || !wasPublic(market.status) || (await publishesEditAtOnce(db, actor, market)) ? note : null;
  const schedules = market.snapshot.schedules.map((spec, i) =>
    i === index ? { ...spec, cancelled: [...(spec.cancelled ?? []), liveNote ? { date, note: liveNote } : { date }] } : spec,
  );
  const after = { ...market.snapshot, schedules };
  // A submission still in review is approved from its revision: the cancellation goes there too.
  const pending = wasPublic(market.status) ? null : await pendingRevisionOf(db, marketId);
  await updateMarket(db, marketId, { ...after, status: market.status }, { userId: actor.id }, {
    now,
    today,
    alongside: async (trx) => {
      await insertRevision(trx, { marketId, kind: "cancel_date", state: "applied", authorId: actor.id, before: market.snapshot, after, now });
      if (pending?.kind === "submission") await replacePending(trx, pending, after);
      await carryIntoWaitingEdits(trx, marketId, (snapshot) => withCancelledDate(snapshot, date, liveNote));
      if (note && liveNote === null) await noteForReview(trx, actor, marketId, after, date, note, now);
    },
  });
  return note && liveNote === null ? "cancelled_note_waits" : "cancelled";
}

/**
 * The reason of a cancelled date, as a change of the person's that waits for review: in their
 * waiting edit when they have one (which already has the date cancelled), else in a new edit whose
 * before is the market with the date cancelled, so that the review shows the reason alone.
 */
async function noteForReview(trx: Kysely<Database>, actor: PermissionHolder, marketId: string, live: MarketSnapshot, date: LocalDate, note: string, now: Date): Promise<void> {
  const own = (await pendingEditsOf(trx, marketId)).find((edit) => edit.authorId === actor.id);
  if (own) await replacePending(trx, own, withCancelNote(own.after, date, note));
  else await insertRevision(trx, { marketId, kind: "edit", state: "pending", authorId: actor.id, before: live, after: withCancelNote(live, date, note), now });
}
