import type { Submission } from "@conform-to/react";
import type { Kysely } from "kysely";
import type { PermissionHolder } from "~/auth/permissions";
import { parseSubmission } from "~/forms/parse-form.server";
import type { Database } from "~/lib/db/schema";
import { CORRECT_FORM_ID, REJECT_FORM_ID, correctedSnapshot, correctionSchema, rejectSchema } from "./review-forms";
import { sendReviewMail, type ReviewMailOptions, type ReviewMailOutcome } from "./review-mails.server";
import { reviewItem } from "./review-queue.server";
import type { Storage } from "~/lib/storage/index.server";
import { approveRevision, rejectRevision, type DecisionResult } from "../revisions/decisions.server";

/*
 * An admin's post on a review page, decided: approve as sent, approve with corrections ("ret og
 * godkend"), or reject with a reason; then the organiser is told. The route checked the
 * permission (moderate:market:any) and turns the outcome into a response.
 */

export const REVIEW_INTENTS = ["approve", "correct", "reject"] as const;
export type ReviewIntent = (typeof REVIEW_INTENTS)[number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a submission of either form's schema
type AnySubmission = Submission<any, string[], any>;

export type ReviewOutcome =
  | { kind: "decided"; decision: "approved" | "rejected"; revisionKind: "submission" | "edit"; name: string; mail: ReviewMailOutcome }
  | { kind: "invalid"; form: typeof REJECT_FORM_ID | typeof CORRECT_FORM_ID; submission: AnySubmission }
  | { kind: "not_found" | "already_decided" | "unknown_intent" };

function isIntent(value: FormDataEntryValue | null): value is ReviewIntent {
  return typeof value === "string" && (REVIEW_INTENTS as readonly string[]).includes(value);
}

/** `store` holds the pictures an approval publishes. */
export async function decideReview(
  db: Kysely<Database>,
  admin: PermissionHolder,
  revisionId: string,
  form: FormData,
  mail: ReviewMailOptions,
  store: Storage,
): Promise<ReviewOutcome> {
  const intent = form.get("intent");
  const item = await reviewItem(db, revisionId);
  if (!item) return { kind: "not_found" };
  if (!isIntent(intent)) return { kind: "unknown_intent" };
  // Before the fields: someone who decided it first makes the form moot, whatever was typed.
  if (item.revision.state !== "pending") return { kind: "already_decided" };

  let result: DecisionResult;
  if (intent === "reject") {
    const submission = parseSubmission(form, rejectSchema);
    if (submission.status !== "success") return { kind: "invalid", form: REJECT_FORM_ID, submission };
    result = await rejectRevision(db, admin, revisionId, submission.value.reason);
  } else if (intent === "correct") {
    const submission = parseSubmission(form, correctionSchema);
    if (submission.status !== "success") return { kind: "invalid", form: CORRECT_FORM_ID, submission };
    result = await approveRevision(db, admin, revisionId, correctedSnapshot(item.revision.after, submission.value), { store });
  } else {
    result = await approveRevision(db, admin, revisionId, undefined, { store });
  }
  // Another admin's decision may have landed between the read above and this one.
  if (!("market" in result)) return { kind: result.outcome };
  return {
    kind: "decided",
    decision: result.outcome,
    revisionKind: item.revision.kind,
    name: result.market.name,
    mail: await sendReviewMail(db, result, mail),
  };
}
