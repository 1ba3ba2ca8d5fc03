import { useState } from "react";
import { FieldError, hintClass } from "~/components/ui/form-fields";
import { t } from "~/lib/i18n";
import { CHOICE_LIMITS, CHOICE_WEEKDAYS, type ScheduleFormValues } from "../schedule-choice-values";
import { ChoiceGroup, InputField, SelectField, TimeFields, errorId, groupClass, legendClass, smallButtonClass, useFieldError } from "./schedule-field-parts";
import { MONTH_NAMES, ORDINAL_OPTIONS, WEEKDAY_NAMES, WEEKDAY_OPTIONS, dayInARow } from "./schedule-words";
import { range, useRows } from "./use-rows";

/*
 * The fields of each kind of schedule. Without JavaScript every list offers a few empty rows; with
 * it, the rows in use and a button for another (which starts with the hours of the row above).
 */

const TIME_LABELS = { opens: t("organiser.schedule.fields.opens"), closes: t("organiser.schedule.fields.closes") };

/** Empty rows offered without JavaScript. */
const PLAIN_ROWS = { dates: 6, days: 7, cancelled: 3 };

const isFilled = (row: object | undefined) => !!row && Object.values(row).some((value) => typeof value === "string" && value.trim() !== "");
const filledRows = (rows: (object | undefined)[] | undefined) => (rows ?? []).flatMap((row, index) => (isFilled(row) ? [index] : []));

const inputValue = (id: string) => (document.getElementById(id) as HTMLInputElement | null)?.value ?? "";
const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

interface KindProps<Key extends keyof ScheduleFormValues> {
  values: ScheduleFormValues[Key];
  hydrated: boolean;
}

export function OneDateFields({ values }: KindProps<"enkelt">) {
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <InputField name="enkelt.dato" type="date" label={t("organiser.schedule.fields.date")} value={values?.dato} />
      <TimeFields prefix="enkelt" values={values} labels={TIME_LABELS} />
    </div>
  );
}

/** Rows of a date and its hours. */
export function SeveralDatesFields({ values, hydrated }: KindProps<"datoer">) {
  const list = useRows({ hydrated, filled: filledRows(values), plain: PLAIN_ROWS.dates, minimum: 1, limit: CHOICE_LIMITS.dates });
  const [added, setAdded] = useState<Record<number, { aabner: string; lukker: string }>>({});
  const { error: listError } = useFieldError("datoer", { focusable: false });
  function add() {
    const last = list.rows.at(-1);
    const index = list.add();
    if (last !== undefined) setAdded({ ...added, [index]: { aabner: inputValue(`datoer[${last}].aabner`), lukker: inputValue(`datoer[${last}].lukker`) } });
    focusSoon(`datoer[${index}].dato`);
  }
  return (
    <div className="space-y-3">
      <p className={hintClass}>{t("organiser.schedule.dates.hint")}</p>
      <FieldError id={errorId("datoer")} message={listError} />
      {list.rows.map((index, position) => (
        <fieldset key={index} className={groupClass}>
          <legend className={legendClass}>{t("organiser.schedule.dates.row", { n: position + 1 })}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <InputField name={`datoer[${index}].dato`} type="date" label={t("organiser.schedule.fields.date")} value={values?.[index]?.dato} />
            <TimeFields prefix={`datoer[${index}]`} values={values?.[index] ?? added[index]} labels={TIME_LABELS} />
          </div>
          {hydrated && list.rows.length > 1 ? (
            <button type="button" className={`${smallButtonClass} mt-3`} onClick={() => list.remove(index)}>
              {t("organiser.schedule.dates.remove", { n: position + 1 })}
            </button>
          ) : null}
        </fieldset>
      ))}
      {hydrated && list.rows.length < CHOICE_LIMITS.dates ? (
        <button type="button" className={smallButtonClass} onClick={add}>
          {t("organiser.schedule.dates.add")}
        </button>
      ) : null}
    </div>
  );
}

/** A first day, and the hours of each day from it; the rows follow each other without gaps. */
export function DaysInARowFields({ values, hydrated }: KindProps<"dage">) {
  const [first, setFirst] = useState(values?.fra);
  const filled = filledRows(values?.tider);
  const lastFilled = Math.max(-1, ...filled);
  const [count, setCount] = useState<number | null>(null);
  // Without JavaScript: a week's rows, and one more after the last filled, up to the longest event.
  const shown = !hydrated ? Math.max(PLAIN_ROWS.days, Math.min(CHOICE_LIMITS.days, lastFilled + 2)) : (count ?? Math.max(2, lastFilled + 1));
  const [added, setAdded] = useState<Record<number, { aabner: string; lukker: string }>>({});
  const { error: listError } = useFieldError("dage.tider", { focusable: false });
  function add() {
    const last = shown - 1;
    setAdded({ ...added, [shown]: { aabner: inputValue(`dage.tider[${last}].aabner`), lukker: inputValue(`dage.tider[${last}].lukker`) } });
    setCount(shown + 1);
    focusSoon(`dage.tider[${shown}].aabner`);
  }
  return (
    <div className="space-y-3">
      <InputField
        name="dage.fra"
        type="date"
        label={t("organiser.schedule.days.first")}
        value={values?.fra}
        onInput={(event) => setFirst(event.currentTarget.value)}
        className="sm:max-w-xs"
      />
      <p className={hintClass}>{t("organiser.schedule.days.hint", { max: CHOICE_LIMITS.days })}</p>
      <FieldError id={errorId("dage.tider")} message={listError} />
      {range(shown).map((index) => {
        const date = dayInARow(first, index);
        return (
          <fieldset key={index} className={groupClass}>
            <legend className={legendClass}>{date ? t("organiser.schedule.days.dayOn", { n: index + 1, date }) : t("organiser.schedule.days.day", { n: index + 1 })}</legend>
            <div className="mt-2">
              <TimeFields prefix={`dage.tider[${index}]`} values={values?.tider?.[index] ?? added[index]} labels={TIME_LABELS} />
            </div>
          </fieldset>
        );
      })}
      {hydrated ? (
        <div className="flex flex-wrap gap-3">
          {shown < CHOICE_LIMITS.days ? (
            <button type="button" className={smallButtonClass} onClick={add}>
              {t("organiser.schedule.days.add")}
            </button>
          ) : null}
          {shown > 2 ? (
            <button type="button" className={smallButtonClass} onClick={() => setCount(shown - 1)}>
              {t("organiser.schedule.days.removeLast")}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Every week or every other week on chosen days, or the nth weekday of the month; a season, a period, times, cancelled dates. */
export function RuleFields({ values, hydrated, level }: KindProps<"regel"> & { level: 3 | 4 | 5 }) {
  const [repeat, setRepeat] = useState(values?.gentagelse ?? "uge");
  const SubHeading = `h${level}` as const;
  const cancelled = useRows({ hydrated, filled: filledRows(values?.aflyst), plain: PLAIN_ROWS.cancelled, minimum: 0, limit: CHOICE_LIMITS.cancelled });
  const { error: cancelledError } = useFieldError("regel.aflyst", { focusable: false });
  const monthOptions = [["", t("organiser.schedule.rule.noMonth")] as const, ...MONTH_NAMES.map((name, index) => [String(index + 1), name] as const)];
  function addCancelled() {
    const index = cancelled.add();
    focusSoon(`regel.aflyst[${index}].dato`);
  }
  return (
    <div className="space-y-5">
      <ChoiceGroup
        name="regel.gentagelse"
        legend={t("organiser.schedule.rule.repeat")}
        type="radio"
        chosen={[values?.gentagelse ?? "uge"]}
        onChoose={setRepeat}
        options={[
          { value: "uge", label: t("organiser.schedule.rule.weekly") },
          { value: "maaned", label: t("organiser.schedule.rule.monthly") },
        ]}
      />
      <div hidden={hydrated && repeat !== "uge"} className="space-y-4">
        {hydrated ? null : <SubHeading className="text-base font-semibold">{t("organiser.schedule.rule.weekly")}</SubHeading>}
        <ChoiceGroup
          name="regel.interval"
          legend={t("organiser.schedule.rule.interval")}
          type="radio"
          chosen={[values?.interval ?? "1"]}
          options={[
            { value: "1", label: t("organiser.schedule.rule.everyWeek") },
            { value: "2", label: t("organiser.schedule.rule.everyOtherWeek") },
          ]}
        />
        <ChoiceGroup name="regel.ugedage" legend={t("organiser.schedule.rule.weekdays")} type="checkbox" chosen={asList(values?.ugedage)} options={WEEKDAY_OPTIONS} />
      </div>
      <div hidden={hydrated && repeat !== "maaned"} className="space-y-4">
        {hydrated ? null : <SubHeading className="text-base font-semibold">{t("organiser.schedule.rule.monthly")}</SubHeading>}
        <ChoiceGroup name="regel.numre" legend={t("organiser.schedule.rule.ordinals")} type="checkbox" chosen={asList(values?.numre)} options={ORDINAL_OPTIONS} />
        <SelectField
          name="regel.ugedag"
          label={t("organiser.schedule.rule.weekday")}
          value={values?.ugedag}
          options={[["", t("organiser.schedule.rule.chooseWeekday")], ...CHOICE_WEEKDAYS.map((day) => [day, WEEKDAY_NAMES[day]] as const)]}
          className="sm:max-w-xs"
        />
      </div>

      <fieldset aria-describedby="regel-saeson-hint">
        <legend className={legendClass}>{t("organiser.schedule.rule.season")}</legend>
        <p id="regel-saeson-hint" className={hintClass}>
          {t("organiser.schedule.rule.seasonHint")}
        </p>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          <SelectField name="regel.saesonFra" label={t("organiser.schedule.rule.seasonFrom")} value={values?.saesonFra} options={monthOptions} />
          <SelectField name="regel.saesonTil" label={t("organiser.schedule.rule.seasonTo")} value={values?.saesonTil} options={monthOptions} />
        </div>
      </fieldset>

      <fieldset>
        <legend className={legendClass}>{t("organiser.schedule.rule.period")}</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          <InputField name="regel.fra" type="date" label={t("organiser.schedule.rule.first")} hint={t("organiser.schedule.rule.firstHint")} value={values?.fra} />
          <InputField name="regel.til" type="date" label={t("organiser.schedule.rule.last")} hint={t("organiser.schedule.rule.lastHint")} value={values?.til} />
        </div>
      </fieldset>

      <fieldset>
        <legend className={legendClass}>{t("organiser.schedule.rule.times")}</legend>
        <div className="mt-2 sm:max-w-md">
          <TimeFields prefix="regel" values={values} labels={TIME_LABELS} />
        </div>
      </fieldset>

      <fieldset aria-describedby="regel-aflyst-hint" className="space-y-3">
        <legend className={legendClass}>{t("organiser.schedule.rule.cancelled")}</legend>
        <p id="regel-aflyst-hint" className={hintClass}>
          {t("organiser.schedule.rule.cancelledHint")}
        </p>
        <FieldError id={errorId("regel.aflyst")} message={cancelledError} />
        {cancelled.rows.map((index, position) => (
          <div key={index} className={`${groupClass} grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]`}>
            <InputField
              name={`regel.aflyst[${index}].dato`}
              type="date"
              label={t("organiser.schedule.rule.cancelledDate", { n: position + 1 })}
              value={values?.aflyst?.[index]?.dato}
            />
            <InputField
              name={`regel.aflyst[${index}].note`}
              type="text"
              label={t("organiser.schedule.rule.cancelledNote")}
              value={values?.aflyst?.[index]?.note}
              maxLength={CHOICE_LIMITS.note}
            />
            {hydrated ? (
              <button type="button" className={`${smallButtonClass} sm:col-span-2 sm:justify-self-start`} onClick={() => cancelled.remove(index)}>
                {t("organiser.schedule.rule.removeCancelled", { n: position + 1 })}
              </button>
            ) : null}
          </div>
        ))}
        {hydrated && cancelled.rows.length < CHOICE_LIMITS.cancelled ? (
          <button type="button" className={smallButtonClass} onClick={addCancelled}>
            {t("organiser.schedule.rule.addCancelled")}
          </button>
        ) : null}
      </fieldset>
    </div>
  );
}

/** A shop's week: each day's opening and closing time, or closed. */
export function WeekFields({ values }: KindProps<"aabningstider">) {
  return (
    <div className="space-y-3">
      <p className={hintClass}>{t("organiser.schedule.week.hint")}</p>
      {CHOICE_WEEKDAYS.map((day) => {
        const row = values?.[day];
        const closed = `aabningstider.${day}.lukket`;
        return (
          <fieldset key={day} className={groupClass}>
            <legend className={legendClass}>{WEEKDAY_NAMES[day]}</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
              <TimeFields prefix={`aabningstider.${day}`} values={row} labels={TIME_LABELS} />
              <label htmlFor={closed} className="flex min-h-11 cursor-pointer items-center gap-2 sm:mb-0.5">
                <input id={closed} type="checkbox" name={closed} value="on" defaultChecked={!!row?.lukket} className="size-5 accent-emerald-800 dark:accent-emerald-300" />
                {t("organiser.schedule.week.closed")}
              </label>
            </div>
          </fieldset>
        );
      })}
      <InputField
        name="aabningstider.fra"
        type="date"
        label={t("organiser.schedule.week.from")}
        hint={t("organiser.schedule.week.fromHint")}
        value={values?.fra}
        className="sm:max-w-xs"
      />
    </div>
  );
}
