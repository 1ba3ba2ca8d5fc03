import type { Kysely } from "kysely";
import { data } from "react-router";
import { requireUserWithPermission } from "~/auth/session.server";
import type { Database } from "~/lib/db/schema";
import { redirectWithFlash } from "~/lib/flash.server";
import { t } from "~/lib/i18n";
import { readForm } from "~/lib/request-body.server";
import type { Storage } from "~/lib/storage/index.server";
import { contentTypeFromKey } from "~/lib/storage/storage.server";
import { fileAgeText, fileCountText, fileSizeText, savedAtText } from "./cleanup-texts";
import { CLEANUP_INTENTS, CLEANUP_PAGE_SIZE, CONFIRM_REMOVE_ALL_PARAM, cleanupPagePath, PAGE_PARAM, parsePageNumber } from "./cleanup-paths";
import type { OrphanRow } from "./components/OrphanList";
import { orphans, removeAllOrphans, removeOrphan, totalOf } from "./orphans.server";

/** /dashboard/image-cleanup: one page of the orphans, their count and total size. */
export async function imageCleanupPage(request: Request, store: Storage, db: Kysely<Database>, now = new Date()) {
  await requireUserWithPermission(request, "delete:image:any");
  const query = new URL(request.url).searchParams;
  const page = parsePageNumber(query.get(PAGE_PARAM));
  if (page === null) throw data(null, { status: 404 });
  const found = await orphans(store, db, now);
  const pages = Math.max(1, Math.ceil(found.length / CLEANUP_PAGE_SIZE));
  if (page > pages) throw data(null, { status: 404 });
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
    confirmRemoveAll: total.count > 0 && query.get(CONFIRM_REMOVE_ALL_PARAM) === "ja",
    rows,
  };
}

/**
 * The page's posts: remove one file (checked again first), or all of them. Each answers 303 to the
 * list with a toast; one removed from a later page returns there, or to the last page left.
 */
export async function imageCleanupAction(request: Request, store: Storage, db: Kysely<Database>): Promise<Response> {
  await requireUserWithPermission(request, "delete:image:any");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === CLEANUP_INTENTS.removeAll) {
    const removed = await removeAllOrphans(store, db);
    if (removed.count === 0) return redirectWithFlash(cleanupPagePath(1), { title: t("imageCleanup.toast.nothing"), variant: "default" });
    const title = removed.count === 1 ? t("imageCleanup.toast.removedAllOne") : t("imageCleanup.toast.removedAllMany", { count: removed.count.toLocaleString("da-DK") });
    return redirectWithFlash(cleanupPagePath(1), { title, description: t("imageCleanup.toast.freed", { size: fileSizeText(removed.bytes) }), variant: "success" });
  }
  const key = form.get("key");
  if (intent !== CLEANUP_INTENTS.remove || typeof key !== "string") throw data(null, { status: 400, headers: { "Cache-Control": "private, no-store" } });
  const result = await removeOrphan(store, db, key);
  const back = await pageToReturnTo(store, db, parsePageNumber(String(form.get(PAGE_PARAM) ?? "")) ?? 1);
  switch (result.kind) {
    case "removed":
      return redirectWithFlash(back, {
        title: t("imageCleanup.toast.removed"),
        description: t("imageCleanup.toast.removedDescription", { key: result.file.key, size: fileSizeText(result.file.size) }),
        variant: "success",
      });
    case "in-use":
      return redirectWithFlash(back, { title: t("imageCleanup.toast.inUse"), description: t("imageCleanup.toast.inUseDescription"), variant: "warning" });
    case "missing":
      return redirectWithFlash(back, { title: t("imageCleanup.toast.missing"), description: t("imageCleanup.toast.missingDescription"), variant: "default" });
  }
}

/** The page the file was on, or the last one left when that one is gone now. */
async function pageToReturnTo(store: Storage, db: Kysely<Database>, page: number): Promise<string> {
  if (page === 1) return cleanupPagePath(1);
  const left = (await orphans(store, db)).length;
  return cleanupPagePath(Math.min(page, Math.max(1, Math.ceil(left / CLEANUP_PAGE_SIZE))));
}
