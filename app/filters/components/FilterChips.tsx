import { Link } from "react-router";
import { t } from "~/lib/i18n";
import type { FilterRemoval } from "../active-filters";

/**
 * The chosen filters as chips, each a link to the same list without it (../active-filters.ts),
 * and with more than one a link that clears them all. Plain links: they work without JavaScript.
 */
export function FilterChips({ removals, clearHref, className = "" }: { removals: FilterRemoval[]; clearHref?: string; className?: string }) {
  if (!removals.length) return null;
  return (
    <ul aria-label={t("markets.chips.label")} className={`flex flex-wrap items-center gap-2 ${className}`}>
      {removals.map((removal) => (
        <li key={removal.href}>
          <Link
            to={removal.href}
            aria-label={t("markets.removeFilter", { filter: removal.label })}
            className="inline-flex items-center gap-1.5 rounded-full border border-emerald-800 bg-emerald-50 py-1 pr-2 pl-3 text-sm font-medium text-emerald-900 no-underline hover:bg-emerald-100 dark:border-emerald-300 dark:bg-emerald-950 dark:text-emerald-100 dark:hover:bg-emerald-900"
          >
            {removal.label}
            <span aria-hidden="true" className="text-base leading-none">
              ×
            </span>
          </Link>
        </li>
      ))}
      {clearHref && removals.length > 1 ? (
        <li>
          <Link to={clearHref} className="px-1 text-sm">
            {t("markets.clearFilters")}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
