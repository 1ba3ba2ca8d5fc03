import { useEffect, useRef, type RefObject } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FieldError, fieldClass, labelClass } from "~/components/ui/form-fields";
import { TextField } from "~/forms/TextField";
import { fieldProps, isReplyFor, useFocusFirstInvalid, useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { HONEYPOT_FIELD, PLAN_OPTIONS, TOPIC_OPTIONS } from "../contact";

export const CONTACT_FORM_ID = "kontakt";

/**
 * The contact form: an ordinary post that works without JavaScript (the answer is a new page
 * with the messages at the fields, or a redirect with a thank-you toast).
 */
export function ContactForm({ reply, constraint, defaultSubject }: { reply: unknown; constraint: FormConstraint; defaultSubject: string }) {
  const navigation = useNavigation();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const sending = navigation.state === "submitting" && navigation.formAction === "/kontakt";
  const { form, fields, formProps } = useSchemaForm<{ name: string; email: string; subject: string; message: string }>({
    id: CONTACT_FORM_ID,
    reply,
    constraint,
    schema: () => import("../contact-form").then((module) => module.contactSchema),
    schemaName: "contact",
    defaultValue: { subject: defaultSubject },
  });
  useEmptyAfterSending(formRef, location.key, isReplyFor(reply, CONTACT_FORM_ID));
  const firstInvalid = useFocusFirstInvalid(reply, [fields.name, fields.email, fields.subject, fields.message]);
  const subject = fieldProps(fields.subject);
  const message = fieldProps(fields.message, { hint: true });

  return (
    // A new key after each navigation: once a message is sent (a redirect to this page) the fields start empty.
    <Form ref={formRef} method="post" action="/kontakt" {...formProps} className="space-y-5">
      {form.errors?.length ? (
        <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-3 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50">
          <p className="font-semibold">{t("content.contact.notSent")}</p>
          <p className="mt-1 text-sm">{form.errors[0]}</p>
        </div>
      ) : null}

      <TextField field={fields.name} type="text" label={t("content.contact.fields.name")} autoComplete="name" autoFocus={firstInvalid === "name"} />
      <TextField field={fields.email} type="email" label={t("content.contact.fields.email")} autoComplete="email" autoFocus={firstInvalid === "email"} />

      <div>
        <label htmlFor="subject" className={labelClass}>
          {t("content.contact.fields.subject")}
        </label>
        <select {...subject} autoFocus={firstInvalid === "subject"} className={fieldClass}>
          <option value="">{t("content.contact.fields.subjectPlaceholder")}</option>
          <optgroup label={t("content.contact.fields.topicsGroup")}>
            {TOPIC_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
          <optgroup label={t("content.contact.fields.plansGroup")}>
            {PLAN_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {t("content.contact.planSubject", { plan: option.label })}
              </option>
            ))}
          </optgroup>
        </select>
        <FieldError id="subject-fejl" message={fields.subject.errors?.[0]} />
      </div>

      <div>
        <label htmlFor="message" className={labelClass}>
          {t("content.contact.fields.message")}
        </label>
        <p id="message-hint" className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          {t("content.contact.fields.messageHint")}
        </p>
        <textarea {...message} rows={7} autoFocus={firstInvalid === "message"} className={fieldClass} />
        <FieldError id="message-fejl" message={fields.message.errors?.[0]} />
      </div>

      {/* For robots only: off screen, out of the tab order and hidden from screen readers. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>{t("content.contact.fields.honeypot")}</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <button type="submit" disabled={sending} data-pending-label={t("content.contact.sending")} className={`${buttonClass("primary")} disabled:opacity-70`}>
        {sending ? t("content.contact.sending") : t("content.contact.submit")}
      </button>
    </Form>
  );
}

/**
 * Once a message is sent the page comes back (a redirect with a thank-you toast) and the form
 * starts empty for the next one. Not after a refusal: then what was typed stays to be corrected.
 * (Remounting the form by the location's key would also empty it after a refusal answered in place.)
 */
function useEmptyAfterSending(form: RefObject<HTMLFormElement | null>, locationKey: string, refused: boolean) {
  const firstKey = useRef(locationKey);
  useEffect(() => {
    if (locationKey !== firstKey.current && !refused) form.current?.reset();
  }, [form, locationKey, refused]);
}
