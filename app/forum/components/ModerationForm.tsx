import type { ReactNode } from "react";
import { Form } from "react-router";
import { FieldError, fieldClass, hintClass, labelClass, SubmitButton } from "~/components/ui/form-fields";
import { fieldProps, useFocusFirstInvalid, useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { FormError } from "~/components/ui/panel-section";
import { t } from "~/lib/i18n";
import { MODERATION_FORM_ID } from "../moderation-ids";

export interface ModerationButton {
  intent: string;
  label: string;
  pendingLabel: string;
  variant?: "primary" | "secondary" | "danger";
}

/**
 * An admin's actions on a post or a topic: one reason (the log keeps it; the author is told it
 * where an action takes something from them) and a button per action. An ordinary post that works
 * without JavaScript; `children` adds fields an action needs (the category of a move).
 */
export function ModerationForm({ buttons, reply, constraint, children }: { buttons: ModerationButton[]; reply: unknown; constraint: FormConstraint; children?: ReactNode }) {
  const { form, fields, formProps } = useSchemaForm<{ reason: string; category: string }>({
    id: MODERATION_FORM_ID,
    reply,
    constraint,
    schema: () => import("../forum-forms").then((module) => module.moderationSchema),
  });
  const first = useFocusFirstInvalid(reply, [fields.reason, fields.category], (name) => `${MODERATION_FORM_ID}-${name}`);
  const reasonId = `${MODERATION_FORM_ID}-reason`;
  return (
    <Form method="post" {...formProps} className="grid max-w-2xl gap-4">
      <FormError message={form.errors?.[0]} />
      <div>
        <label htmlFor={reasonId} className={labelClass}>
          {t("forum.moderation.reasonLabel")}
        </label>
        <p id={`${reasonId}-hint`} className={hintClass}>
          {t("forum.moderation.reasonHint")}
        </p>
        <textarea {...fieldProps(fields.reason, { id: reasonId, hint: true })} rows={3} autoFocus={first === "reason"} className={fieldClass} />
        <FieldError id={`${reasonId}-fejl`} message={fields.reason.errors?.[0]} />
      </div>
      {children ? <div>{children}</div> : null}
      {fields.category.errors?.length ? <FieldError id={`${MODERATION_FORM_ID}-category-fejl`} message={fields.category.errors[0]} /> : null}
      <div className="flex flex-wrap gap-3">
        {buttons.map((button) => (
          <SubmitButton
            key={button.intent}
            name="intent"
            value={button.intent}
            intent={button.intent}
            label={button.label}
            pendingLabel={button.pendingLabel}
            variant={button.variant ?? "secondary"}
          />
        ))}
      </div>
    </Form>
  );
}
