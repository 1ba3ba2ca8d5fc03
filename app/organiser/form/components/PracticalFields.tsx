import { useState } from "react";
import { TextField } from "~/forms/TextField";
import type { SchemaField } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { FACILITY_LABELS } from "../../../markets/facilities";
import { FACILITIES } from "../../../markets/types";
import { TextAreaField } from "~/forms/TextField";
import { ChoiceGroup } from "./form-parts";

const ENTRY_CHOICES = [
  { value: "", label: t("organiser.form.entry.unknown") },
  { value: "gratis", label: t("organiser.form.entry.free") },
  { value: "beloeb", label: t("organiser.form.entry.amount") },
  { value: "tekst", label: t("organiser.form.entry.text") },
];

const SETTING_CHOICES = [
  { value: "", label: t("organiser.form.setting.unknown") },
  { value: "indoor", label: t("markets.indoor") },
  { value: "outdoor", label: t("markets.outdoor") },
  { value: "both", label: t("markets.both") },
];

const FACILITY_CHOICES = FACILITIES.map((facility) => ({ value: facility, label: FACILITY_LABELS[facility] }));

const initialText = (field: SchemaField) => (typeof field.initialValue === "string" ? field.initialValue : "");

/**
 * "Praktisk": the entry (free, an amount or a text of one's own), the stalls, the facilities and
 * whether it is inside or out. The amount and the text show with their choice when there is
 * JavaScript; without it both are there, and the choice decides which one counts.
 */
export function PracticalFields({ fields, firstInvalid }: { fields: Record<string, SchemaField>; firstInvalid?: string }) {
  const hydrated = useHydrated();
  const [entry, setEntry] = useState(initialText(fields.entry!));
  const shows = (kind: string) => !hydrated || entry === kind;
  return (
    <>
      <ChoiceGroup
        field={fields.entry!}
        type="radio"
        legend={t("organiser.form.entry.legend")}
        choices={ENTRY_CHOICES}
        emptyValue=""
        onChoose={setEntry}
        autoFocus={firstInvalid === "entry"}
        listClassName="grid gap-1 sm:grid-cols-2"
      />
      <div hidden={!shows("beloeb")}>
        <TextField
          field={fields.entryFeeDkk!}
          type="text"
          inputMode="decimal"
          label={t("organiser.form.fields.entryFeeDkk")}
          hint={t("organiser.form.fields.entryFeeDkkHint")}
          className="sm:max-w-40"
          autoFocus={firstInvalid === "entryFeeDkk"}
        />
      </div>
      <div hidden={!shows("tekst")}>
        <TextField
          field={fields.entryFeeText!}
          type="text"
          label={t("organiser.form.fields.entryFeeText")}
          hint={t("organiser.form.fields.entryFeeTextHint")}
          autoFocus={firstInvalid === "entryFeeText"}
        />
      </div>

      <fieldset className="grid gap-5 rounded-xl border border-stone-300 p-4 dark:border-stone-700">
        <legend className="px-1 text-lg font-semibold">{t("organiser.form.stalls.legend")}</legend>
        <TextField
          field={fields.stallPriceText!}
          type="text"
          label={t("organiser.form.fields.stallPriceText")}
          hint={t("organiser.form.fields.stallPriceTextHint")}
          autoFocus={firstInvalid === "stallPriceText"}
        />
        <TextField
          field={fields.stallCount!}
          type="text"
          inputMode="numeric"
          label={t("organiser.form.fields.stallCount")}
          className="sm:max-w-40"
          autoFocus={firstInvalid === "stallCount"}
        />
        <TextAreaField
          field={fields.bookingInfo!}
          label={t("organiser.form.fields.bookingInfo")}
          hint={t("organiser.form.fields.bookingInfoHint")}
          rows={3}
          autoFocus={firstInvalid === "bookingInfo"}
        />
      </fieldset>

      <ChoiceGroup
        field={fields.facilities!}
        type="checkbox"
        legend={t("organiser.form.fields.facilities")}
        choices={FACILITY_CHOICES}
        listClassName="grid gap-1 sm:grid-cols-2"
        autoFocus={firstInvalid === "facilities"}
      />
      <ChoiceGroup
        field={fields.setting!}
        type="radio"
        legend={t("organiser.form.setting.legend")}
        choices={SETTING_CHOICES}
        emptyValue=""
        listClassName="grid gap-1 sm:grid-cols-2"
        autoFocus={firstInvalid === "setting"}
      />
    </>
  );
}
