import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/form-fields";
import { TextField } from "~/forms/TextField";
import { useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { FIELD_IDS, SETTINGS_FORMS } from "../settings-forms";
import { PanelSection } from "~/components/ui/panel-section";
import { IntentInput } from "./form-parts";

export function NameForm({ name, reply, constraint }: { name: string; reply: unknown; constraint: FormConstraint }) {
  const { fields, formProps } = useSchemaForm<{ name: string }>({
    id: SETTINGS_FORMS.name,
    reply,
    constraint,
    schema: () => import("./settings-schemas").then((module) => module.nameSchema),
    defaultValue: { name },
  });
  return (
    <PanelSection id="profil" heading={t("settings.name.heading")} intro={t("settings.name.intro")}>
      <Form method="post" {...formProps} className="grid gap-4">
        <IntentInput intent="name" />
        <TextField className="max-w-md" field={fields.name} id={FIELD_IDS.name} label={t("settings.name.label")} autoComplete="name" />
        <div>
          <SubmitButton intent="name" label={t("settings.name.submit")} pendingLabel={t("settings.saving")} />
        </div>
      </Form>
    </PanelSection>
  );
}
