import { useEffect } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FieldError, TextField, fieldClass, labelClass } from "~/components/ui/form-fields";
import { t } from "~/lib/i18n";
import { CONTACT_FIELDS, CONTACT_LIMITS, HONEYPOT_FIELD, PLAN_OPTIONS, TOPIC_OPTIONS, type ContactField, type ContactValues } from "../contact";

export type ContactErrors = Partial<Record<ContactField | "form", string>>;

function describedBy(field: ContactField, error: string | undefined, hint = false): string | undefined {
  return [hint ? `${field}-hint` : null, error ? `${field}-fejl` : null].filter(Boolean).join(" ") || undefined;
}

/**
 * The contact form: an ordinary post that works without JavaScript (the answer is a new page
 * with the messages at the fields, or a redirect with a thank-you toast). `noValidate` so the
 * server's Danish messages explain what is wrong, not the browser's own.
 */
export function ContactForm({ errors = {}, values, defaultSubject }: { errors?: ContactErrors; values?: ContactValues; defaultSubject: string }) {
  const navigation = useNavigation();
  const location = useLocation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/kontakt";
  const firstInvalid = CONTACT_FIELDS.find((field) => errors[field]);

  // After a post answered in place the page is not new, so autoFocus does not fire: move focus here.
  useEffect(() => {
    if (firstInvalid) document.getElementById(firstInvalid)?.focus();
  }, [errors, firstInvalid]);

  return (
    // A new key after each navigation: once a message is sent (a redirect to this page) the fields start empty.
    <Form key={location.key} method="post" action="/kontakt" noValidate className="space-y-5">
      {errors.form ? (
        <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-3 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50">
          <p className="font-semibold">{t("content.contact.notSent")}</p>
          <p className="mt-1 text-sm">{errors.form}</p>
        </div>
      ) : null}

      <TextField
        name="name"
        type="text"
        label={t("content.contact.fields.name")}
        autoComplete="name"
        required
        maxLength={CONTACT_LIMITS.name}
        defaultValue={values?.name}
        autoFocus={firstInvalid === "name"}
        error={errors.name}
      />
      <TextField
        name="email"
        type="email"
        label={t("content.contact.fields.email")}
        autoComplete="email"
        required
        maxLength={CONTACT_LIMITS.email}
        defaultValue={values?.email}
        autoFocus={firstInvalid === "email"}
        error={errors.email}
      />

      <div>
        <label htmlFor="subject" className={labelClass}>
          {t("content.contact.fields.subject")}
        </label>
        <select
          id="subject"
          name="subject"
          required
          defaultValue={values?.subject ?? defaultSubject}
          autoFocus={firstInvalid === "subject"}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={describedBy("subject", errors.subject)}
          className={fieldClass}
        >
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
        <FieldError id="subject-fejl" message={errors.subject} />
      </div>

      <div>
        <label htmlFor="message" className={labelClass}>
          {t("content.contact.fields.message")}
        </label>
        <p id="message-hint" className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          {t("content.contact.fields.messageHint")}
        </p>
        <textarea
          id="message"
          name="message"
          rows={7}
          required
          minLength={CONTACT_LIMITS.messageMin}
          maxLength={CONTACT_LIMITS.messageMax}
          defaultValue={values?.message}
          autoFocus={firstInvalid === "message"}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy("message", errors.message, true)}
          className={fieldClass}
        />
        <FieldError id="message-fejl" message={errors.message} />
      </div>

      {/* For robots only: off screen, out of the tab order and hidden from screen readers. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>{t("content.contact.fields.honeypot")}</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <button type="submit" disabled={sending} className={`${buttonClass("primary")} disabled:opacity-70`}>
        {sending ? t("content.contact.sending") : t("content.contact.submit")}
      </button>
    </Form>
  );
}
