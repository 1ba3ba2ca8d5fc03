import type { Kysely } from "kysely";
import { recordAdminAction } from "~/admin-log/record.server";
import type { Database } from "~/lib/db/schema";
import type { Toast } from "~/lib/toast";
import { t } from "~/lib/i18n";
import type { Storage } from "~/lib/storage/index.server";
import { contentTypeFromKey } from "~/lib/storage/storage.server";
import { fileAgeText, fileCountText, fileSizeText, savedAtText } from "./cleanup-texts";
import { CLEANUP_PAGE_SIZE, cleanupPagePath } from "./cleanup-paths";
import type { OrphanRow } from "./components/OrphanList";
import { orphans, removeAllOrphans, removeOrphan, totalOf } from "./orphans.server";

/**
 * /dashboard/image-cleanup: one page of the orphans, their count and total size; null when there
 * is no such page. `confirmRemoveAll`: the admin asked to remove them all and is asked to confirm.
 */
export async function imageCleanupPage(store: Storage, db: Kysely<Database>, { page, confirmRemoveAll }: { page: number; confirmRemoveAll: boolean }, now = new Date()) {
  const found = await orphans(store, db, now);
  const pages = Math.max(1, Math.ceil(found.length / CLEANUP_PAGE_SIZE));
  if (page > pages) return null;
  const total = totalOf(found);
  const rows: OrphanRow[] = found.slice((page - 1) * CLEANUP_PAGE_SIZE, page * CLEANUP_PAGE_SIZE).map((file) => ({
    key: file.key,
    preview: contentTypeFromKey(file.key).startsWith("image/") ? store.publicUrl(file.key) : null,
    size: fileSizeText(file.size),
    age: fileAgeText(file.modifiedAt, now),
    savedAt: savedAtText(file.modifiedAt),
    modifiedAt: file.modifiedAt.toISOString(),
  }));
  return {
    page,
    pages,
    count: total.count,
    countText: fileCountText(total.count, total.bytes),
    totalSize: fileSizeText(total.bytes),
    confirmRemoveAll: total.count > 0 && confirmRemoveAll,
    rows,
  };
}

/** Where the list goes after a removal, and the toast it shows there. */
export interface CleanupDone {
  to: string;
  toast: Toast;
}

/** Removes every orphan, recorded in the admin log; back to the first page. */
export async function removeAllOrphanFiles(store: Storage, db: Kysely<Database>, actorId: string): Promise<CleanupDone> {
  const removed = await removeAllOrphans(store, db);
  // The store has no transactions: the entry follows the removal it records.
  if (removed.count > 0) {
    await recordAdminAction(db, { actorId, kind: "image.remove-all", target: { id: "*", label: t("imageCleanup.logTarget", { count: removed.count }) }, after: removed });
  }
  if (removed.count === 0) return { to: cleanupPagePath(1), toast: { title: t("imageCleanup.toast.nothing"), variant: "default" } };
  const title = removed.count === 1 ? t("imageCleanup.toast.removedAllOne") : t("imageCleanup.toast.removedAllMany", { count: removed.count.toLocaleString("da-DK") });
  return { to: cleanupPagePath(1), toast: { title, description: t("imageCleanup.toast.freed", { size: fileSizeText(removed.bytes) }), variant: "success" } };
}

/**
 * Removes one file, checked again first. One removed from a later page returns there, or to the
 * last page left.
 */
export async function removeOrphanFile(store: Storage, db: Kysely<Database>, actorId: string, key: string, fromPage: number): Promise<CleanupDone> {
  const result = await removeOrphan(store, db, key);
  if (result.kind === "removed") {
    await recordAdminAction(db, { actorId, kind: "image.remove", target: { id: key, label: key }, after: { bytes: result.file.size } });
  }
  const to = await pageToReturnTo(store, db, fromPage);
  switch (result.kind) {
    case "removed":
      return {
        to,
        toast: {
          title: t("imageCleanup.toast.removed"),
          description: t("imageCleanup.toast.removedDescription", { key: result.file.key, size: fileSizeText(result.file.size) }),
          variant: "success",
        },
      };
    case "in-use":
      return { to, toast: { title: t("imageCleanup.toast.inUse"), description: t("imageCleanup.toast.inUseDescription"), variant: "warning" } };
    case "missing":
      return { to, toast: { title: t("imageCleanup.toast.missing"), description: t("imageCleanup.toast.missingDescription"), variant: "default" } };
  }
}

/** The page the file was on, or the last one left when that one is gone now. */
async function pageToReturnTo(store: Storage, db: Kysely<Database>, page: number): Promise<string> {
  if (page === 1) return cleanupPagePath(1);
  const left = (await orphans(store, db)).length;
  return cleanupPagePath(Math.min(page, Math.max(1, Math.ceil(left / CLEANUP_PAGE_SIZE))));
}
