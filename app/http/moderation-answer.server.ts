import { data } from "react-router";
import { MODERATION_FORM_ID } from "~/forum/moderation-ids";
import type { ModerationAnswer } from "~/forum/moderation-actions.server";
import { PERSONAL_PAGE_HEADERS } from "./access.server";
import { redirectWithFlash } from "./flash.server";
import { formFailure, formRefusal } from "./form.server";

/** An admin's action on a forum post or topic, as a response: 303 to `doneTo` with a toast, the form again with its message, or 404. */
export function answerModeration(outcome: ModerationAnswer, doneTo: string): Response | ReturnType<typeof formFailure> {
  switch (outcome.kind) {
    case "done":
      return redirectWithFlash(doneTo, outcome.toast);
    case "invalid":
      return formFailure(MODERATION_FORM_ID, outcome.submission);
    case "refused":
      return formRefusal(MODERATION_FORM_ID, outcome.submission, outcome);
    case "not-found":
      throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  }
}
