import type { ReactNode } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { fieldClass, labelClass } from "~/components/ui/form-fields";
import { t } from "~/lib/i18n";
import type { FilterField, FilterForm } from "../filter-form";
import { FilterFields, SortField, type FilterFieldOptions } from "./FilterFields";

/** The id of the filter form: the controls outside it name it (FilterFields.tsx). One per page. */
export const FILTER_FORM_ID = "markedsfiltre";

/**
 * The filters of the market lists as a plain GET form: every choice ends up in the URL, and it
 * works the same without JavaScript. The <form> holds the free-text search; the other controls
 * may sit anywhere on the page (FilterFields.tsx). Only "Brug min placering" needs the browser.
 */
export function MarketSearchForm({
  action,
  form,
  hidden = {},
  className,
  children,
}: {
  action: string;
  form: FilterForm;
  /** Page state that a new search keeps, such as the calendar's month and view. */
  hidden?: Record<string, string>;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Form id={FILTER_FORM_ID} method="get" action={action} role="search" aria-label={t("markets.filtersHeading")} className={className}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>
        <label htmlFor="q" className={labelClass}>
          {t("markets.searchLabel")}
        </label>
        <div className="mt-1 flex gap-2">
          <input id="q" name="q" type="search" defaultValue={form.q} placeholder={t("markets.searchPlaceholder")} maxLength={100} className={`${fieldClass} mt-0`} />
          <button type="submit" className={buttonClass("primary")}>
            {t("markets.searchButton")}
          </button>
        </div>
      </div>
      {children}
    </Form>
  );
}

/** Every filter in one form, for the map page, which folds it above the map (whose own "nær mig" fills its position). */
export function MarketFilterForm({
  action,
  form,
  errors,
  ...options
}: {
  action: string;
  form: FilterForm;
  errors: Partial<Record<FilterField, string>>;
} & FilterFieldOptions) {
  return (
    <MarketSearchForm action={action} form={form} className="grid gap-4">
      <FilterFields formId={FILTER_FORM_ID} form={form} errors={errors} wide locateButton={false} {...options} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <SortField formId={FILTER_FORM_ID} value={form.sort} error={errors.sorter} />
        {/* Beside the choices, where they are made: the search button is at the top of the form. */}
        <button type="submit" className={buttonClass("primary")}>
          {t("markets.applyFilters")}
        </button>
      </div>
    </MarketSearchForm>
  );
}
