import type { Kysely } from "kysely";
import type { PermissionHolder } from "~/auth/permissions";
import { planById, type PlanId } from "~/content/plans";
import { bumpCacheGeneration } from "~/lib/cache-generation.server";
import type { Database } from "~/lib/db/schema";
import type { Storage } from "~/lib/storage/index.server";
import { insertRevision, pendingRevisionOf, type Revision, type StoredMarket } from "../submissions/revisions.server";
import type { SnapshotImage } from "../submissions/snapshot";
import { replacePending, wasPublic } from "../submissions/submissions.server";
import { publishesEditAtOnce } from "../submissions/trust.server";
import { removeImageFiles } from "./image-files.server";
import { readImageRows, writeImageRows } from "./image-rows.server";

/*
 * A market's pictures as revisions (decision 0025): a change of the list (add, move, cover,
 * delete) is a snapshot of the market with its new `images`. A trusted person's change
 * (publishesEditAtOnce) writes market_images at once with an applied revision; anyone else's waits
 * as their pending edit, which approveRevision writes to market_images. A market the public has
 * not seen yet changes where it stands, like its texts. Files of a picture nothing refers to any
 * more (not the live rows, not a waiting change) are removed.
 */

export type ImageChangeOutcome = "applied" | "pending";

/** A waiting edit of this person's, whose pictures are the ones they go on from. */
function ownPendingEdit(pending: Revision | null, actor: PermissionHolder): Revision | null {
  return pending?.kind === "edit" && pending.authorId === actor.id ? pending : null;
}

/** The pictures this person works on: those of their own waiting change, else the market's. */
export async function workingImages(db: Kysely<Database>, actor: PermissionHolder, market: StoredMarket): Promise<{ images: SnapshotImage[]; waiting: boolean }> {
  const own = ownPendingEdit(await pendingRevisionOf(db, market.id), actor);
  if (own?.after.images) return { images: own.after.images, waiting: true };
  return { images: market.snapshot.images ?? [], waiting: false };
}

/** How many pictures the market's plan allows. */
export function imageLimit(plan: PlanId): number {
  return planById(plan).limits.imagesPerMarket;
}

/** Makes `next` the market's pictures, at once or as a waiting change, by the trust rules. */
export async function changeImages(
  db: Kysely<Database>,
  store: Storage,
  actor: PermissionHolder,
  market: StoredMarket,
  next: SnapshotImage[],
  now: Date = new Date(),
): Promise<ImageChangeOutcome> {
  const pending = await pendingRevisionOf(db, market.id);
  const { images: previous } = await workingImages(db, actor, market);
  let outcome: ImageChangeOutcome = "applied";
  if (!wasPublic(market.status)) {
    await db.transaction().execute(async (trx) => {
      await writeImageRows(trx, market.id, next, now);
      // The submission is approved from its revision: it carries the pictures too.
      if (pending?.kind === "submission") await replacePending(trx, pending, { ...pending.after, images: next });
    });
  } else if (await publishesEditAtOnce(db, actor, market)) {
    await db.transaction().execute(async (trx) => {
      await writeImageRows(trx, market.id, next, now);
      await insertRevision(trx, { marketId: market.id, kind: "edit", state: "applied", authorId: actor.id, before: market.snapshot, after: { ...market.snapshot, images: next }, now });
    });
  } else {
    outcome = "pending";
    const own = ownPendingEdit(pending, actor);
    await db.transaction().execute(async (trx) => {
      if (own) await replacePending(trx, own, { ...own.after, images: next }, market.snapshot);
      else await insertRevision(trx, { marketId: market.id, kind: "edit", state: "pending", authorId: actor.id, before: market.snapshot, after: { ...market.snapshot, images: next }, now });
    });
  }
  if (outcome === "applied") await bumpCacheGeneration(db, now);
  const kept = new Set(next.map((image) => image.storageKey));
  await removeUnreferenced(db, store, market.id, previous.filter((image) => !kept.has(image.storageKey)));
  return outcome;
}

/** Removes the files of these pictures unless the market still shows them or a waiting change holds them. */
export async function removeUnreferenced(db: Kysely<Database>, store: Storage, marketId: string, candidates: readonly SnapshotImage[]): Promise<void> {
  if (!candidates.length) return;
  const referenced = new Set((await readImageRows(db, marketId)).map((image) => image.storageKey));
  const waiting = await db.selectFrom("market_revisions").select("after").where("market_id", "=", marketId).where("state", "=", "pending").execute();
  for (const row of waiting) {
    const images = (JSON.parse(row.after) as { images?: SnapshotImage[] }).images ?? [];
    for (const image of images) referenced.add(image.storageKey);
  }
  for (const image of candidates) if (!referenced.has(image.storageKey)) await removeImageFiles(store, image);
}

/** An admin puts a market on a plan; it sets how many pictures it may have from now on. */
export async function setMarketPlan(db: Kysely<Database>, marketId: string, plan: PlanId): Promise<boolean> {
  const result = await db.updateTable("markets").set({ plan }).where("id", "=", marketId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
