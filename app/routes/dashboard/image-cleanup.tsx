import { Link } from "react-router";
import { Pagination } from "~/components/Pagination";
import { cleanupPagePath } from "~/image-cleanup/cleanup-paths";
import { imageCleanupAction, imageCleanupPage } from "~/image-cleanup/cleanup-page.server";
import { OrphanList } from "~/image-cleanup/components/OrphanList";
import { RemoveAllPanel } from "~/image-cleanup/components/RemoveAllPanel";
import { database } from "~/lib/db/database.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { storage } from "~/lib/storage/index.server";
import type { Route } from "./+types/image-cleanup";

/** /dashboard/image-cleanup: stored files nothing refers to, for admins to look through and remove (delete:image:any). */
export function loader({ request }: Route.LoaderArgs) {
  return imageCleanupPage(request, storage(), database().db);
}

export function action({ request }: Route.ActionArgs) {
  return imageCleanupAction(request, storage(), database().db);
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
