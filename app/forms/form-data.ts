/** Why a posted form could not be taken: larger than its ceiling, not readable, not a form at all. */
export type FormProblem = "too-large" | "unreadable" | "wrong-type";

/** A post read within its ceiling (app/http/request-body.server.ts), for a domain function to take. */
export type LimitedForm = { ok: true; form: FormData } | { ok: false; reason: FormProblem };

/** The status that answers a form that could not be taken. */
export const FORM_PROBLEM_STATUS: Record<FormProblem, number> = { "too-large": 413, unreadable: 400, "wrong-type": 415 };

/** A text field of a posted form; "" when it is missing or a file. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
