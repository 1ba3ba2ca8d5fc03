import type { ButtonHTMLAttributes } from "react";
import { useNavigation } from "react-router";
import { buttonClass } from "./button";
import { FIELD_ERROR_CLASS } from "./field-look";

/** The fields of every form on the site: labelled inputs, hints and Danish errors read out with them. */

export const fieldClass =
  "mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 aria-invalid:border-red-700 dark:border-stone-500 dark:bg-stone-900 dark:text-stone-50 dark:aria-invalid:border-red-300";
export const labelClass = "block text-sm font-semibold";
export const hintClass = "mt-1 text-sm text-stone-700 dark:text-stone-300";

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={FIELD_ERROR_CLASS}>
      {message}
    </p>
  );
}

const DANGER_BUTTON =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-base font-medium text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 dark:bg-red-300 dark:text-stone-950 dark:hover:bg-red-200";

interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  /** The form's "intent" field: while a post with it is on its way, this button says so and waits. */
  intent: string;
  label: string;
  pendingLabel: string;
  variant?: "primary" | "secondary" | "danger";
}

export function SubmitButton({ intent, label, pendingLabel, variant = "primary", className, ...button }: SubmitButtonProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const look = variant === "danger" ? DANGER_BUTTON : buttonClass(variant);
  return (
    <button type="submit" disabled={pending} className={`${look} disabled:opacity-70 ${className ?? ""}`} {...button}>
      {pending ? pendingLabel : label}
    </button>
  );
}
