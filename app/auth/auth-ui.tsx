import type { ReactNode } from "react";
import { Form } from "react-router";
import { SubmitButton as SharedSubmitButton } from "~/components/ui/form-fields";
import { TextField as SharedTextField } from "~/forms/TextField";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";

/** The pieces every account page is built of: a narrow card, labelled fields, one alert, a button. */

/** "Send the confirmation mail again", on the sign-in page and the check-your-mail page. */
export const RESEND_FORM_ID = "resend";

export function AuthPage({ heading, intro, children }: { heading: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">{heading}</h1>
      {intro ? <p className="mt-2 text-stone-700 dark:text-stone-300">{intro}</p> : null}
      <div className="mt-6 rounded-2xl border border-stone-300 bg-white p-5 sm:p-6 dark:border-stone-700 dark:bg-stone-900">{children}</div>
    </div>
  );
}

type TextFieldProps = Omit<Parameters<typeof SharedTextField>[0], "id" | "autoComplete"> & {
  type?: "text" | "email" | "password";
  /** Every account field names what the browser may fill in. */
  autoComplete: string;
};

/** A field whose id is its name ("<name>-hint", "<name>-fejl"), as the account forms use it. */
export function TextField(props: TextFieldProps) {
  return <SharedTextField {...props} />;
}

/** The form-level message (wrong password, too many attempts): read out as soon as it appears. */
export function FormAlert({ title, children }: { title?: string; children?: ReactNode }) {
  if (!title && !children) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-3 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50">
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-1 text-sm" : undefined}>{children}</div> : null}
    </div>
  );
}

/** A neutral notice (a mail is on its way). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-emerald-700 bg-emerald-50 p-3 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50">
      {children}
    </div>
  );
}

/**
 * The full-width submit button; its intent travels with it, so one form can hold several (sign-out).
 * On a page without React its pending label is shown by app/forms/enhance-form.ts.
 */
export function SubmitButton({ intent, ...props }: { intent: string; label: string; pendingLabel: string; variant?: "primary" | "secondary" }) {
  return <SharedSubmitButton intent={intent} name="intent" value={intent} className="w-full" data-pending-label={props.pendingLabel} {...props} />;
}

export function GoogleButton({ next }: { next: string }) {
  return (
    <>
      <Form method="post" action="/auth/google" reloadDocument>
        <input type="hidden" name="next" value={next} />
        <button type="submit" className={`${buttonClass("secondary")} w-full`}>
          <GoogleMark />
          {t("auth.google.button")}
        </button>
      </Form>
      <p className="my-4 flex items-center gap-3 text-sm text-stone-600 dark:text-stone-400" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-300 dark:bg-stone-600" />
        {t("auth.google.or")}
        <span className="h-px flex-1 bg-stone-300 dark:bg-stone-600" />
      </p>
    </>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 48 48" className="size-5">
      <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
      <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
    </svg>
  );
}

/** The small links under a form ("Glemt adgangskode?", "Opret en konto"). */
export function AuthLinks({ children }: { children: ReactNode }) {
  return <div className="mt-6 space-y-2 text-sm">{children}</div>;
}
