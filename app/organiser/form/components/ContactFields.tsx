import { TextField } from "~/forms/TextField";
import type { SchemaField } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";

/** "Kontakt": how visitors and stallholders reach the organiser; every field may be left out. */
export function ContactFields({ fields, firstInvalid }: { fields: Record<string, SchemaField>; firstInvalid?: string }) {
  return (
    <>
      <TextField
        field={fields.website!}
        type="text"
        inputMode="url"
        label={t("organiser.form.fields.website")}
        hint={t("organiser.form.fields.websiteHint")}
        autoComplete="url"
        autoFocus={firstInvalid === "website"}
      />
      <TextField field={fields.email!} type="email" label={t("organiser.form.fields.email")} autoComplete="email" autoFocus={firstInvalid === "email"} />
      <TextField field={fields.phone!} type="tel" label={t("organiser.form.fields.phone")} autoComplete="tel" autoFocus={firstInvalid === "phone"} />
      <TextField
        field={fields.facebook!}
        type="text"
        inputMode="url"
        label={t("organiser.form.fields.facebook")}
        hint={t("organiser.form.fields.facebookHint")}
        autoFocus={firstInvalid === "facebook"}
      />
    </>
  );
}
