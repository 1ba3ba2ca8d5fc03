import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/ui/form-fields";
import { TextField } from "~/forms/TextField";
import { useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { FIELD_IDS, SETTINGS_FORMS } from "../settings-forms";
import { FormError, PanelSection } from "~/components/ui/panel-section";
import { IntentInput } from "./form-parts";

type PasswordFields = {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
  revokeOtherSessions: boolean;
};

export function PasswordForm({
  hasPassword,
  passwordMin,
  reply,
  constraint,
}: {
  hasPassword: boolean;
  /** The shortest new password (LIMITS.passwordMin), for the hint. */
  passwordMin: number;
  reply: unknown;
  constraint: FormConstraint;
}) {
  const { form, fields, formProps } = useSchemaForm<PasswordFields>({
    id: SETTINGS_FORMS.password,
    reply,
    constraint,
    schema: () => import("./settings-schemas").then((module) => module.passwordSchema),
  });
  if (!hasPassword) {
    return (
      <PanelSection id="adgangskode" heading={t("settings.password.heading")}>
        <p>{t("settings.password.noPassword")}</p>
        <p className="mt-3">
          <Link to="/forgot-password">{t("settings.password.choosePassword")}</Link>
        </p>
      </PanelSection>
    );
  }
  // The server never sends a password back (hideFields): after a post without JavaScript they are typed again.
  const revoke = fields.revokeOtherSessions;
  return (
    <PanelSection id="adgangskode" heading={t("settings.password.heading")} intro={t("settings.password.intro")}>
      <FormError message={form.errors?.[0]} />
      <Form method="post" {...formProps} className="grid gap-4">
        <IntentInput intent="password" />
        {/* Password managers file the new password under the account's address. */}
        <TextField
          className="max-w-md"
          field={fields.currentPassword}
          id={FIELD_IDS.currentPassword}
          type="password"
          label={t("settings.password.current")}
          autoComplete="current-password"
        />
        <TextField
          className="max-w-md"
          field={fields.newPassword}
          id={FIELD_IDS.newPassword}
          type="password"
          label={t("settings.password.new")}
          hint={t("settings.password.newHint", { min: passwordMin })}
          autoComplete="new-password"
        />
        <TextField
          className="max-w-md"
          field={fields.confirmPassword}
          id={FIELD_IDS.confirmPassword}
          type="password"
          label={t("settings.password.confirm")}
          autoComplete="new-password"
        />
        <label htmlFor={FIELD_IDS.revokeOtherSessions} className="inline-flex items-center gap-2">
          <input id={FIELD_IDS.revokeOtherSessions} type="checkbox" name={revoke.name} defaultChecked={revoke.initialValue === "on"} className="size-4" />
          {t("settings.password.revokeOthers")}
        </label>
        <div>
          <SubmitButton intent="password" label={t("settings.password.submit")} pendingLabel={t("settings.saving")} />
        </div>
      </Form>
    </PanelSection>
  );
}
