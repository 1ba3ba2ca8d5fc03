import { data, redirect } from "react-router";
import { formFailure } from "~/http/form.server";
import type { PostOutcome } from "~/markets/post-outcome";
import type { StepActionData } from "~/organiser/form/step-page";
import type { StepOutcome } from "~/organiser/form/step-actions.server";
import { PERSONAL_PAGE_HEADERS } from "./access.server";
import { redirectWithFlash } from "./flash.server";

/** A post to a market's own pages, answered: 303 on (with its toast), the form again with its messages, or 404. */
export function answerPost(outcome: PostOutcome) {
  switch (outcome.kind) {
    case "go":
      return outcome.toast ? redirectWithFlash(outcome.path, outcome.toast) : redirect(outcome.path, 303);
    case "refused": {
      const retry = outcome.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(outcome.retryAfterSeconds) };
      return formFailure(outcome.form, outcome.submission, outcome.options, { status: outcome.status, headers: retry });
    }
    case "not_found":
      throw data(null, { status: 404 });
  }
}

/** A step of the market form, answered: as any post, or the page's background save in place, or 429 past the day's limit. */
export function answerStep(outcome: StepOutcome) {
  switch (outcome.kind) {
    case "saved":
      return data<StepActionData>({ saved: true, draftId: outcome.draftId }, { headers: PERSONAL_PAGE_HEADERS });
    case "limited":
      return data<StepActionData>({ sendError: outcome.message }, { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds), ...PERSONAL_PAGE_HEADERS } });
    default:
      return answerPost(outcome);
  }
}
