import type { InputHTMLAttributes } from "react";
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

/** A labelled input whose hint and Danish error are read out with it (aria-describedby). */
export function TextField({ field, id: givenId, label, hint, className, ...input }: TextFieldProps) {
  const id = givenId ?? field.name;
  const error = field.errors?.[0];
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
      <input {...fieldProps(field, { id, hint: Boolean(hint) })} className={`${fieldClass} ${className ?? ""}`} {...input} />
      <FieldError id={`${id}-fejl`} message={error} />
    </div>
  );
}

