import type { Kysely } from "kysely";
import type { PermissionHolder } from "~/auth/permissions";
import type { PlanId } from "~/markets/plans";
import type { Database } from "~/lib/db/schema";
import type { Storage } from "~/lib/storage/index.server";
import { privateFolder } from "~/lib/storage/private-keys";
import { draftImages } from "../form/draft-fields";
import type { Draft } from "../form/drafts.server";
import type { StoredMarket } from "../../revisions/revisions.server";
import type { SnapshotImage } from "../../revisions/snapshot";
import { changeDraftImages } from "./draft-images.server";
import type { ListEdit } from "./image-list";
import { changeImages, workingImages, type ImageChangeResult } from "./market-images.server";

/*
 * Whose pictures a post changes. One upload, move, cover, delete and order (image-actions.server.ts)
 * and one section (image-section.server.ts, ManageImages.tsx) serve two owners of a list:
 * - a market (/manage-market/{id}, and the "Billeder" step of its edit form): a change is a
 *   revision under the trust rules (market-images.server.ts);
 * - the draft of a new market (the "Billeder" step of /opret-marked): the list is kept in the
 *   draft (draft-fields.ts) until it is sent, and goes into the submission then.
 * Who may change them is the page's guard: a market's pages (/manage-market/{id}, its edit form)
 * ask for update:market:own with the market's owner (their access() middleware), the permission
 * its pictures need; a draft is the person's own (the ownDraft its routes declare).
 */

export interface ImageTarget {
  /**
   * Where its uploads are stored: the owner's private folder, "private/{ownerId}/markets/{id}" or
   * "private/{ownerId}/drafts/{id}", until a public market shows them (decision 0027).
   */
  prefix: string;
  /** The plan whose limit applies: a market's own; a new market starts on the free plan. */
  plan: PlanId;
  /** Where a done post leads (with the section's anchor). */
  returnPath: string;
  /** The pictures the person works on, and whether they are a change still waiting for review. */
  working(): Promise<{ images: SnapshotImage[]; waiting: boolean }>;
  /**
   * Changes the list by `edit`, given the list as it is inside the transaction that writes it (at
   * once, or waiting by the trust rules); removes the files nothing holds any more.
   */
  change(edit: ListEdit): Promise<ImageChangeResult>;
}

/** A market's pictures: the route has checked update:market:own with its owner (its page's guard). */
export function marketImageTarget(db: Kysely<Database>, store: Storage, holder: PermissionHolder, market: StoredMarket, returnPath: string): ImageTarget {
  return {
    // The owner's folder, so that the owner sees an admin's upload to their market that waits too.
    prefix: `${privateFolder(market.ownerId ?? holder.id)}/markets/${market.id}`,
    plan: market.plan,
    returnPath,
    working: () => workingImages(db, holder, market),
    change: (edit) => changeImages(db, store, holder, market.id, edit),
  };
}

/** A new market's draft: the route has made sure it is the person's own (ownDraft). */
export function draftImageTarget(db: Kysely<Database>, store: Storage, draft: Draft, returnPath: string): ImageTarget {
  return {
    prefix: `${privateFolder(draft.ownerId)}/drafts/${draft.id}`,
    plan: "gratis",
    returnPath,
    working: () => Promise.resolve({ images: draftImages(draft.fields), waiting: false }),
    change: (edit) => changeDraftImages(db, store, draft.id, edit),
  };
}
