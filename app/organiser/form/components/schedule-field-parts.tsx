import { createContext, useContext, type InputHTMLAttributes, type ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { FieldError, fieldClass, hintClass, labelClass } from "~/components/ui/form-fields";

/*
 * The small parts ScheduleFields is built from. Ids are the field names (decision 0018), a
 * message is "<id>-fejl" and read out with its field; a hint is "<id>-hint".
 */

export type FieldErrors = Record<string, readonly string[] | null | undefined>;

interface FieldsContext {
  errors: FieldErrors;
  /** The first field with a message takes the focus on the page a failed post returns (without JavaScript). */
  focus: { done: boolean };
}

export const ScheduleFieldsContext = createContext<FieldsContext>({ errors: {}, focus: { done: true } });

/**
 * The field's first message, and whether it is the first wrong field of the page. A message about
 * a whole list (`focusable: false`) has no field to take the focus.
 */
export function useFieldError(name: string, { focusable = true } = {}): { error: string | undefined; autoFocus: boolean } {
  const { errors, focus } = useContext(ScheduleFieldsContext);
  const error = errors[name]?.[0] ?? undefined;
  // Rendering runs in document order, so the first field that asks is the first on the page.
  const autoFocus = focusable && !!error && !focus.done;
  if (autoFocus) focus.done = true;
  return { error, autoFocus };
}

export const errorId = (name: string) => `${name}-fejl`;

export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

/** 44 px high at least, as every control a finger taps. */
export const inputClass = `${fieldClass} min-h-11`;
export const smallButtonClass = `${buttonClass("secondary")} min-h-11`;
export const legendClass = "text-base font-semibold";
export const groupClass = "rounded-xl border border-stone-300 p-4 dark:border-stone-700";

export type HeadingLevel = 2 | 3 | 4;

/** A part's heading inside its legend: the legend names the group, the heading lets people jump to it. */
export function LegendHeading({ level, children, id }: { level: HeadingLevel; children: ReactNode; id?: string }) {
  const Tag = `h${level}` as const;
  return (
    <legend className="mb-3 w-full">
      <Tag id={id} className="text-lg font-bold">
        {children}
      </Tag>
    </legend>
  );
}

interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "defaultValue"> {
  name: string;
  label: string;
  value?: string;
  hint?: string;
}

/** A labelled input whose hint and message are read out with it. */
export function InputField({ name, label, value, hint, className, ...input }: InputFieldProps) {
  const { error, autoFocus } = useFieldError(name);
  return (
    <div className={className}>
      <label htmlFor={name} className={labelClass}>
        {label}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <input
        id={name}
        name={name}
        defaultValue={value ?? ""}
        autoFocus={autoFocus || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${name}-hint`, error && errorId(name))}
        className={inputClass}
        {...input}
      />
      <FieldError id={errorId(name)} message={error} />
    </div>
  );
}

interface SelectFieldProps {
  name: string;
  label: string;
  value?: string;
  options: readonly (readonly [value: string, label: string])[];
  className?: string;
}

export function SelectField({ name, label, value, options, className }: SelectFieldProps) {
  const { error, autoFocus } = useFieldError(name);
  return (
    <div className={className}>
      <label htmlFor={name} className={labelClass}>
        {label}
      </label>
      <select
        id={name}
        name={name}
        defaultValue={value ?? ""}
        autoFocus={autoFocus || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(name) : undefined}
        className={inputClass}
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
      <FieldError id={errorId(name)} message={error} />
    </div>
  );
}

interface ChoiceGroupProps {
  /** The field's name: radios send one value, checkboxes repeat it. */
  name: string;
  legend: string;
  type: "radio" | "checkbox";
  options: readonly { value: string; label: string; hint?: string }[];
  /** What is chosen: one value for radios, any number for checkboxes. */
  chosen: readonly string[];
  onChoose?: (value: string) => void;
  /** Side by side where there is room (weekdays), or one under the other (the kinds). */
  layout?: "wrap" | "stack";
}

/** Radio buttons or checkboxes in a fieldset whose legend names them; the message is read with the group. */
export function ChoiceGroup({ name, legend, type, options, chosen, onChoose, layout = "wrap" }: ChoiceGroupProps) {
  const { error, autoFocus } = useFieldError(name);
  return (
    <fieldset aria-describedby={error ? errorId(name) : undefined}>
      <legend className={labelClass}>{legend}</legend>
      <div className={layout === "wrap" ? "mt-2 flex flex-wrap gap-2" : "mt-2 grid gap-2"}>
        {options.map((option, index) => {
          const id = `${name}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-stone-400 px-3 py-2.5 has-checked:border-emerald-800 has-checked:bg-emerald-50 dark:border-stone-500 dark:has-checked:border-emerald-300 dark:has-checked:bg-emerald-950"
            >
              <input
                id={id}
                type={type}
                name={name}
                value={option.value}
                defaultChecked={chosen.includes(option.value)}
                onChange={onChoose ? () => onChoose(option.value) : undefined}
                autoFocus={(autoFocus && index === 0) || undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={option.hint ? `${id}-hint` : undefined}
                className="mt-0.5 size-5 shrink-0 accent-emerald-800 dark:accent-emerald-300"
              />
              <span>
                <span className="font-medium">{option.label}</span>
                {option.hint ? (
                  <span id={`${id}-hint`} className={`block ${hintClass}`}>
                    {option.hint}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId(name)} message={error} />
    </fieldset>
  );
}

/** Opening and closing time side by side, also on a narrow phone. */
export function TimeFields({ prefix, values, labels }: { prefix: string; values?: { aabner?: string; lukker?: string }; labels: { opens: string; closes: string } }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <InputField name={`${prefix}.aabner`} type="time" label={labels.opens} value={values?.aabner} />
      <InputField name={`${prefix}.lukker`} type="time" label={labels.closes} value={values?.lukker} />
    </div>
  );
}
