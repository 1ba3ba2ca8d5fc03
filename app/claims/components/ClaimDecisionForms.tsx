import { Form } from "react-router";
import { FieldError, SubmitButton, fieldClass, hintClass, labelClass } from "~/components/ui/form-fields";
import { fieldProps, useFocusFirstInvalid, useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { claimRejectFormId } from "../claim-fields";

/*
 * The decisions on one claim: two ordinary posts to /dashboard/market-claims that work without
 * JavaScript, told apart by "intent" and naming the claim. Each claim on the page has its own.
 */

function Hidden({ intent, claimId }: { intent: "approve" | "reject"; claimId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="claim" value={claimId} />
    </>
  );
}

const panel = "rounded-xl border bg-white p-4 dark:bg-stone-900";

export function ApproveClaimForm({ claimId, personName, marketName, rivals }: { claimId: string; personName: string; marketName: string; rivals: number }) {
  const headingId = `godkend-${claimId}`;
  return (
    <section aria-labelledby={headingId} className={`${panel} border-emerald-800 dark:border-emerald-300`}>
      <h3 id={headingId} className="text-lg font-bold">
        {t("claims.admin.approve.heading")}
      </h3>
      <p className="mt-1 text-stone-700 dark:text-stone-300">
        {t("claims.admin.approve.intro", { person: personName, name: marketName })}
        {rivals > 0 ? ` ${rivals === 1 ? t("claims.admin.approve.rivalsOne") : t("claims.admin.approve.rivals", { count: rivals })}` : ""}
      </p>
      <Form method="post" className="mt-3">
        <Hidden intent="approve" claimId={claimId} />
        <SubmitButton intent="approve" label={t("claims.admin.approve.submit")} pendingLabel={t("claims.admin.approve.pending")} />
      </Form>
    </section>
  );
}

export function RejectClaimForm({ claimId, reply, constraint }: { claimId: string; reply: unknown; constraint: FormConstraint }) {
  const formId = claimRejectFormId(claimId);
  const reasonId = `${formId}-reason`;
  const { fields, formProps } = useSchemaForm<{ reason: string }>({
    id: formId,
    reply,
    constraint,
    schema: () => import("../claim-decision-form").then((module) => module.claimRejectSchema),
  });
  const first = useFocusFirstInvalid(reply, [fields.reason], () => reasonId);
  const headingId = `afvis-overskrift-${claimId}`;
  return (
    <section aria-labelledby={headingId} className={`${panel} border-red-700 dark:border-red-400`}>
      <h3 id={headingId} className="text-lg font-bold">
        {t("claims.admin.reject.heading")}
      </h3>
      <Form method="post" {...formProps} className="mt-3 grid gap-3">
        <Hidden intent="reject" claimId={claimId} />
        <div>
          <label htmlFor={reasonId} className={labelClass}>
            {t("claims.admin.reject.reasonLabel")}
          </label>
          <p id={`${reasonId}-hint`} className={hintClass}>
            {t("claims.admin.reject.reasonHint")}
          </p>
          <textarea {...fieldProps(fields.reason, { id: reasonId, hint: true })} rows={3} autoFocus={first === "reason"} className={fieldClass} />
          <FieldError id={`${reasonId}-fejl`} message={fields.reason.errors?.[0]} />
        </div>
        <div>
          <SubmitButton intent="reject" variant="danger" label={t("claims.admin.reject.submit")} pendingLabel={t("claims.admin.reject.pending")} />
        </div>
      </Form>
    </section>
  );
}
