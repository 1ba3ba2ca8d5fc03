import { FieldError, hintClass, labelClass } from "~/components/ui/form-fields";
import type { SchemaField } from "~/forms/use-schema-form";

/*
 * The parts of the market form that the shared form parts do not have: a group of radio buttons
 * and a group of checkboxes, each with its Danish error read out with it.
 */

export interface Choice {
  value: string;
  label: string;
  /** A line under the label. */
  description?: string;
}

/** The id of a choice's input: the first one is where a message about the group sends the focus. */
export const choiceId = (name: string, value: string) => `${name}-${value || "ingen"}`;

/** The values a field holds, whether the draft kept one or several. */
function valuesOf(field: SchemaField): string[] {
  const value: unknown = field.initialValue;
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" ? [value] : [];
}

interface ChoiceGroupProps {
  field: SchemaField;
  legend: string;
  hint?: string;
  choices: Choice[];
  type: "radio" | "checkbox";
  /** For radios: the choice taken when the field is empty ("Ikke oplyst"). */
  emptyValue?: string;
  /** Classes of the list of choices (a grid of cards, a row of chips). */
  listClassName?: string;
  /** A radio's choice is also told to the page (to show the fields that go with it). */
  onChoose?: (value: string) => void;
  autoFocus?: boolean;
  cards?: boolean;
}

/** Radio buttons or checkboxes in a fieldset; the message is read out with the group and with each choice. */
export function ChoiceGroup({ field, legend, hint, choices, type, emptyValue, listClassName, onChoose, autoFocus, cards = false }: ChoiceGroupProps) {
  const error = field.errors?.[0];
  const errorId = `${field.name}-fejl`;
  const hintId = `${field.name}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const chosen = valuesOf(field);
  const checked = (value: string) => (chosen.length === 0 && type === "radio" ? value === (emptyValue ?? null) : chosen.includes(value));
  const look = cards
    ? "flex h-full cursor-pointer gap-3 rounded-xl border border-stone-300 bg-white p-3 has-checked:border-emerald-800 has-checked:bg-emerald-50 has-focus-visible:outline-2 has-focus-visible:outline-emerald-700 dark:border-stone-600 dark:bg-stone-900 dark:has-checked:border-emerald-300 dark:has-checked:bg-emerald-950"
    : "inline-flex cursor-pointer items-start gap-2 py-1";
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className={labelClass}>{legend}</legend>
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <ul className={`mt-2 ${listClassName ?? "grid gap-1"}`}>
        {choices.map((choice, index) => {
          const id = choiceId(field.name, choice.value);
          // The name alone is the choice's name; a description is read after it, with the group's message.
          const describedBy = [choice.description ? `${id}-beskrivelse` : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
          return (
            <li key={choice.value}>
              <label htmlFor={id} className={look}>
                <input
                  id={id}
                  type={type}
                  name={field.name}
                  value={choice.value}
                  defaultChecked={checked(choice.value)}
                  aria-invalid={error ? true : undefined}
                  aria-labelledby={choice.description ? `${id}-navn` : undefined}
                  aria-describedby={describedBy}
                  autoFocus={autoFocus && index === 0}
                  onChange={onChoose ? () => onChoose(choice.value) : undefined}
                  className="mt-1 size-4 shrink-0 accent-emerald-800 dark:accent-emerald-300"
                />
                <span>
                  <span id={`${id}-navn`} className={cards ? "font-semibold" : ""}>
                    {choice.label}
                  </span>
                  {choice.description ? (
                    <span id={`${id}-beskrivelse`} className="mt-0.5 block text-sm text-stone-700 dark:text-stone-300">
                      {choice.description}
                    </span>
                  ) : null}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
