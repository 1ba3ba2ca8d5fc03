import { useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FieldError, fieldClass, labelClass } from "~/components/ui/form-fields";
import { t } from "~/lib/i18n";
import type { FilterField, FilterForm } from "../filter-form";
import { MARKET_TYPE_INFO } from "../market-types";
import { REGION_GROUPS } from "../regions";

/** A labelled control with its Danish error underneath (ids: the control's name, "fejl-" + name). */
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

const DATE_CHOICES: [string, string][] = [
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

function Choices({ name, value, describedBy, options }: { name: FilterField; value: string; describedBy?: string; options: [string, string][] }) {
  return (
    <select id={name} name={name} defaultValue={value} className={fieldClass} aria-describedby={describedBy}>
      {options.map(([optionValue, label]) => (
        <option key={optionValue} value={optionValue}>
          {label}
        </option>
      ))}
    </select>
  );
}

/**
 * The filters of the market list as a plain GET form: every choice ends up in the URL, and it
 * works the same without JavaScript. Only "Brug min placering" needs the browser.
 */
export function MarketFilterForm({
  action,
  form,
  errors,
  showText = true,
  showOpenNow = true,
  showSort = true,
  showTypeAndRegion = true,
  hidden = {},
}: {
  action: string;
  form: FilterForm;
  errors: Partial<Record<FilterField, string>>;
  showText?: boolean;
  /** The calendar has no use for "Åbent nu" or a sort order. */
  showOpenNow?: boolean;
  showSort?: boolean;
  /** A landing page (/loppemarkeder-i-aarhus) is one type in one place already. */
  showTypeAndRegion?: boolean;
  /** Page state that a new search keeps, such as the calendar's month and view. */
  hidden?: Record<string, string>;
}) {
  const describedBy = (field: FilterField) => (errors[field] ? `fejl-${field}` : undefined);
  return (
    <Form method="get" action={action} className="grid gap-4" aria-label={t("markets.filtersHeading")}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {showText ? (
        <div>
          <label htmlFor="q" className={labelClass}>
            {t("markets.searchLabel")}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={form.q}
              placeholder={t("markets.searchPlaceholder")}
              maxLength={100}
              className={`${fieldClass} mt-0`}
            />
            <button type="submit" className={buttonClass("primary")}>
              {t("markets.searchButton")}
            </button>
          </div>
        </div>
      ) : null}

      {showTypeAndRegion ? (
        <fieldset aria-describedby={describedBy("type")}>
          <legend className={labelClass}>{t("markets.typeLegend")}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {MARKET_TYPE_INFO.map((type) => (
              <label
                key={type.key}
                className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-stone-400 px-3 py-1 text-sm has-checked:border-emerald-800 has-checked:bg-emerald-800 has-checked:text-white dark:border-stone-500 dark:has-checked:bg-emerald-300 dark:has-checked:text-stone-950"
              >
                <input type="checkbox" name="type" value={type.slug} defaultChecked={form.types.includes(type.slug)} className="size-4" />
                {type.label}
              </label>
            ))}
          </div>
          <FieldError id="fejl-type" message={errors.type} />
        </fieldset>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {showTypeAndRegion ? (
          <Field name="omraade" label={t("markets.regionLabel")} error={errors.omraade}>
            <select id="omraade" name="omraade" defaultValue={form.region} className={fieldClass} aria-describedby={describedBy("omraade")}>
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
            </select>
          </Field>
        ) : null}
        <Field name="dato" label={t("markets.dateLabel")} error={errors.dato}>
          <Choices name="dato" value={form.date} describedBy={describedBy("dato")} options={DATE_CHOICES} />
        </Field>
        <Field name="miljoe" label={t("markets.settingLabel")} error={errors.miljoe}>
          <Choices name="miljoe" value={form.setting} describedBy={describedBy("miljoe")} options={SETTING_CHOICES} />
        </Field>
        {showSort ? (
          <Field name="sorter" label={t("markets.sortLabel")} error={errors.sorter}>
            <Choices name="sorter" value={form.sort} describedBy={describedBy("sorter")} options={SORT_CHOICES} />
          </Field>
        ) : null}
      </div>

      {/* Shown by CSS (app.css) while "Vælg periode" is chosen, with or without JavaScript. */}
      <div className="gap-4 sm:grid-cols-2" data-date-range data-has-errors={errors.fra || errors.til ? "" : undefined}>
        <Field name="fra" label={t("markets.dateFrom")} error={errors.fra}>
          <input id="fra" name="fra" type="date" defaultValue={form.from} className={fieldClass} aria-describedby={describedBy("fra")} />
        </Field>
        <Field name="til" label={t("markets.dateTo")} error={errors.til}>
          <input id="til" name="til" type="date" defaultValue={form.to} className={fieldClass} aria-describedby={describedBy("til")} />
        </Field>
      </div>

      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        {showOpenNow ? (
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" name="aaben" value="nu" defaultChecked={form.openNow} className="size-4" />
            {t("markets.openNow")}
          </label>
        ) : null}
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" name="gratis" value="1" defaultChecked={form.free} className="size-4" />
          {t("markets.freeEntry")}
        </label>
        {showSort ? <LocationFields lat={form.lat} lng={form.lng} error={errors.position} /> : null}
        {showText ? null : (
          <button type="submit" className={buttonClass("primary")}>
            {t("markets.searchButton")}
          </button>
        )}
      </div>
    </Form>
  );
}

/** Hidden position fields, filled from the browser's location when the visitor asks for it. */
function LocationFields({ lat, lng, error }: { lat: string; lng: string; error?: string }) {
  const latRef = useRef<HTMLInputElement>(null);
  const lngRef = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState(error ?? "");
  const [shared, setShared] = useState(Boolean(lat && lng));
  const hydrated = useHydrated();
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <input ref={latRef} type="hidden" name="lat" defaultValue={lat} />
      <input ref={lngRef} type="hidden" name="lng" defaultValue={lng} />
      {hydrated ? (
      <button
        type="button"
        className={buttonClass("secondary")}
        onClick={(event) => {
          const form = event.currentTarget.form;
          if (!("geolocation" in navigator) || !form) {
            setMessage(t("markets.locationUnavailable"));
            return;
          }
          navigator.geolocation.getCurrentPosition(
            (position) => {
              latRef.current!.value = position.coords.latitude.toFixed(4);
              lngRef.current!.value = position.coords.longitude.toFixed(4);
              const sort = form.elements.namedItem("sorter") as HTMLSelectElement | null;
              if (sort) sort.value = "afstand";
              setShared(true);
              setMessage("");
              form.requestSubmit();
            },
            (failure) =>
              setMessage(failure.code === failure.PERMISSION_DENIED ? t("markets.locationDenied") : t("markets.locationUnavailable")),
            { timeout: 10_000, maximumAge: 300_000 },
          );
        }}
      >
        {t("markets.useLocation")}
      </button>
      ) : null}
      {shared ? <span className="text-sm text-stone-700 dark:text-stone-300">{t("markets.locationShared")}</span> : null}
      {message ? (
        <span role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {message}
        </span>
      ) : null}
    </span>
  );
}
