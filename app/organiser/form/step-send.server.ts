import { permissionHolder } from "~/auth/viewer";
import { t } from "~/lib/i18n";
import type { SiteContext } from "~/lib/site-context.server";
import type { Toast } from "~/lib/toast";
import type { DraftFields } from "./draft-fields";
import { saveDraft } from "./drafts.server";
import { REVIEW_STEP, previousStep, withReturn } from "./form-steps";
import { sendEdit, sendNewMarket } from "./send-draft.server";
import type { StepOutcome } from "./step-actions.server";
import { currentFields, stepPath, withCheck, type FormContext } from "./step-page.server";

/*
 * "Se og send", the market form's last step: back to the step before it, or the draft sent, a new
 * market (sendNewMarket) or an edit (sendEdit). What is missing leads to the step to fix. An edit
 * opened from elsewhere (a market's control panel, context.returnTo) returns there once sent, with
 * what became of it as a toast.
 */

/** "30 minutter", "1 time", "5 timer": how long until the daily limit lets the person send again. */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return t("organiser.form.wait.minute");
  if (minutes < 60) return t("organiser.form.wait.minutes", { count: minutes });
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? t("organiser.form.wait.hour") : t("organiser.form.wait.hours", { count: hours });
}

/** Where the edit form lands once it is sent: it says whether the change is live or waits. */
export function editSentPath(marketId: string, outcome: "applied" | "pending" | "unchanged"): string {
  return `/dashboard/mine-markeder/edit/${marketId}?trin=sendt&resultat=${outcome}`;
}

export async function reviewAction(site: SiteContext, context: FormContext, fields: DraftFields, send: boolean): Promise<StepOutcome> {
  const db = site.database.db;
  const draftId = context.draft?.id ?? null;
  if (!send) {
    const back = previousStep(REVIEW_STEP);
    if (context.draft) await saveDraft(db, context.draft, { step: back, fields });
    return { kind: "go", path: stepPath(context, draftId, back) };
  }
  const holder = permissionHolder(context.viewer);

  if (context.mode === "edit") {
    if (context.returnTo) return sendEditAndReturn(site, context, context.draft, context.returnTo);
    const outcome = await sendEdit(db, holder, context.market!, context.draft, fields);
    if (outcome.kind === "incomplete") return { kind: "go", path: withCheck(stepPath(context, draftId, outcome.step), "send") };
    const result = outcome.result;
    if (result.outcome === "not_found") return { kind: "not_found" };
    return { kind: "go", path: editSentPath(context.market!.id, result.outcome) };
  }

  const draft = context.draft!;
  const outcome = await sendNewMarket(db, { holder, name: context.viewer.user.name, email: context.viewer.user.email }, draft, {
    baseUrl: site.config.baseUrl,
    store: site.storage,
    rule: site.config.rateLimits.marketSubmissions,
    send: site.mailer.send,
    logger: site.logger,
  });
  switch (outcome.kind) {
    case "incomplete":
      return { kind: "go", path: withCheck(stepPath(context, draft.id, outcome.step), "send") };
    case "limited":
      return {
        kind: "limited",
        message: t("organiser.form.review.limited", { limit: outcome.limit, wait: waitText(outcome.retryAfterSeconds) }),
        retryAfterSeconds: outcome.retryAfterSeconds,
      };
    case "submitted":
      return { kind: "go", path: `/opret-marked/sendt/${outcome.id}` };
    case "already_sent":
      // A second click while the first was on its way: the market is made, and among the person's own.
      return { kind: "go", path: "/dashboard/mine-markeder", toast: { title: t("organiser.form.review.alreadySent"), variant: "default" } };
  }
}

const EDIT_TOASTS: Record<"applied" | "pending" | "unchanged", Toast> = {
  applied: { title: t("organiser.form.edited.appliedHeading"), description: t("organiser.form.edited.appliedBody"), variant: "success" },
  pending: { title: t("organiser.form.edited.pendingHeading"), description: t("organiser.form.edited.pendingToast"), variant: "default" },
  unchanged: { title: t("organiser.form.edited.unchangedHeading"), variant: "default" },
};

/**
 * An edit opened from elsewhere (`returnTo`, a market's control panel), sent as it stands: back
 * there with a toast that says whether it is live or waits for review. Something missing on
 * another step leads there, to come back to `returnTo` once put right.
 */
export async function sendEditAndReturn(site: SiteContext, context: FormContext, draft: { id: string; fields: DraftFields } | null, returnTo: string): Promise<StepOutcome> {
  const fields = draft?.fields ?? currentFields(context);
  const outcome = await sendEdit(site.database.db, permissionHolder(context.viewer), context.market!, draft, fields);
  if (outcome.kind === "incomplete") return { kind: "go", path: withCheck(withReturn(stepPath(context, draft?.id ?? null, outcome.step), returnTo), "send") };
  if (outcome.result.outcome === "not_found") return { kind: "not_found" };
  return { kind: "go", path: returnTo, toast: EDIT_TOASTS[outcome.result.outcome] };
}
