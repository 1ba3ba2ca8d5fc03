import type { Kysely } from "kysely";
import { recordIfNotOwner } from "./admin-acts.server";
import type { PermissionHolder } from "~/auth/permissions";
import type { Database } from "~/lib/db/schema";
import type { Storage } from "~/lib/storage/index.server";
import { createMarket, updateMarket } from "../markets/market-writes.server";
import { clock, type Clock } from "./clock";
import { writeImageRows } from "./image-rows.server";
import { PicturePublishing } from "./publish-pictures.server";
import { insertRevision, pendingRevisionOf, readStoredMarket, replacePending, wasPublic } from "./revisions.server";
import { changedFields, snapshotOf, withImages, withoutImages, type MarketSnapshot } from "./snapshot";
import { publishesEditAtOnce, publishesSubmissionAtOnce } from "./trust.server";

/*
 * What an organiser sends: a new market or a change of one, each with its revision in the same transaction
 * (the write path's `alongside`). Routes check the permission and the owner first (their
 * access() middleware); these functions decide what the change does: go live at once or
 * wait for review (trust.server.ts).
 *
 * A submission is a markets row with status pending and a pending "submission" revision; an
 * admin's approval publishes it. An edit of a market the public sees is either applied at once or
 * kept as a pending "edit" revision, the market unchanged until an admin approves it.
 */

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
    createMarket(
      db,
      { ...snapshot, status },
      { userId: actor.id },
      {
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
          await insertRevision(trx, {
            marketId: market.id,
            kind: "submission",
            state: status === "published" ? "applied" : "pending",
            authorId: actor.id,
            before: null,
            after,
            now,
          });
          if (images?.length) await writeImageRows(trx, market.id, images, now);
        },
      },
    ),
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
    const result = await updateMarket(
      db,
      marketId,
      { ...after, status: "pending" },
      { userId: actor.id },
      {
        now,
        today,
        alongside: async (trx) => {
          if (pending?.kind === "submission") await replacePending(trx, pending, carried);
          else await insertRevision(trx, { marketId, kind: "submission", state: "pending", authorId: actor.id, before: null, after, now });
          await recordIfNotOwner(trx, actor, market, "market.edit", { after: { fields: changedFields(market.snapshot, after) }, now });
        },
      },
    );
    return result.found ? { outcome: "pending", slug: result.slug } : { outcome: "not_found" };
  }

  if (changedFields(market.snapshot, after).length === 0) return { outcome: "unchanged", slug: market.slug };
  if (await publishesEditAtOnce(db, actor, market)) {
    const result = await updateMarket(
      db,
      marketId,
      { ...after, status: market.status },
      { userId: actor.id },
      {
        now,
        today,
        alongside: async (trx) => {
          await insertRevision(trx, { marketId, kind: "edit", state: "applied", authorId: actor.id, before: market.snapshot, after, now });
          await options.whenApplied?.(trx);
          await recordIfNotOwner(trx, actor, market, "market.edit", { after: { fields: changedFields(market.snapshot, after) }, now });
        },
      },
    );
    return result.found ? { outcome: "applied", slug: result.slug } : { outcome: "not_found" };
  }

  await db.transaction().execute(async (trx) => {
    if (pending?.kind === "edit" && pending.authorId === actor.id) await replacePending(trx, pending, withImages(after, pending.after.images), market.snapshot);
    else await insertRevision(trx, { marketId, kind: "edit", state: "pending", authorId: actor.id, before: market.snapshot, after, now });
  });
  return { outcome: "pending", slug: market.slug };
}
