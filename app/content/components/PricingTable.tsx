import { t } from "~/lib/i18n";
import { COMPARISON_ROWS, PLANS, type ComparisonValue } from "~/markets/plans";

function Value({ value }: { value: ComparisonValue }) {
  if (typeof value === "string") return <>{value}</>;
  return (
    <>
      <span aria-hidden="true" className={value ? "text-emerald-800 dark:text-emerald-300" : "text-stone-500 dark:text-stone-400"}>
        {value ? "✓" : "–"}
      </span>
      <span className="sr-only">{value ? t("content.pricing.yes") : t("content.pricing.no")}</span>
    </>
  );
}

const cell = "border-b border-stone-300 px-3 py-3 text-left align-top dark:border-stone-700";

/**
 * Every plan side by side, row by row from app/markets/plans.ts. On a phone the table scrolls
 * sideways in its own focusable region (named by the caption), not the page.
 */
export function PricingTable() {
  return (
    <div className="relative mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="sammenligning-tabel">
      <table className="w-full min-w-[36rem] border-collapse">
        <caption id="sammenligning-tabel" className="pb-2 text-left text-stone-700 dark:text-stone-300">
          {t("content.pricing.comparisonCaption")}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={`${cell} border-b-2`}>
              {t("content.pricing.featureColumn")}
            </th>
            {PLANS.map((plan) => (
              <th key={plan.id} scope="col" className={`${cell} border-b-2`}>
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPARISON_ROWS.map((row) => (
            <tr key={row.feature}>
              <th scope="row" className={`${cell} font-semibold`}>
                {row.feature}
              </th>
              {PLANS.map((plan) => (
                <td key={plan.id} className={cell}>
                  <Value value={row.value(plan)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
