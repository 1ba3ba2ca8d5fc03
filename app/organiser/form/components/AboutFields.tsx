import { TextField } from "~/forms/TextField";
import type { SchemaField } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { MARKET_TYPE_INFO } from "../../../markets/market-types";
import { TextAreaField } from "~/forms/TextField";
import { ChoiceGroup } from "./form-parts";

const TYPE_CHOICES = MARKET_TYPE_INFO.map((type) => ({ value: type.key, label: type.name, description: type.description }));

/** "Om markedet": what kind of market, its name, and a description in plain text with paragraphs. */
export function AboutFields({ fields, firstInvalid }: { fields: Record<string, SchemaField>; firstInvalid?: string }) {
  return (
    <>
      <ChoiceGroup
        field={fields.type!}
        type="radio"
        legend={t("organiser.form.fields.type")}
        choices={TYPE_CHOICES}
        listClassName="grid gap-2 sm:grid-cols-2"
        cards
        autoFocus={firstInvalid === "type"}
      />
      <TextField field={fields.name!} type="text" label={t("organiser.form.fields.name")} hint={t("organiser.form.fields.nameHint")} autoFocus={firstInvalid === "name"} />
      <TextAreaField
        field={fields.description!}
        label={t("organiser.form.fields.description")}
        hint={t("organiser.form.fields.descriptionHint")}
        rows={8}
        autoFocus={firstInvalid === "description"}
      />
    </>
  );
}
