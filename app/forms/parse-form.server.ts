import type { Submission, SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { readForm } from "~/lib/request-body.server";
import { definition } from "./schema-definition";
import { schemaFields } from "./schema-fields";
import type { FormConstraint, FormReply } from "./use-schema-form";

/**
 * The server's half of every form: the post is read through the capped reader and parsed with the
 * form's schema, always, whatever the browser checked before sending. What goes back is the
 * Conform reply (errors per field, the values to fill in again), labelled with the form's id so a
 * page with several forms shows it at the right one.
 */

export async function parseForm<Schema extends z.ZodType>(request: Request, schema: Schema, maxBytes?: number) {
  const formData = await readForm(request, maxBytes);
  return { formData, submission: parseSubmission(formData, schema) };
}

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
type AnySubmission = Submission<any, string[], any>;
type ReplyOptions = Parameters<AnySubmission["reply"]>[0];

/** The reply for the page: the form's id, its errors and what was typed (`hideFields` are typed again). */
export function formReply(form: string, submission: AnySubmission, options?: ReplyOptions): FormReply {
  return { form, result: submission.reply(options) as SubmissionResult<string[]> };
}

/** A post that did not go through: 400 (or the status given) with the reply, never cached. */
export function formFailure(form: string, submission: AnySubmission, options?: ReplyOptions, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  return data(formReply(form, submission, options), { status: init.status ?? 400, headers });
}
