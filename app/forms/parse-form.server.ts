import type { Submission } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { definition } from "./schema-definition";
import { schemaFields } from "./schema-fields";
import type { FormConstraint, FormReply } from "./use-schema-form";

/**
 * The server's half of every form: the post (read at the edge, app/http/form.server.ts) is parsed
 * with the form's schema, always, whatever the browser checked before sending. What goes back is
 * the Conform reply (errors per field, the values to fill in again), labelled with the form's id so
 * a page with several forms shows it at the right one.
 */

/**
 * For a post already read (one that may be one of several forms, by its intent). Only the fields
 * the schema reads are parsed, so what the reply sends back is bounded by the form itself.
 */
export function parseSubmission<Schema extends z.ZodType>(formData: FormData, schema: Schema): Submission<z.input<Schema>, string[], z.output<Schema>> {
  return parseWithZod(schemaFields(formData, schema), { schema });
}

const constraints = new WeakMap<z.ZodType, FormConstraint>();

/** The field limits (required, minlength, maxlength, pattern) the page gives its inputs; worked out once per schema. */
export function formConstraint(schema: z.ZodType): FormConstraint {
  let constraint = constraints.get(schema);
  if (!constraint) {
    constraint = constraintOf(schema);
    constraints.set(schema, constraint);
  }
  return constraint;
}

function constraintOf(schema: z.ZodType): FormConstraint {
  // A plain copy: getZodConstraint answers with a proxy, which would not keep what is added below.
  const constraint: FormConstraint = { ...getZodConstraint(schema) };
  // getZodConstraint looks for length limits where this zod version no longer keeps them: they are
  // read from the fields' checks instead.
  for (const [name, field] of Object.entries(objectShape(schema))) {
    constraint[name] = { ...lengthLimits(field), ...constraint[name] };
  }
  return constraint;
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> {
  const def = definition(schema);
  if (def.type === "object") return def.shape ?? {};
  return def.type === "pipe" && def.in ? objectShape(def.in) : {};
}

function lengthLimits(schema: z.ZodType): { minLength?: number; maxLength?: number } {
  const def = definition(schema);
  if (def.type === "pipe") return { ...(def.in ? lengthLimits(def.in) : {}), ...(def.out ? lengthLimits(def.out) : {}) };
  if (def.innerType) return lengthLimits(def.innerType);
  const limits: { minLength?: number; maxLength?: number } = {};
  if (def.type !== "string") return limits;
  for (const check of def.checks ?? []) {
    const { check: kind, minimum, maximum } = check._zod.def;
    if (kind === "min_length" && minimum !== undefined) limits.minLength = Math.max(limits.minLength ?? 0, minimum);
    if (kind === "max_length" && maximum !== undefined) limits.maxLength = Math.min(limits.maxLength ?? Infinity, maximum);
  }
  return limits;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a submission of any form's schema
export type AnySubmission = Submission<any, string[], any>;
export type ReplyOptions = Parameters<AnySubmission["reply"]>[0];

/** The reply for the page: the form's id, its errors and what was typed (`hideFields` are typed again). */
export function formReply(form: string, submission: AnySubmission, options?: ReplyOptions): FormReply {
  return { form, result: submission.reply(options) };
}
