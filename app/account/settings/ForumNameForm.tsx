import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/form-fields";
import { TextField } from "~/forms/TextField";
import { useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { FIELD_IDS, SETTINGS_FORMS } from "../settings-forms";
import { PanelSection } from "~/components/ui/panel-section";
import { IntentInput } from "./form-parts";

/** The name the forum shows on one's posts, apart from the account's name (the first name until one is chosen). */
export function ForumNameForm({ forumName, reply, constraint }: { forumName: string; reply: unknown; constraint: FormConstraint }) {
  const { fields, formProps } = useSchemaForm<{ forumName: string }>({
    id: SETTINGS_FORMS.forumName,
    reply,
    constraint,
    schema: () => import("./settings-schemas").then((module) => module.forumNameSchema),
    defaultValue: { forumName },
  });
  return (
    <PanelSection id="forumnavn-sektion" heading={t("settings.forumName.heading")} intro={t("settings.forumName.intro")}>
      <Form method="post" {...formProps} className="grid gap-4">
        <IntentInput intent="forum-name" />
        <TextField className="max-w-md" field={fields.forumName} id={FIELD_IDS.forumName} label={t("settings.forumName.label")} autoComplete="nickname" />
        <div>
          <SubmitButton intent="forum-name" label={t("settings.forumName.submit")} pendingLabel={t("settings.saving")} />
        </div>
      </Form>
    </PanelSection>
  );
}
