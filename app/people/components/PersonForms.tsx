import { Form } from "react-router";
import { ROLES, type Role } from "~/auth/roles";
import { FieldError, SubmitButton, fieldClass, hintClass, labelClass } from "~/components/ui/form-fields";
import { fieldProps, useFocusFirstInvalid, useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { PERSON_FORM_IDS, type PersonIntent } from "../person-forms";
import { roleName } from "../role-names";

/*
 * The admin's forms on a person's page: ordinary posts to the page that work without JavaScript,
 * told apart by "intent"; each reason goes into the admin log.
 */

function ReasonField({ formId, field, autoFocus, label, hint }: { formId: string; field: Parameters<typeof fieldProps>[0]; autoFocus: boolean; label: string; hint: string }) {
  const id = `${formId}-reason`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <p id={`${id}-hint`} className={hintClass}>
        {hint}
      </p>
      <textarea {...fieldProps(field, { id, hint: true })} rows={2} autoFocus={autoFocus} className={fieldClass} />
      <FieldError id={`${id}-fejl`} message={field.errors?.[0]} />
    </div>
  );
}

const ROLE_INTENT: PersonIntent = "role";

export function RoleForm({ role, reply, constraint }: { role: Role; reply: unknown; constraint: FormConstraint }) {
  const formId = PERSON_FORM_IDS.role;
  const { fields, formProps } = useSchemaForm<{ role: string; reason: string }>({
    id: formId,
    reply,
    constraint,
    defaultValue: { role },
    schema: () => import("../person-forms").then((module) => module.roleSchema),
  });
  const roleId = `${formId}-role`;
  const first = useFocusFirstInvalid(reply, [fields.role, fields.reason], (name) => `${formId}-${name}`);
  return (
    <Form method="post" {...formProps} className="grid max-w-xl gap-3">
      <input type="hidden" name="intent" value={ROLE_INTENT} />
      <div>
        <label htmlFor={roleId} className={labelClass}>
          {t("people.role.label")}
        </label>
        <select {...fieldProps(fields.role, { id: roleId })} autoFocus={first === "role"} className={fieldClass}>
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {roleName(option)}
            </option>
          ))}
        </select>
        <FieldError id={`${roleId}-fejl`} message={fields.role.errors?.[0]} />
      </div>
      <ReasonField formId={formId} field={fields.reason} autoFocus={first === "reason"} label={t("people.role.reasonLabel")} hint={t("people.role.reasonHint")} />
      <div>
        <SubmitButton intent={ROLE_INTENT} label={t("people.role.submit")} pendingLabel={t("people.role.pending")} />
      </div>
    </Form>
  );
}

/** Block, or lift the block: the one that applies to the person as they are now. */
export function BlockForm({ blocked, reply, constraint }: { blocked: boolean; reply: unknown; constraint: FormConstraint }) {
  const intent: PersonIntent = blocked ? "unblock" : "block";
  const formId = PERSON_FORM_IDS[intent];
  const { fields, formProps } = useSchemaForm<{ reason: string }>({
    id: formId,
    reply,
    constraint,
    schema: () => import("../person-forms").then((module) => module.blockSchema),
  });
  const first = useFocusFirstInvalid(reply, [fields.reason], () => `${formId}-reason`);
  return (
    <Form method="post" {...formProps} className="grid max-w-xl gap-3">
      <input type="hidden" name="intent" value={intent} />
      <ReasonField
        formId={formId}
        field={fields.reason}
        autoFocus={first === "reason"}
        label={blocked ? t("people.unblock.reasonLabel") : t("people.block.reasonLabel")}
        hint={blocked ? t("people.unblock.reasonHint") : t("people.block.reasonHint")}
      />
      <div>
        {blocked ? (
          <SubmitButton intent="unblock" label={t("people.unblock.submit")} pendingLabel={t("people.unblock.pending")} />
        ) : (
          <SubmitButton intent="block" variant="danger" label={t("people.block.submit")} pendingLabel={t("people.block.pending")} />
        )}
      </div>
    </Form>
  );
}
