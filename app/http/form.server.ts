import { data } from "react-router";
import type { z } from "zod";
import { formReply, parseSubmission, type AnySubmission, type ReplyOptions } from "~/forms/parse-form.server";
import { readForm } from "./request-body.server";

/**
 * The one reader of a posted form: read within its ceiling (request-body.server.ts: fields, names,
 * bytes), then parsed with the form's schema into a typed submission (app/forms/parse-form.server.ts).
 */
export async function parseForm<Schema extends z.ZodType>(request: Request, schema: Schema, maxBytes?: number) {
  const formData = await readForm(request, maxBytes);
  return { formData, submission: parseSubmission(formData, schema) };
}

/** A post that did not go through: 400 (or the status given) with the reply, never cached. */
export function formFailure(form: string, submission: AnySubmission, options?: ReplyOptions, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  return data(formReply(form, submission, options), { status: init.status ?? 400, headers });
}

/** A domain's refusal of a valid post: its message at the field it names (or the form), 409 or 429 with Retry-After. */
export interface FormRefusal {
  field: string | null;
  message: string;
  status: 409 | 429;
  retryAfterSeconds?: number;
}

export function formRefusal(form: string, submission: AnySubmission, refusal: FormRefusal) {
  const options: ReplyOptions = refusal.field ? { fieldErrors: { [refusal.field]: [refusal.message] } } : { formErrors: [refusal.message] };
  const headers: HeadersInit = refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : {};
  return formFailure(form, submission, options, { status: refusal.status, headers });
}
