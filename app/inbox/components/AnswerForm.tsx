import { Form } from "react-router";
import { FieldError, SubmitButton, fieldClass, hintClass, labelClass } from "~/components/ui/form-fields";
import { fieldProps, useFocusFirstInvalid, useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { ANSWER_FORM_ID } from "../inbox-forms";

const BODY_ID = "svar-tekst";

/** The answer to a message: an ordinary post to its page, mailed to the sender from the site. */
export function AnswerForm({ to, reply, constraint }: { to: string; reply: unknown; constraint: FormConstraint }) {
  const { fields, formProps } = useSchemaForm<{ body: string }>({
    id: ANSWER_FORM_ID,
    reply,
    constraint,
    schema: () => import("../inbox-forms").then((module) => module.answerSchema),
  });
  const first = useFocusFirstInvalid(reply, [fields.body], () => BODY_ID);
  return (
    <Form method="post" {...formProps} className="grid gap-3">
      <input type="hidden" name="intent" value="answer" />
      <div>
        <label htmlFor={BODY_ID} className={labelClass}>
          {t("inbox.answer.label")}
        </label>
        <p id={`${BODY_ID}-hint`} className={hintClass}>
          {t("inbox.answer.hint", { email: to })}
        </p>
        <textarea {...fieldProps(fields.body, { id: BODY_ID, hint: true })} rows={8} autoFocus={first === "body"} className={fieldClass} />
        <FieldError id={`${BODY_ID}-fejl`} message={fields.body.errors?.[0]} />
      </div>
      <div>
        <SubmitButton intent="answer" label={t("inbox.answer.submit")} pendingLabel={t("inbox.answer.pending")} />
      </div>
    </Form>
  );
}
