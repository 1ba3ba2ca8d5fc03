import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { countActiveFilters } from "../active-filters";
import type { FilterField, FilterForm } from "../filter-form";
import { FilterFields, type FilterFieldOptions } from "./FilterFields";
import { FILTER_FORM_ID, MarketSearchForm } from "./MarketFilterForm";

type Errors = Partial<Record<FilterField, string>>;

/**
 * An error at one of these opens the panel: its fields, and sorting by distance without a
 * position, which "Brug min placering" in the panel puts right.
 */
const PANEL_FIELDS: FilterField[] = ["type", "omraade", "dato", "fra", "til", "miljoe", "position", "sorter"];

/**
 * The filters of a market list around its results: the free-text search on top, then the
 * results first. The other filters wait behind a "Filtrér (3)" button that opens a panel on a
 * phone; from lg up they are a sidebar beside the results. `toolbar` (the sort order) sits beside
 * the button on a phone and at the top right of the results on wide screens, so that neither
 * takes a row of its own; `aside` goes under the sidebar on wide screens and after the results on
 * a phone.
 *
 * The grid: on a phone two columns, the button's and the toolbar's, and an open panel spans both
 * (the toolbar then follows it); from lg up the sidebar's and the results', where the toolbar
 * shares the results' first row with the result count.
 */
export function FilterLayout({
  action,
  form,
  errors,
  fields,
  hidden,
  toolbar,
  aside,
  children,
}: {
  action: string;
  form: FilterForm;
  errors: Errors;
  fields?: FilterFieldOptions;
  hidden?: Record<string, string>;
  toolbar?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <MarketSearchForm action={action} form={form} hidden={hidden} className="mt-6" />
      <div className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-5 lg:grid-cols-[17rem_minmax(0,1fr)] lg:grid-rows-[auto_auto_1fr] lg:gap-x-8 lg:gap-y-0">
        <FilterPanel form={form} errors={errors} fields={fields} />
        {toolbar ? (
          // Above the results, which share its row on wide screens.
          <div className="relative z-10 col-start-2 flex flex-wrap items-center justify-end gap-2 self-start lg:row-start-1">{toolbar}</div>
        ) : null}
        <div className="col-span-2 min-w-0 lg:col-span-1 lg:col-start-2 lg:row-span-3 lg:row-start-1">{children}</div>
        {aside ? <div className="col-span-2 lg:col-span-1 lg:col-start-1 lg:row-start-3 lg:mt-6">{aside}</div> : null}
      </div>
    </>
  );
}

/**
 * A <details>: folded on a phone until the visitor opens it (or a field in it has an error), and
 * from lg up shown open by CSS (app.css), which needs no JavaScript. The page's script opens the
 * element there as well, so that it is announced as open (app/progressive/filters.ts).
 */
function FilterPanel({ form, errors, fields }: { form: FilterForm; errors: Errors; fields?: FilterFieldOptions }) {
  const needsAttention = PANEL_FIELDS.some((field) => errors[field]);
  const count = countActiveFilters(form);

  return (
    <details
      data-filter-panel
      data-needs-attention={needsAttention || undefined}
      open={needsAttention || undefined}
      className="group col-start-1 self-start open:col-span-2 lg:open:col-span-1 lg:row-span-2 lg:row-start-1 lg:rounded-2xl lg:border lg:border-stone-300 lg:bg-white lg:p-4 dark:lg:border-stone-700 dark:lg:bg-stone-900"
    >
      <summary className="inline-flex cursor-pointer list-none items-center gap-1.5 rounded-lg border border-stone-400 bg-white px-3 py-2 font-semibold text-stone-900 hover:bg-stone-100 lg:pointer-events-none lg:border-0 lg:p-0 lg:text-lg lg:font-bold dark:border-stone-500 dark:bg-stone-900 dark:text-stone-50 dark:hover:bg-stone-800 [&::-webkit-details-marker]:hidden">
        {count ? t("markets.filterButtonCount", { count }) : t("markets.filterButton")}
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 group-open:rotate-180 lg:hidden">
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div className="mt-3 rounded-2xl border border-stone-300 bg-white p-4 lg:mt-4 lg:border-0 lg:p-0 dark:border-stone-700 dark:bg-stone-900">
        <FilterFields formId={FILTER_FORM_ID} form={form} errors={errors} {...fields} />
        <button type="submit" form={FILTER_FORM_ID} className={`${buttonClass("primary")} mt-5 w-full`}>
          {t("markets.applyFilters")}
        </button>
      </div>
    </details>
  );
}
