import { t } from "~/lib/i18n";

/**
 * "2.345 markeder", read out when it changes. As tall as the sort order beside it on wide
 * screens (FilterLayout's toolbar), so what follows clears it.
 */
export function ResultCount({ total }: { total: number }) {
  return (
    <p className="text-lg font-semibold lg:flex lg:min-h-11 lg:items-center" role="status" aria-live="polite">
      {total === 1 ? t("markets.resultCountOne") : t("markets.resultCount", { count: total.toLocaleString("da-DK") })}
    </p>
  );
}
