import { data, Link } from "react-router";
import { Pagination } from "~/components/Pagination";
import { CLEANUP_INTENTS, cleanupPagePath, CONFIRM_REMOVE_ALL_PARAM } from "~/image-cleanup/cleanup-paths";
import { PAGE_PARAM, parsePageNumber } from "~/lib/page-number";
import { imageCleanupPage, removeAllOrphanFiles, removeOrphanFile } from "~/image-cleanup/cleanup-page.server";
import { OrphanList } from "~/image-cleanup/components/OrphanList";
import { RemoveAllPanel } from "~/image-cleanup/components/RemoveAllPanel";
import { redirectWithFlash } from "~/http/flash.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { readForm } from "~/http/request-body.server";
import { formText } from "~/forms/form-data";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/image-cleanup";
import { access } from "~/http/access.server";

const guard = access({ permission: "delete:image:any" });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** /dashboard/image-cleanup: stored files nothing refers to, for admins to look through and remove (delete:image:any). */
export async function loader({ url, context }: Route.LoaderArgs) {
  guard.allowed(context);
  const query = url.searchParams;
  const page = parsePageNumber(query.get(PAGE_PARAM));
  if (page === null) throw data(null, { status: 404 });
  const { storage, database } = site();
  const found = await imageCleanupPage(storage, database.db, { page, confirmRemoveAll: query.get(CONFIRM_REMOVE_ALL_PARAM) === "ja" });
  if (!found) throw data(null, { status: 404 });
  return found;
}

/** Remove one file or all of them; each answers 303 to the list with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = guard.allowed(context);
  const form = await readForm(request);
  const { storage, database } = site();
  const intent = form.get("intent");
  if (intent === CLEANUP_INTENTS.removeAll) {
    const done = await removeAllOrphanFiles(storage, database.db, viewer.user.id);
    return redirectWithFlash(done.to, done.toast);
  }
  const key = form.get("key");
  if (intent !== CLEANUP_INTENTS.remove || typeof key !== "string") throw data(null, { status: 400, headers: { "Cache-Control": "private, no-store" } });
  const done = await removeOrphanFile(storage, database.db, viewer.user.id, key, parsePageNumber(formText(form, PAGE_PARAM)) ?? 1);
  return redirectWithFlash(done.to, done.toast);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  return seoMeta(matches, {
    title: page > 1 ? t("imageCleanup.titlePage", { page }) : t("imageCleanup.title"),
    description: t("imageCleanup.description"),
    path: cleanupPagePath(page),
    robots: "noindex,follow",
  });
}

export default function ImageCleanup({ loaderData }: Route.ComponentProps) {
  const { rows, count, countText, totalSize, page, pages, confirmRemoveAll } = loaderData;
  return (
    <>
      <p className="font-medium text-emerald-800 dark:text-emerald-300">{t("imageCleanup.eyebrow")}</p>
      <h1 className="mt-1 text-3xl font-bold sm:text-4xl">{t("imageCleanup.heading")}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("imageCleanup.intro")}</p>
      {count === 0 ? (
        <section aria-labelledby="intet-at-rydde" className="mt-6 rounded-2xl border border-stone-300 bg-white p-4 sm:p-6 dark:border-stone-700 dark:bg-stone-900">
          <h2 id="intet-at-rydde" className="text-xl font-bold">
            {t("imageCleanup.empty.heading")}
          </h2>
          <p className="mt-1 text-stone-700 dark:text-stone-300">{t("imageCleanup.empty.body")}</p>
          <p className="mt-4">
            <Link to="/dashboard/admin">{t("imageCleanup.backToAdmin")}</Link>
          </p>
        </section>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
            <p className="text-lg font-semibold" role="status">
              {countText}
            </p>
            {confirmRemoveAll ? null : <RemoveAllPanel confirm={false} count={count} totalSize={totalSize} page={page} />}
          </div>
          {confirmRemoveAll ? (
            <div className="mt-4">
              <RemoveAllPanel confirm count={count} totalSize={totalSize} page={page} />
            </div>
          ) : null}
          <OrphanList rows={rows} page={page} />
          <Pagination page={page} pages={pages} hrefFor={cleanupPagePath} />
        </>
      )}
    </>
  );
}
