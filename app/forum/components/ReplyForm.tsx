import { Form } from "react-router";
import { FieldError, fieldClass, labelClass, SubmitButton } from "~/components/ui/form-fields";
import { fieldProps, useFocusFirstInvalid, useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { FormError } from "~/components/ui/panel-section";
import { t } from "~/lib/i18n";
import { FORUM_FORM_IDS } from "../forum-forms";
import { REPLY_ANCHOR, topicPath } from "../paths";
import { MarkdownHint } from "./MarkdownHint";

export const REPLY_INTENT = "reply";
/** The reply's text area: "Citér" puts its quote here (app/progressive/forum.ts). */
export const REPLY_TEXT_ID = "svar-tekst";

/**
 * The reply at the foot of a topic: an ordinary post to the topic's page that works without
 * JavaScript; "Citér" starts it with a quote (?citer=, or at once with JavaScript).
 */
export function ReplyForm({ topicId, reply, constraint, quote }: { topicId: number; reply: unknown; constraint: FormConstraint; quote: string | null }) {
  const formId = FORUM_FORM_IDS.reply;
  const { form, fields, formProps } = useSchemaForm<{ text: string }>({
    id: formId,
    reply,
    constraint,
    schema: () => import("../forum-forms").then((module) => module.replySchema),
    schemaName: "forum-reply",
    defaultValue: quote ? { text: quote } : undefined,
  });
  const first = useFocusFirstInvalid(reply, [fields.text], () => REPLY_TEXT_ID);
  return (
    <Form method="post" action={`${topicPath(topicId)}#${REPLY_ANCHOR}`} {...formProps} className="grid gap-3">
      <input type="hidden" name="intent" value={REPLY_INTENT} />
      <FormError message={form.errors?.[0]} />
      <div>
        <label htmlFor={REPLY_TEXT_ID} className={labelClass}>
          {t("forum.reply.label")}
        </label>
        <MarkdownHint id={`${REPLY_TEXT_ID}-hint`} />
        <textarea {...fieldProps(fields.text, { id: REPLY_TEXT_ID, hint: true })} rows={6} autoFocus={first === "text" || Boolean(quote && !reply)} className={fieldClass} />
        <FieldError id={`${REPLY_TEXT_ID}-fejl`} message={fields.text.errors?.[0]} />
      </div>
      <div>
        <SubmitButton intent={REPLY_INTENT} label={t("forum.reply.submit")} pendingLabel={t("forum.reply.pending")} />
      </div>
    </Form>
  );
}
