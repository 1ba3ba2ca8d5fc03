import { Link } from "react-router";
import { t } from "~/lib/i18n";

/** Previous and next as plain links, so paging works without JavaScript. */
export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1) return null;
  const linkClass = "rounded-lg border border-stone-400 px-4 py-2 font-medium no-underline dark:border-stone-500";
  return (
    <nav aria-label={t("markets.paginationLabel")} className="mt-6 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={linkClass}>
          ← {t("markets.previousPage")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-700 dark:text-stone-300">{t("markets.pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next" className={linkClass}>
          {t("markets.nextPage")} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
