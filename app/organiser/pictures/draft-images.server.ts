import type { Kysely } from "kysely";
import { lockRow } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import { removeUnreferencedFiles } from "~/lib/images/remove-unreferenced.server";
import type { Storage } from "~/lib/storage/index.server";
import { draftImages, readDraftFields, withDraftImages } from "../form/draft-fields";
import type { ListEdit } from "./image-list";
import type { ImageChangeResult } from "./market-images.server";
import { filesOf } from "../../revisions/publish-pictures.server";

/**
 * Changes a new market's draft's pictures by `edit`: the list is read from the draft's row and
 * written back in one transaction with the row held (lockRow), so uploads that arrive together
 * each add to the list the other left; a draft sent or thrown away meanwhile is not found. The
 * other fields are the row's own, untouched. After the commit, the files of pictures let go of
 * are removed when nothing else names them (a market sent from this draft may).
 */
export async function changeDraftImages(db: Kysely<Database>, store: Storage, draftId: string, edit: ListEdit, now: Date = new Date()): Promise<ImageChangeResult> {
  const written = await db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, "market_drafts", draftId))) return { outcome: "not_found" as const };
    const row = await trx.selectFrom("market_drafts").select("fields").where("id", "=", draftId).executeTakeFirstOrThrow();
    const fields = readDraftFields(row.fields);
    const previous = draftImages(fields);
    const next = edit(previous);
    if (typeof next === "string") return { outcome: "refused" as const, reason: next };
    await trx
      .updateTable("market_drafts")
      .set({ fields: JSON.stringify(withDraftImages(fields, next)), updated_at: now.toISOString() })
      .where("id", "=", draftId)
      .execute();
    return { outcome: "applied" as const, previous, next };
  });
  if (written.outcome !== "applied") return written;
  const kept = new Set(written.next.map((image) => image.storageKey));
  await removeUnreferencedFiles(db, store, filesOf(written.previous.filter((image) => !kept.has(image.storageKey))));
  return { outcome: "applied" };
}
