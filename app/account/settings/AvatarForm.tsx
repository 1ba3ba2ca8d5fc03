import { Form } from "react-router";
import { FieldError, SubmitButton, hintClass, labelClass } from "~/components/ui/form-fields";
import { useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { FIELD_IDS, SETTINGS_FORMS } from "../settings-forms";
import { PanelSection } from "~/components/ui/panel-section";
import { IntentInput } from "./form-parts";

/** What the picture field offers to choose; the server decides by decoding the file, whatever it says it is. */
const PICTURE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";

export function AvatarForm({ name, avatar, reply, constraint }: { name: string; avatar: { src: string; srcSet: string } | null; reply: unknown; constraint: FormConstraint }) {
  const { fields, formProps } = useSchemaForm<{ avatar: File }>({
    id: SETTINGS_FORMS.avatar,
    reply,
    constraint,
    schema: () => import("./settings-schemas").then((module) => module.avatarSchema),
  });
  const error = fields.avatar.errors?.[0];
  const initial = name.trim().charAt(0).toUpperCase() || "?";
  return (
    <PanelSection id="profilbillede" heading={t("settings.avatar.heading")} intro={t("settings.avatar.intro")}>
      <div className="flex flex-wrap items-center gap-4">
        {avatar ? (
          <img src={avatar.src} srcSet={avatar.srcSet} sizes="96px" width={96} height={96} alt={t("settings.avatar.currentAlt")} className="size-24 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="grid size-24 place-items-center rounded-full bg-emerald-800 text-4xl font-bold text-white dark:bg-emerald-300 dark:text-stone-950">
            {initial}
          </span>
        )}
        <p className="text-stone-700 dark:text-stone-300">{avatar ? t("settings.avatar.hasAvatar") : t("settings.avatar.noAvatar")}</p>
      </div>
      <Form method="post" encType="multipart/form-data" {...formProps} className="mt-4 grid gap-4">
        <IntentInput intent="avatar" />
        <div>
          <label htmlFor={FIELD_IDS.avatar} className={labelClass}>
            {t("settings.avatar.label")}
          </label>
          <p id="profilbillede-hint" className={hintClass}>
            {t("settings.avatar.hint")}
          </p>
          <input
            id={FIELD_IDS.avatar}
            name={fields.avatar.name}
            type="file"
            accept={PICTURE_TYPES}
            required={fields.avatar.required}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `profilbillede-hint ${FIELD_IDS.avatar}-fejl` : "profilbillede-hint"}
            className="mt-2 block w-full max-w-md text-base file:mr-3 file:rounded-lg file:border file:border-stone-400 file:bg-white file:px-3 file:py-2 file:font-medium file:text-stone-900 dark:file:border-stone-500 dark:file:bg-stone-800 dark:file:text-stone-50"
          />
          <FieldError id={`${FIELD_IDS.avatar}-fejl`} message={error} />
        </div>
        <div>
          <SubmitButton intent="avatar" label={t("settings.avatar.submit")} pendingLabel={t("settings.uploading")} />
        </div>
      </Form>
      {avatar ? (
        <Form method="post" className="mt-3">
          <IntentInput intent="avatar-remove" />
          <SubmitButton intent="avatar-remove" variant="secondary" label={t("settings.avatar.remove")} pendingLabel={t("settings.saving")} />
        </Form>
      ) : null}
    </PanelSection>
  );
}
