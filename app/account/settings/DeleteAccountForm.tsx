import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/form-fields";
import { TextField } from "~/forms/TextField";
import { useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { FIELD_IDS, SETTINGS_FORMS } from "../settings-forms";
import { FormError, PanelSection } from "~/components/ui/panel-section";
import { IntentInput } from "./form-parts";

export function DeleteAccountForm({ email, hasPassword, reply, constraint }: { email: string; hasPassword: boolean; reply: unknown; constraint: FormConstraint }) {
  const { form, fields, formProps } = useSchemaForm<{ password: string; confirmEmail: string }>({
    id: SETTINGS_FORMS.delete,
    reply,
    constraint,
    // Without a password the address is typed as shown: the browser knows it, and checks it before sending.
    schema: () => import("./settings-schemas").then((module) => module.deleteAccountSchema({ hasPassword, email })),
  });
  return (
    <PanelSection id="slet-konto" heading={t("settings.delete.heading")} tone="danger" intro={t("settings.delete.intro")}>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t("settings.delete.consequencePersonal")}</li>
        <li>{t("settings.delete.consequenceSessions")}</li>
        <li>{t("settings.delete.consequenceMarkets")}</li>
        <li>{t("settings.delete.consequencePosts")}</li>
      </ul>
      <p className="mt-3 font-semibold">{t("settings.delete.irreversible")}</p>
      <FormError message={form.errors?.[0]} />
      <Form method="post" {...formProps} className="mt-4 grid gap-4">
        <IntentInput intent="delete" />
        {hasPassword ? (
          <TextField
            className="max-w-md"
            field={fields.password}
            id={FIELD_IDS.password}
            type="password"
            label={t("settings.delete.passwordLabel")}
            autoComplete="current-password"
          />
        ) : (
          <TextField
            className="max-w-md"
            field={fields.confirmEmail}
            id={FIELD_IDS.confirmEmail}
            type="email"
            label={t("settings.delete.emailLabel", { email })}
            hint={t("settings.delete.emailHint")}
            autoComplete="off"
          />
        )}
        <div>
          <SubmitButton intent="delete" variant="danger" label={t("settings.delete.submit")} pendingLabel={t("settings.deleting")} />
        </div>
      </Form>
    </PanelSection>
  );
}
