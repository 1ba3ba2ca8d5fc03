import { Form } from "react-router";
import { FieldError, SubmitButton, fieldClass, hintClass, labelClass } from "~/components/ui/form-fields";
import { TextField } from "~/forms/TextField";
import { fieldProps, useFocusFirstInvalid, useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { CLAIM_FORM_ID, CLAIM_RELATIONS, type ClaimRelation } from "../claim-fields";
import { RELATION_CHOICES } from "../claim-texts";

export const CLAIM_INTENT = "claim";

const RELATION_ERROR_ID = "relation-fejl";
const relationId = (relation: ClaimRelation) => `relation-${relation}`;

/**
 * "Er det dit marked?": how the person is connected to the market, where we may reach them, and a
 * few words. An ordinary post that works without JavaScript; the action answers with the messages
 * at the fields, or a redirect to this page, which then says what happens next.
 */
export function ClaimForm({ reply, constraint, defaultContact }: { reply: unknown; constraint: FormConstraint; defaultContact: string }) {
  const { fields, formProps } = useSchemaForm<{ relation: string; contact: string; message: string }>({
    id: CLAIM_FORM_ID,
    reply,
    constraint,
    schema: () => import("../claim-form").then((module) => module.claimSchema),
    defaultValue: { contact: defaultContact },
  });
  const first = useFocusFirstInvalid(reply, [fields.relation, fields.contact, fields.message], (name) => (name === "relation" ? relationId(CLAIM_RELATIONS[0]) : name));
  const relationError = fields.relation.errors?.[0];
  const chosen = typeof fields.relation.initialValue === "string" ? fields.relation.initialValue : "";
  return (
    <Form method="post" {...formProps} className="grid gap-6">
      <input type="hidden" name="intent" value={CLAIM_INTENT} />
      <fieldset aria-describedby={relationError ? RELATION_ERROR_ID : undefined}>
        <legend className={labelClass}>{t("claims.form.relationLegend")}</legend>
        <div className="mt-2 grid gap-2">
          {CLAIM_RELATIONS.map((relation, index) => (
            <label
              key={relation}
              htmlFor={relationId(relation)}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-300 px-3 py-2 has-[:checked]:border-emerald-800 has-[:checked]:bg-emerald-50 dark:border-stone-600 dark:has-[:checked]:border-emerald-300 dark:has-[:checked]:bg-emerald-950"
            >
              {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- marked on each radio, where a screen reader is, as every wrong field is (decision 0018) */}
              <input
                id={relationId(relation)}
                type="radio"
                name={fields.relation.name}
                value={relation}
                defaultChecked={chosen === relation}
                required={fields.relation.required}
                autoFocus={index === 0 && first === "relation"}
                aria-invalid={relationError ? true : undefined}
                aria-describedby={relationError ? RELATION_ERROR_ID : undefined}
                className="mt-1 size-4 shrink-0"
              />
              <span>{RELATION_CHOICES[relation]}</span>
            </label>
          ))}
        </div>
        <FieldError id={RELATION_ERROR_ID} message={relationError} />
      </fieldset>

      <TextField
        field={fields.contact}
        type="text"
        autoComplete="email"
        label={t("claims.form.contactLabel")}
        hint={t("claims.form.contactHint")}
        autoFocus={first === "contact"}
      />

      <div>
        <label htmlFor="message" className={labelClass}>
          {t("claims.form.messageLabel")}
        </label>
        <p id="message-hint" className={hintClass}>
          {t("claims.form.messageHint")}
        </p>
        <textarea {...fieldProps(fields.message, { hint: true })} rows={5} autoFocus={first === "message"} className={fieldClass} />
        <FieldError id="message-fejl" message={fields.message.errors?.[0]} />
      </div>

      <div>
        <SubmitButton intent={CLAIM_INTENT} label={t("claims.form.submit")} pendingLabel={t("claims.form.sending")} />
      </div>
    </Form>
  );
}
