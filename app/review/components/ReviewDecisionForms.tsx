import { Form } from "react-router";
import { FieldError, SubmitButton, fieldClass, hintClass, labelClass } from "~/components/ui/form-fields";
import { TextField } from "~/forms/TextField";
import { fieldProps, isReplyFor, useFocusFirstInvalid, useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { FIELD_LABELS } from "../../revisions/field-labels";
import { CORRECT_FORM_ID, CORRECTION_FIELDS, REJECT_FORM_ID } from "../review-form-fields";

/*
 * The decisions on a review page, three ordinary posts to the page itself that work without
 * JavaScript: approve as sent, reject with a reason, and correct the plain fields and approve.
 * The action tells them apart by "intent".
 */

function Intent({ value }: { value: "approve" | "reject" | "correct" }) {
  return <input type="hidden" name="intent" value={value} />;
}

const panel = "rounded-2xl border bg-white p-4 sm:p-6 dark:bg-stone-900";

export function ApproveForm({ kind }: { kind: "submission" | "edit" }) {
  return (
    <section aria-labelledby="godkend-overskrift" className={`${panel} border-emerald-800 dark:border-emerald-300`}>
      <h3 id="godkend-overskrift" className="text-xl font-bold">
        {t("admin.review.approve.heading")}
      </h3>
      <p className="mt-1 text-stone-700 dark:text-stone-300">{kind === "submission" ? t("admin.review.approve.introSubmission") : t("admin.review.approve.introEdit")}</p>
      <Form method="post" className="mt-4">
        <Intent value="approve" />
        <SubmitButton
          intent="approve"
          label={kind === "submission" ? t("admin.review.approve.submitSubmission") : t("admin.review.approve.submitEdit")}
          pendingLabel={t("admin.review.approve.pending")}
        />
      </Form>
    </section>
  );
}

export function RejectForm({ reply, constraint }: { reply: unknown; constraint: FormConstraint }) {
  const { fields, formProps } = useSchemaForm<{ reason: string }>({
    id: REJECT_FORM_ID,
    reply,
    constraint,
    schema: () => import("../review-forms").then((module) => module.rejectSchema),
  });
  const first = useFocusFirstInvalid(reply, [fields.reason], () => "afvis-reason");
  const reason = fieldProps(fields.reason, { id: "afvis-reason", hint: true });
  return (
    <section aria-labelledby="afvis-overskrift" className={`${panel} border-red-700 dark:border-red-400`}>
      <h3 id="afvis-overskrift" className="text-xl font-bold">
        {t("admin.review.reject.heading")}
      </h3>
      <Form method="post" {...formProps} className="mt-4 grid gap-4">
        <Intent value="reject" />
        <div>
          <label htmlFor="afvis-reason" className={labelClass}>
            {t("admin.review.reject.reasonLabel")}
          </label>
          <p id="afvis-reason-hint" className={hintClass}>
            {t("admin.review.reject.reasonHint")}
          </p>
          <textarea {...reason} rows={5} autoFocus={first === "reason"} className={fieldClass} />
          <FieldError id="afvis-reason-fejl" message={fields.reason.errors?.[0]} />
        </div>
        <div>
          <SubmitButton intent="reject" variant="danger" label={t("admin.review.reject.submit")} pendingLabel={t("admin.review.reject.pending")} />
        </div>
      </Form>
    </section>
  );
}

type CorrectionField = (typeof CORRECTION_FIELDS)[number];

/** The form in three groups, each field beside the one it belongs with on a wide screen. */
const GROUPS: { legend: string | null; intro?: string; fields: CorrectionField[] }[] = [
  { legend: null, fields: ["name", "description"] },
  {
    legend: t("admin.review.correct.groups.place"),
    intro: t("admin.review.correct.coordinatesHint"),
    fields: ["venueName", "street", "postalCode", "city", "municipality", "latitude", "longitude"],
  },
  { legend: t("admin.review.correct.groups.entry"), fields: ["entryFeeDkk", "entryFeeText", "stallPriceText", "stallCount", "bookingInfo"] },
  { legend: t("admin.review.correct.groups.contact"), fields: ["website", "facebook", "email", "phone"] },
];

/** Fields that hold paragraphs rather than a line, across the whole form. */
const LONG_FIELDS = new Set<CorrectionField>(["name", "description", "bookingInfo"]);

const INPUT_TYPES: Partial<Record<CorrectionField, { type: string; inputMode?: "numeric" | "decimal" }>> = {
  postalCode: { type: "text", inputMode: "numeric" },
  latitude: { type: "text", inputMode: "decimal" },
  longitude: { type: "text", inputMode: "decimal" },
  entryFeeDkk: { type: "text", inputMode: "decimal" },
  stallCount: { type: "text", inputMode: "numeric" },
  website: { type: "url" },
  email: { type: "email" },
  phone: { type: "tel" },
  facebook: { type: "url" },
};

const HINTS: Partial<Record<CorrectionField, string>> = {
  latitude: t("admin.review.correct.latitudeHint"),
  longitude: t("admin.review.correct.longitudeHint"),
};

const idOf = (name: string) => `ret-${name}`;

/**
 * "Ret og godkend": the plain fields as sent, to correct a typo or add the coordinates before
 * approving. Folded away until wanted, and open when the server sent it back with messages.
 */
export function CorrectionForm({ reply, constraint, defaults }: { reply: unknown; constraint: FormConstraint; defaults: Record<string, string> }) {
  const { fields, formProps } = useSchemaForm<Record<CorrectionField, string>>({
    id: CORRECT_FORM_ID,
    reply,
    constraint,
    schema: () => import("../review-forms").then((module) => module.correctionSchema),
    defaultValue: defaults,
  });
  const all = CORRECTION_FIELDS.map((name) => fields[name]);
  const first = useFocusFirstInvalid(reply, all, idOf);
  const open = isReplyFor(reply, CORRECT_FORM_ID);
  const field = (name: CorrectionField) =>
    name === "description" || name === "bookingInfo" ? (
      <div key={name} className="sm:col-span-2">
        <label htmlFor={idOf(name)} className={labelClass}>
          {FIELD_LABELS[name]}
        </label>
        <textarea {...fieldProps(fields[name], { id: idOf(name) })} rows={name === "description" ? 8 : 3} autoFocus={first === name} className={fieldClass} />
        <FieldError id={`${idOf(name)}-fejl`} message={fields[name].errors?.[0]} />
      </div>
    ) : (
      <div key={name} className={LONG_FIELDS.has(name) ? "sm:col-span-2" : name === "latitude" ? "sm:col-start-1" : undefined}>
        <TextField field={fields[name]} id={idOf(name)} label={FIELD_LABELS[name]} hint={HINTS[name]} autoFocus={first === name} {...(INPUT_TYPES[name] ?? { type: "text" })} />
      </div>
    );
  return (
    <section aria-labelledby="ret-overskrift" className={`${panel} border-stone-300 dark:border-stone-700`}>
      <h3 id="ret-overskrift" className="text-xl font-bold">
        {t("admin.review.correct.heading")}
      </h3>
      <p className="mt-1 text-stone-700 dark:text-stone-300">{t("admin.review.correct.intro")}</p>
      <details open={open} className="mt-4">
        <summary className="cursor-pointer font-semibold text-emerald-800 underline underline-offset-4 dark:text-emerald-300">{t("admin.review.correct.show")}</summary>
        <Form method="post" {...formProps} className="mt-4 grid gap-6">
          <Intent value="correct" />
          {GROUPS.map((group) =>
            group.legend ? (
              <fieldset key={group.legend} className="grid gap-4 border-t border-stone-200 pt-4 sm:grid-cols-2 dark:border-stone-700">
                <legend className="float-left text-lg font-bold sm:col-span-2">{group.legend}</legend>
                {group.intro ? <p className="text-stone-700 sm:col-span-2 dark:text-stone-300">{group.intro}</p> : null}
                {group.fields.map(field)}
              </fieldset>
            ) : (
              <div key="main" className="grid gap-4">
                {group.fields.map(field)}
              </div>
            ),
          )}
          <div>
            <SubmitButton intent="correct" label={t("admin.review.correct.submit")} pendingLabel={t("admin.review.approve.pending")} />
          </div>
        </Form>
      </details>
    </section>
  );
}
