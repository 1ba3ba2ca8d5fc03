import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { FieldError, fieldClass, hintClass, labelClass } from "~/components/ui/form-fields";
import { fieldProps, type SchemaField } from "./use-schema-form";

/*
 * Apart from the other form parts (components/ui/form-fields) because it needs Conform's field:
 * pages with a plain form (the market filters) do not load Conform for it.
 */

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  /** The form field (useSchemaForm): its name, the value typed before, its limits and its error. */
  field: SchemaField;
  /** The input's id; the hint is "<id>-hint", the error "<id>-fejl". The name when not given. */
  id?: string;
  label: string;
  hint?: string;
}

/** A label, an optional hint and the Danish error around one control, whose ids the control names. */
function LabelledField({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={`${id}-fejl`} message={error} />
    </div>
  );
}

/** A labelled input whose hint and Danish error are read out with it (aria-describedby). */
export function TextField({ field, id: givenId, label, hint, className, ...input }: TextFieldProps) {
  const id = givenId ?? field.name;
  return (
    <LabelledField id={id} label={label} hint={hint} error={field.errors?.[0]}>
      <input {...fieldProps(field, { id, hint: Boolean(hint) })} className={`${fieldClass} ${className ?? ""}`} {...input} />
    </LabelledField>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name"> {
  field: SchemaField;
  label: string;
  hint?: string;
}

/** The same for text of several lines (a description). */
export function TextAreaField({ field, label, hint, className, ...textarea }: TextAreaFieldProps) {
  return (
    <LabelledField id={field.name} label={label} hint={hint} error={field.errors?.[0]}>
      <textarea {...fieldProps(field, { hint: Boolean(hint) })} className={`${fieldClass} ${className ?? ""}`} {...textarea} />
    </LabelledField>
  );
}
