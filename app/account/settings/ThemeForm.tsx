import { Form } from "react-router";
import { FieldError, SubmitButton, labelClass } from "~/components/ui/form-fields";
import { useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { THEMES, type Theme } from "~/theme/theme";
import { SETTINGS_FORMS } from "../settings-forms";
import { PanelSection } from "~/components/ui/panel-section";
import { IntentInput } from "./form-parts";

const THEME_LABELS: Record<Theme, string> = {
  light: t("settings.theme.light"),
  dark: t("settings.theme.dark"),
  system: t("settings.theme.system"),
};

/** The first is FIELD_IDS.theme, where the summary points. */
const THEME_IDS: Record<Theme, string> = { light: "tema-lys", dark: "tema-moerk", system: "tema-system" };

const ERROR_ID = "tema-fejl";

export function ThemeForm({ theme, reply, constraint }: { theme: Theme; reply: unknown; constraint: FormConstraint }) {
  const { fields, formProps } = useSchemaForm<{ theme: Theme }>({
    id: SETTINGS_FORMS.theme,
    reply,
    constraint,
    schema: () => import("./settings-schemas").then((module) => module.themeSchema),
  });
  const error = fields.theme.errors?.[0];
  const chosen = typeof fields.theme.initialValue === "string" ? fields.theme.initialValue : theme;
  return (
    <PanelSection id="tema" heading={t("settings.theme.heading")} intro={t("settings.theme.intro")}>
      {/* The key makes the radios follow a change made with the header's switcher. */}
      <Form method="post" {...formProps} className="grid gap-4" key={theme}>
        <IntentInput intent="theme" />
        <fieldset aria-describedby={error ? ERROR_ID : undefined}>
          <legend className={labelClass}>{t("settings.theme.legend")}</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {THEMES.map((option) => (
              <label key={option} htmlFor={THEME_IDS[option]} className="inline-flex items-center gap-2">
                {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- marked on each radio, where a screen reader is, as every wrong field is (decision 0018) */}
                <input
                  id={THEME_IDS[option]}
                  type="radio"
                  name={fields.theme.name}
                  value={option}
                  defaultChecked={chosen === option}
                  required={fields.theme.required}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? ERROR_ID : undefined}
                  className="size-4"
                />
                {THEME_LABELS[option]}
              </label>
            ))}
          </div>
          <FieldError id={ERROR_ID} message={error} />
        </fieldset>
        <div>
          <SubmitButton intent="theme" label={t("settings.theme.submit")} pendingLabel={t("settings.saving")} />
        </div>
      </Form>
    </PanelSection>
  );
}
