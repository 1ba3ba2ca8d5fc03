import { getFormProps, parse, useForm, type FieldMetadata, type Submission, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";

/**
 * The browser's half of every form (Conform). The page renders the fields with the limits the
 * loader worked out from the schema (formConstraint) and the errors and values of the server's
 * last reply, so it works without JavaScript. With JavaScript the schema and its validation are
 * fetched once the person starts on the form; the whole form is checked before it is sent, and a
 * wrong field again as it is corrected. Until they have arrived the form is simply sent, and the
 * server answers as it does without JavaScript.
 *
 * zod stays out of the page's own JavaScript: it comes with the schema, only to those who fill in a form.
 */

export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

/** The action's answer to a post that did not go through: which form, and Conform's reply. */
export interface FormReply {
  form: string;
  result: SubmissionResult<string[]>;
}

export function isReplyFor(reply: unknown, form: string): reply is FormReply {
  return typeof reply === "object" && reply !== null && (reply as FormReply).form === form && "result" in reply;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's schema
type Validate = (formData: FormData) => Submission<any, string[], any>;

interface SchemaFormOptions<Fields extends Record<string, unknown>> {
  /** The form's id, also the label on the server's reply (formReply). */
  id: string;
  /** useActionData(): applied only when it is this form's reply. */
  reply: unknown;
  constraint: FormConstraint;
  /** The schema module, loaded on first use: `() => import("./contact-form").then((m) => m.contactSchema)`. */
  schema: () => Promise<z.ZodType>;
  /**
   * On a page without React (decision 0022), the same schema's name in app/progressive/forms.ts: the
   * form carries it (data-schema) and app/forms/enhance-form.ts checks it there.
   */
  schemaName?: string;
  defaultValue?: Partial<Record<keyof Fields, string>>;
}

/** Conform's field for a check of one field (as it is corrected), as opposed to sending the form. */
const INTENT_FIELD = "__intent__";

/**
 * Before the schema has arrived: a check of one field says nothing (and goes nowhere), and the
 * form itself is sent as it is (error: null), for the server to decide.
 */
const undecided: Validate = (formData) => parse(formData, { resolve: () => ({ error: formData.has(INTENT_FIELD) ? {} : null }) });

export function useSchemaForm<Fields extends Record<string, unknown>>({ id, reply, constraint, schema, schemaName, defaultValue }: SchemaFormOptions<Fields>) {
  const validate = useRef<Validate | null>(null);
  const loading = useRef(false);
  const [checksReady, setChecksReady] = useState(false);

  const [form, fields] = useForm<Fields>({
    id,
    lastResult: isReplyFor(reply, id) ? reply.result : undefined,
    constraint,
    defaultValue: defaultValue as never,
    // Checked first when sent (a message appearing as a field is left would move the button away
    // from under the pointer), then again as each wrong field is corrected.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return (validate.current ?? undecided)(formData);
    },
  });

  function loadValidation() {
    if (loading.current) return;
    loading.current = true;
    Promise.all([schema(), import("./validate")])
      .then(([loaded, module]) => {
        validate.current = module.validateWith(loaded);
        setChecksReady(true);
      })
      .catch(() => {
        // Offline or a new release: the server still checks everything; try again on the next focus.
        loading.current = false;
      });
  }

  const conformProps = getFormProps(form);
  const formProps = {
    ...conformProps,
    // The schema's Danish messages, from the server or from the browser, not the browser's own.
    noValidate: true,
    // Says the browser checks this form from now on (the browser tests wait for it).
    "data-checks": checksReady ? "browser" : undefined,
    "data-schema": schemaName,
    onFocus: loadValidation,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      conformProps.onSubmit(event);
      // Stopped here: the first field with a message takes the focus once it shows, as after the
      // server's answer. Not for the check of a field being corrected (Conform sends those as a
      // submit too): the focus stays where the person is typing.
      const element = event.currentTarget;
      const checkOfOneField = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === INTENT_FIELD;
      if (event.defaultPrevented && !checkOfOneField) requestAnimationFrame(() => element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    },
  };
  return { form, fields, formProps };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any form's schema
export type SchemaField = FieldMetadata<any, any, string[]>;

/** What an input, select or textarea takes from its field: name, typed value, limits, error, ids. */
export function fieldProps(field: SchemaField, { id = field.name, hint = false }: { id?: string; hint?: boolean } = {}) {
  const error = field.errors?.[0];
  return {
    id,
    name: field.name,
    defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined,
    required: field.required,
    minLength: field.minLength,
    maxLength: field.maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [hint ? `${id}-hint` : null, error ? `${id}-fejl` : null].filter(Boolean).join(" ") || undefined,
  } as const;
}

/** A message of the server's reply to a form without fields of its own on the page ("" is the form's). */
export function replyMessage(reply: unknown, form: string, field = ""): string | undefined {
  return isReplyFor(reply, form) ? (reply.result.error?.[field] ?? undefined)?.[0] : undefined;
}

/** What was typed in a field of that form, as the server's reply gives it back. */
export function replyValue(reply: unknown, form: string, field: string): string | undefined {
  const value = isReplyFor(reply, form) ? (reply.result.initialValue as Record<string, unknown> | null | undefined)?.[field] : undefined;
  return typeof value === "string" ? value : undefined;
}

/**
 * After a failed post the first wrong field takes the focus, so a keyboard or screen reader user
 * lands on its message. Without JavaScript the field's autoFocus (the name returned) does it on the
 * new page; after a post answered in place, this effect. Only on a reply: checks while typing never
 * move the focus.
 */
export function useFocusFirstInvalid(reply: unknown, fields: SchemaField[], idOf: (name: string) => string = (name) => name): string | undefined {
  const first = fields.find((field) => field.errors?.length)?.name;
  const firstRef = useRef(first);
  firstRef.current = first;
  useEffect(() => {
    if (firstRef.current) document.getElementById(idOf(firstRef.current))?.focus();
  }, [reply]); // eslint-disable-line react-hooks/exhaustive-deps -- on a new reply only
  return first;
}
