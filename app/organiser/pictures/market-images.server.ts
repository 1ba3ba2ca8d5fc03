import type { Kysely } from "kysely";
import type { PermissionHolder } from "~/auth/permissions";
import { planById, type PlanId } from "~/markets/plans";
import { bumpCacheGeneration } from "~/lib/cache-generation.server";
import type { Database } from "~/lib/db/schema";
import type { Storage } from "~/lib/storage/index.server";
import { lockRow } from "~/lib/db/dialect.server";
import { removeUnreferencedFiles } from "~/lib/images/remove-unreferenced.server";
import { insertRevision, pendingRevisionOf, readStoredMarket, type Revision, type StoredMarket } from "../../revisions/revisions.server";
import type { SnapshotImage } from "../../revisions/snapshot";
import { replacePending, wasPublic } from "../../revisions/revisions.server";
import { publishesEditAtOnce } from "../../revisions/trust.server";
import type { ListEdit, ListRefusal } from "./image-list";
import { writeImageRows } from "../../revisions/image-rows.server";
import { filesOf, PicturePublishing } from "../../revisions/publish-pictures.server";

/*
 * A market's pictures as revisions (decision 0025): a change of the list (add, move, cover,
 * delete) is a snapshot of the market with its new `images`. A trusted person's change
 * (publishesEditAtOnce) writes market_images at once with an applied revision; anyone else's waits
 * as their pending edit, which approveRevision writes to market_images. A market the public has
 * not seen yet changes where it stands, like its texts. Files of a picture nothing refers to any
 * more (app/lib/images/referenced-files.server.ts) are removed.
 */

export type ImageChangeOutcome = "applied" | "pending";

/** What a change of a list of pictures came to: done (at once or waiting), refused by `edit`, or no list any more. */
export type ImageChangeResult = { outcome: ImageChangeOutcome } | { outcome: "refused"; reason: ListRefusal } | { outcome: "not_found" };

/** A waiting edit of this person's, whose pictures are the ones they go on from. */
function ownPendingEdit(pending: Revision | null, actor: PermissionHolder): Revision | null {
  return pending?.kind === "edit" && pending.authorId === actor.id ? pending : null;
}

/** The pictures this person works on: those of their own waiting change, else the market's. */
export async function workingImages(db: Kysely<Database>, actor: PermissionHolder, market: StoredMarket): Promise<{ images: SnapshotImage[]; waiting: boolean }> {
  return workingFrom(market, await pendingRevisionOf(db, market.id), actor);
}

function workingFrom(market: StoredMarket, pending: Revision | null, actor: PermissionHolder): { images: SnapshotImage[]; waiting: boolean } {
  const own = ownPendingEdit(pending, actor);
  if (own?.after.images) return { images: own.after.images, waiting: true };
  return { images: market.snapshot.images ?? [], waiting: false };
}

/** How many pictures the market's plan allows. */
export function imageLimit(plan: PlanId): number {
  return planById(plan).limits.imagesPerMarket;
}

/**
 * Changes the market's pictures by `edit`, at once or as a waiting change, by the trust rules. The
 * list is read and written in one transaction with the market's row held (lockRow), so two posts
 * at once each see the other's picture: `edit` gets the list as it is then and may refuse
 * (the plan's limit, a picture it has already, one that is gone). A change that makes a public
 * market show a private picture publishes it first (publish-pictures.server.ts). After the
 * commit, the files of pictures the change let go of are removed when nothing else names them.
 */
export async function changeImages(
  db: Kysely<Database>,
  store: Storage,
  actor: PermissionHolder,
  marketId: string,
  edit: ListEdit,
  now: Date = new Date(),
): Promise<ImageChangeResult> {
  const pictures = new PicturePublishing(db, store);
  const written = await pictures.around(() =>
    db.transaction().execute(async (trx) => {
      if (!(await lockRow(trx, "markets", marketId))) return { outcome: "not_found" as const };
      const market = (await readStoredMarket(trx, marketId))!;
      const pending = await pendingRevisionOf(trx, marketId);
      const previous = workingFrom(market, pending, actor).images;
      const edited = edit(previous);
      if (typeof edited === "string") return { outcome: "refused" as const, reason: edited };
      if (!wasPublic(market.status)) {
        await writeImageRows(trx, marketId, edited, now);
        // The submission is approved from its revision: it carries the pictures too.
        if (pending?.kind === "submission") await replacePending(trx, pending, { ...pending.after, images: edited });
        return { outcome: "applied" as const, previous, next: edited };
      }
      if (await publishesEditAtOnce(trx, actor, market)) {
        const shown = await pictures.publish(marketId, edited);
        await writeImageRows(trx, marketId, shown, now);
        await insertRevision(trx, { marketId, kind: "edit", state: "applied", authorId: actor.id, before: market.snapshot, after: { ...market.snapshot, images: shown }, now });
        return { outcome: "applied" as const, previous, next: shown };
      }
      const own = ownPendingEdit(pending, actor);
      if (own) await replacePending(trx, own, { ...own.after, images: edited }, market.snapshot);
      else await insertRevision(trx, { marketId, kind: "edit", state: "pending", authorId: actor.id, before: market.snapshot, after: { ...market.snapshot, images: edited }, now });
      return { outcome: "pending" as const, previous, next: edited };
    }),
  );
  if (written.outcome === "not_found" || written.outcome === "refused") return written;
  if (written.outcome === "applied") await bumpCacheGeneration(db, now);
  const kept = new Set(written.next.map((image) => image.storageKey));
  await removeUnreferencedFiles(db, store, filesOf(written.previous.filter((image) => !kept.has(image.storageKey))));
  return { outcome: written.outcome };
}

/** An admin puts a market on a plan; it sets how many pictures it may have from now on. */
export async function setMarketPlan(db: Kysely<Database>, marketId: string, plan: PlanId): Promise<boolean> {
  const result = await db.updateTable("markets").set({ plan }).where("id", "=", marketId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
