import { Form } from "react-router";
import { FieldError, fieldClass, labelClass, SubmitButton } from "~/components/ui/form-fields";
import { TextField } from "~/forms/TextField";
import { fieldProps, useFocusFirstInvalid, useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { FormError } from "~/components/ui/panel-section";
import { t } from "~/lib/i18n";
import { FORUM_FORM_IDS, TITLE_MAX } from "../forum-forms";
import { MarkdownHint } from "./MarkdownHint";

export const TOPIC_INTENT = "topic";

/** A new topic: its category, title, text and, if it is about one, the market. */
export function TopicForm({
  action,
  categories,
  reply,
  constraint,
  defaults,
}: {
  action: string;
  categories: { slug: string; name: string }[];
  reply: unknown;
  constraint: FormConstraint;
  defaults: { category?: string; market?: string };
}) {
  const formId = FORUM_FORM_IDS.topic;
  const { form, fields, formProps } = useSchemaForm<{ category: string; title: string; text: string; market: string }>({
    id: formId,
    reply,
    constraint,
    schema: () => import("../forum-forms").then((module) => module.topicSchema),
    defaultValue: defaults,
  });
  const first = useFocusFirstInvalid(reply, [fields.category, fields.title, fields.text, fields.market]);
  return (
    <Form method="post" action={action} {...formProps} className="grid max-w-3xl gap-5">
      <input type="hidden" name="intent" value={TOPIC_INTENT} />
      <FormError message={form.errors?.[0]} />
      <div>
        <label htmlFor={fields.category.name} className={labelClass}>
          {t("forum.form.category")}
        </label>
        <select {...fieldProps(fields.category)} autoFocus={first === "category"} className={fieldClass}>
          <option value="">{t("forum.form.categoryChoose")}</option>
          {categories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
        </select>
        <FieldError id={`${fields.category.name}-fejl`} message={fields.category.errors?.[0]} />
      </div>
      <TextField field={fields.title} type="text" label={t("forum.form.title")} hint={t("forum.form.titleHint", { max: TITLE_MAX })} autoFocus={first === "title"} />
      <div>
        <label htmlFor={fields.text.name} className={labelClass}>
          {t("forum.form.text")}
        </label>
        <MarkdownHint id={`${fields.text.name}-hint`} />
        <textarea {...fieldProps(fields.text, { hint: true })} rows={10} autoFocus={first === "text"} className={fieldClass} />
        <FieldError id={`${fields.text.name}-fejl`} message={fields.text.errors?.[0]} />
      </div>
      <TextField field={fields.market} type="text" label={t("forum.form.market")} hint={t("forum.form.marketHint")} autoFocus={first === "market"} />
      <div>
        <SubmitButton intent={TOPIC_INTENT} label={t("forum.form.submit")} pendingLabel={t("forum.form.pending")} />
      </div>
    </Form>
  );
}
