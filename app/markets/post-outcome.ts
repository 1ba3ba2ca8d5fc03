import type { AnySubmission, ReplyOptions } from "~/forms/parse-form.server";
import type { Toast } from "~/lib/toast";

/*
 * What a post to a market's own pages came to (the control panel /manage-market/{id}, the market
 * form, their pictures), for the route to answer: on to a page (303, with a toast when there is
 * one), the form again with a Danish message at its field (400 unless a status is given), or
 * nothing there to change (404). The domains decide; only the route turns this into a response.
 */

export interface Refusal {
  kind: "refused";
  /** The form's id, so that the page shows the message at the right one of its forms. */
  form: string;
  submission: AnySubmission;
  options?: ReplyOptions;
  status?: number;
  /** A limit was hit: when the person may try again. */
  retryAfterSeconds?: number;
}

export type PostOutcome = { kind: "go"; path: string; toast?: Toast } | Refusal | { kind: "not_found" };

export function refused(form: string, submission: Refusal["submission"], options?: Refusal["options"], more: Pick<Refusal, "status" | "retryAfterSeconds"> = {}): Refusal {
  return { kind: "refused", form, submission, options, ...more };
}
