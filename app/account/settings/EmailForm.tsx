import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/form-fields";
import { TextField } from "~/forms/TextField";
import { useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { FIELD_IDS, SETTINGS_FORMS, type EmailChangeNotice } from "../settings-forms";
import { FormError, PanelSection } from "~/components/ui/panel-section";
import { IntentInput } from "./form-parts";

function EmailNotice({ notice }: { notice: EmailChangeNotice | null }) {
  if (!notice) return null;
  let message: string;
  let tone: "info" | "success" | "problem" = "info";
  switch (notice.kind) {
    case "changed":
      message = t("settings.email.noticeChanged", { email: notice.email });
      tone = "success";
      break;
    case "awaiting-current":
      message = t("settings.email.noticeAwaitingCurrent", { current: notice.current, next: notice.next });
      break;
    case "awaiting-new":
      message = t("settings.email.noticeAwaitingNew", { next: notice.next });
      break;
    case "approved":
      message = notice.next ? t("settings.email.noticeApproved", { next: notice.next }) : t("settings.email.noticeApprovedUnknown");
      break;
    case "link-failed":
      tone = "problem";
      message =
        notice.reason === "expired" ? t("settings.email.noticeExpired") : notice.reason === "other-user" ? t("settings.email.noticeOtherUser") : t("settings.email.noticeInvalid");
      break;
  }
  const colours = {
    info: "border-sky-700 bg-sky-50 text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50",
    success: "border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50",
    problem: "border-red-700 bg-red-50 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50",
  }[tone];
  return (
    <p role="status" className={`mb-4 rounded-lg border p-3 ${colours}`}>
      {message}
    </p>
  );
}

export function EmailForm({
  email,
  emailVerified,
  notice,
  reply,
  constraint,
}: {
  email: string;
  emailVerified: boolean;
  notice: EmailChangeNotice | null;
  reply: unknown;
  constraint: FormConstraint;
}) {
  const { form, fields, formProps } = useSchemaForm<{ newEmail: string }>({
    id: SETTINGS_FORMS.email,
    reply,
    constraint,
    // The new address must differ from this one: the browser knows it too, and checks it before sending.
    schema: () => import("./settings-schemas").then((module) => module.emailChangeSchema(email)),
  });
  return (
    <PanelSection
      id="email"
      heading={t("settings.email.heading")}
      intro={
        <p>
          {t("settings.email.current")} <strong className="break-all">{email}</strong> ({emailVerified ? t("settings.email.verified") : t("settings.email.unverified")})
        </p>
      }
    >
      <EmailNotice notice={notice} />
      <FormError message={form.errors?.[0]} />
      <Form method="post" {...formProps} className="grid gap-4">
        <IntentInput intent="email" />
        <TextField
          className="max-w-md"
          field={fields.newEmail}
          id={FIELD_IDS.newEmail}
          type="email"
          label={t("settings.email.label")}
          hint={emailVerified ? t("settings.email.howVerified") : t("settings.email.howUnverified")}
          autoComplete="email"
        />
        <div>
          <SubmitButton intent="email" label={t("settings.email.submit")} pendingLabel={t("settings.sending")} />
        </div>
      </Form>
    </PanelSection>
  );
}
