import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { FieldError, fieldClass, labelClass } from "~/components/ui/form-fields";
import { t } from "~/lib/i18n";
import type { FilterField, FilterForm } from "../filter-form";
import { MARKET_TYPE_INFO } from "../../markets/market-types";
import { REGION_GROUPS } from "../../markets/regions";

/**
 * The controls of the market filters. Each names its form by id (`form={formId}`), so it can sit
 * outside the <form> element, in the panel or sidebar beside the results, and still be sent with
 * the search, with or without JavaScript. Ids are the parameter's name; errors are "fejl-" + name.
 */

type Errors = Partial<Record<FilterField, string>>;

const describedBy = (errors: Errors, field: FilterField) => (errors[field] ? `fejl-${field}` : undefined);

/** A labelled control with its Danish error underneath. */
function Field({ name, label, error, children }: { name: FilterField; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={name} className={labelClass}>
        {label}
      </label>
      {children}
      <FieldError id={`fejl-${name}`} message={error} />
    </div>
  );
}

/** The date choices of the filters: the front page offers them too, without the period ("periode"). */
export const DATE_CHOICES: [string, string][] = [
  ["", t("markets.dateAll")],
  ["i-dag", t("markets.dateToday")],
  ["weekend", t("markets.dateWeekend")],
  ["7-dage", t("markets.dateWeek")],
  ["periode", t("markets.dateRange")],
];
const SETTING_CHOICES: [string, string][] = [
  ["", t("markets.settingAll")],
  ["inde", t("markets.settingIndoor")],
  ["ude", t("markets.settingOutdoor")],
];
const SORT_CHOICES: [string, string][] = [
  ["", t("markets.sortRelevance")],
  ["dato", t("markets.sortDate")],
  ["navn", t("markets.sortName")],
  ["afstand", t("markets.sortDistance")],
];

function Choices({ formId, name, value, errors, options }: { formId: string; name: FilterField; value: string; errors: Errors; options: [string, string][] }) {
  return (
    <select id={name} name={name} form={formId} defaultValue={value} className={fieldClass} aria-describedby={describedBy(errors, name)}>
      {options.map(([optionValue, label]) => (
        <option key={optionValue} value={optionValue}>
          {label}
        </option>
      ))}
    </select>
  );
}

/** The areas of the filters' "Område", grouped, after "Hele landet": the front page's search offers the same. */
export function RegionOptions() {
  return (
    <>
      <option value="">{t("markets.regionAll")}</option>
      {REGION_GROUPS.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

export interface FilterFieldOptions {
  /** A landing page (/loppemarkeder-i-aarhus) is one type in one place already. */
  typeAndRegion?: boolean;
  /** The calendar has no use for "Åbent nu", nor for a position, which only sorts by distance. */
  openNow?: boolean;
  position?: boolean;
  /** The map has its own "Find markeder nær mig", which fills the same fields: one button, not two. */
  locateButton?: boolean;
}

/** Everything but the text and the sort order: type, area, date, setting, open now, free entry, position. */
export function FilterFields({
  formId,
  form,
  errors,
  typeAndRegion = true,
  openNow = true,
  position = true,
  locateButton = true,
  wide = false,
}: {
  formId: string;
  form: FilterForm;
  errors: Errors;
  /** Across the page (the map's form) rather than in a panel that is a narrow sidebar from lg up. */
  wide?: boolean;
} & FilterFieldOptions) {
  return (
    <div className="grid gap-4">
      {typeAndRegion ? (
        <fieldset aria-describedby={describedBy(errors, "type")}>
          <legend className={labelClass}>{t("markets.typeLegend")}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {MARKET_TYPE_INFO.map((type) => (
              <label
                key={type.key}
                className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-stone-400 px-3 py-1 text-sm has-checked:border-emerald-800 has-checked:bg-emerald-800 has-checked:text-white dark:border-stone-500 dark:has-checked:bg-emerald-300 dark:has-checked:text-stone-950"
              >
                <input type="checkbox" name="type" form={formId} value={type.slug} defaultChecked={form.types.includes(type.slug)} className="size-4" />
                {type.label}
              </label>
            ))}
          </div>
          <FieldError id="fejl-type" message={errors.type} />
        </fieldset>
      ) : null}

      <div className={`grid gap-4 sm:grid-cols-2 ${wide ? "lg:grid-cols-3" : "lg:grid-cols-1"}`}>
        {typeAndRegion ? (
          <Field name="omraade" label={t("markets.regionLabel")} error={errors.omraade}>
            <select id="omraade" name="omraade" form={formId} defaultValue={form.region} className={fieldClass} aria-describedby={describedBy(errors, "omraade")}>
              <RegionOptions />
            </select>
          </Field>
        ) : null}
        <Field name="dato" label={t("markets.dateLabel")} error={errors.dato}>
          <Choices formId={formId} name="dato" value={form.date} errors={errors} options={DATE_CHOICES} />
        </Field>
        <Field name="miljoe" label={t("markets.settingLabel")} error={errors.miljoe}>
          <Choices formId={formId} name="miljoe" value={form.setting} errors={errors} options={SETTING_CHOICES} />
        </Field>
      </div>

      {/* Shown by CSS (app.css) while "Vælg periode" is chosen, with or without JavaScript. */}
      <div className={`gap-4 sm:grid-cols-2 ${wide ? "" : "lg:grid-cols-1"}`} data-date-range data-has-errors={errors.fra || errors.til ? "" : undefined}>
        <Field name="fra" label={t("markets.dateFrom")} error={errors.fra}>
          <input id="fra" name="fra" form={formId} type="date" defaultValue={form.from} className={fieldClass} aria-describedby={describedBy(errors, "fra")} />
        </Field>
        <Field name="til" label={t("markets.dateTo")} error={errors.til}>
          <input id="til" name="til" form={formId} type="date" defaultValue={form.to} className={fieldClass} aria-describedby={describedBy(errors, "til")} />
        </Field>
      </div>

      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        {openNow ? (
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" name="aaben" form={formId} value="nu" defaultChecked={form.openNow} className="size-4" />
            {t("markets.openNow")}
          </label>
        ) : null}
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" name="gratis" form={formId} value="1" defaultChecked={form.free} className="size-4" />
          {t("markets.freeEntry")}
        </label>
        {position ? <LocationFields formId={formId} lat={form.lat} lng={form.lng} error={errors.position} button={locateButton} /> : null}
      </div>
      {/* The sort order's error ("share your position to sort by distance") stands by its remedy. */}
      {position ? <FieldError id="fejl-sorter" message={errors.sorter} /> : null}
    </div>
  );
}

const compactSelect = "rounded-lg border border-stone-400 bg-white px-2 py-2 text-base text-stone-900 sm:px-3 dark:border-stone-500 dark:bg-stone-900 dark:text-stone-50";

/**
 * The sort order beside the result count. With JavaScript a change shows the list in the new
 * order at once; without it the button beside it (or the search button) sends the form. Its error
 * is shown with the filters, by "Brug min placering" (FilterFields).
 */
export function SortField({ formId, value, error }: { formId: string; value: string; error?: string }) {
  return (
    <div className="flex min-w-0 flex-wrap items-center justify-end gap-2">
      {/* On the narrowest phones the label goes above the select rather than squeeze it. */}
      <div className="flex min-w-0 flex-wrap items-center justify-end gap-x-2 gap-y-1">
        <label htmlFor="sorter" className="text-sm font-semibold">
          {/* Short on a phone, where it shares a row with the "Filtrér" button; read out in full. */}
          <span aria-hidden="true" className="sm:hidden">
            {t("markets.sortShort")}
          </span>
          <span className="max-sm:sr-only">{t("markets.sortLabel")}</span>
        </label>
        <select
          id="sorter"
          name="sorter"
          form={formId}
          defaultValue={value}
          className={`${compactSelect} min-w-32`}
          aria-describedby={error ? "fejl-sorter" : undefined}
          data-submit-on-change
        >
          {SORT_CHOICES.map(([optionValue, label]) => (
            <option key={optionValue} value={optionValue}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <button type="submit" form={formId} className={buttonClass("secondary")}>
          {t("markets.sortShort")}
        </button>
      </noscript>
    </div>
  );
}

/**
 * Hidden position fields, filled from the browser's location when the visitor asks for it. The
 * button is in the server's HTML but hidden until the page's script shows it and makes it work
 * (app/progressive/filters.ts, data-locate).
 */
function LocationFields({ formId, lat, lng, error, button }: { formId: string; lat: string; lng: string; error?: string; button: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <input type="hidden" name="lat" form={formId} defaultValue={lat} />
      <input type="hidden" name="lng" form={formId} defaultValue={lng} />
      {button ? (
        <button type="button" form={formId} hidden data-locate className={buttonClass("secondary")}>
          {t("markets.useLocation")}
        </button>
      ) : null}
      {lat && lng ? <span className="text-sm text-stone-700 dark:text-stone-300">{t("markets.locationShared")}</span> : null}
      <span role="alert" data-locate-message className="text-sm font-medium text-red-700 empty:hidden dark:text-red-300">
        {error}
      </span>
    </span>
  );
}
