import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { formText, type LimitedForm } from "~/forms/form-data";
import type { SiteContext } from "~/lib/site-context.server";
import { changeTargetList, isImageIntent, uploadToTarget } from "../pictures/image-actions.server";
import { t } from "~/lib/i18n";
import { refused, type PostOutcome } from "../../markets/post-outcome";
import { mergeStepFields, stepHasContent, type DraftFields } from "./draft-fields";
import { checkStep, stepPasses, withPlaceFilled } from "./draft-market.server";
import { createDraft, saveDraft, type Draft } from "./drafts.server";
import { IMAGES_STEP, REVIEW_STEP, nextStep, previousStep, stepFormId, stepIntentOf, type StepSlug } from "./form-steps";
import { reviewAction, sendEditAndReturn } from "./step-send.server";
import { currentFields, herePath, returnsToReview, stepImageTarget, stepPath, storedFacts, withCheck, type FormContext } from "./step-page.server";

/*
 * The posts of every step of the market form, as the route read them (readForm with
 * STEP_FORM_MAX_BYTES; on "Billeder" an upload with the pictures' limit). A step's fields are kept
 * in the person's draft whatever state they are in, and the post leads on, back, or (a save in the
 * background) nowhere; "Se og send" sends the draft (step-send.server.ts). A step opened on its
 * own (context.returnTo) leads back to where it was opened from once it is saved. A new market's
 * draft begins with its first post that has something in it. Each post comes to a StepOutcome,
 * which the route answers.
 */

export type StepOutcome =
  | PostOutcome
  /** A save in the background (the page's JavaScript): the page stays as it is. */
  | { kind: "saved"; draftId: string }
  /** Sending found the day's limit of new markets reached: the message, and when the person may send again. */
  | { kind: "limited"; message: string; retryAfterSeconds: number };

async function persist(db: Kysely<Database>, context: FormContext, fields: DraftFields, step: StepSlug): Promise<Draft> {
  if (context.draft) return saveDraft(db, context.draft, { step, fields });
  return createDraft(db, context.viewer.user.id, { step, fields, marketId: context.market?.id ?? null });
}

export async function stepAction(site: SiteContext, context: FormContext, form: FormData): Promise<StepOutcome> {
  if (context.step === IMAGES_STEP) return imagesStepAction(site, context, form);
  const intent = stepIntentOf(form.get("intent"));
  const { step } = context;
  const fields = currentFields(context);

  if (step === REVIEW_STEP) return reviewAction(site, context, fields, intent === "send");

  const merged = mergeStepFields(fields, step, form);
  const filled = step === "sted" ? withPlaceFilled(merged) : merged;
  const submission = checkStep(filled, step);
  // Nothing typed or chosen yet: no draft is begun, and the name is asked for at its field.
  if (!context.draft && context.mode === "create" && !stepHasContent(filled, step)) {
    return refused(stepFormId(step), submission, { fieldErrors: { name: [t("organiser.form.emptyDraft")] } });
  }
  const valid = stepPasses(filled, step, storedFacts(context));
  const returning = context.returnTo !== null && valid && intent === "videre";
  const next = intent === "tilbage" ? previousStep(step) : returning ? returnStep(context) : valid && intent === "videre" ? nextStep(step) : step;
  const saved = await persist(site.database.db, context, filled, next);
  if (intent === "gem") return { kind: "saved", draftId: saved.id };
  if (returning) return returnAfterSave(site, context, saved);
  if (intent === "tilbage" || valid) return { kind: "go", path: stepPath(context, saved.id, next) };
  // A new market's first post made its draft: the step continues at the draft's address.
  if (!context.draft && context.mode === "create") return { kind: "go", path: withCheck(herePath(context, saved.id), "step") };
  return refused(stepFormId(step), submission);
}

/** Where the draft says the person is once a step opened on its own is saved: "Se og send" when it returns there. */
function returnStep(context: FormContext): StepSlug {
  return returnsToReview(context, context.draft?.id ?? null) ? REVIEW_STEP : context.step;
}

/**
 * A step opened on its own, saved: back to "Se og send", or, for an edit opened from elsewhere (a
 * market's control panel), the edit sent as it stands and back there with what became of it.
 */
async function returnAfterSave(site: SiteContext, context: FormContext, saved: Draft): Promise<StepOutcome> {
  const returnTo = context.returnTo!;
  if (context.mode === "edit" && !returnsToReview(context, saved.id)) return sendEditAndReturn(site, context, saved, returnTo);
  return { kind: "go", path: returnTo };
}

/**
 * "Billeder": the pictures' own posts (move, cover, delete and order, each leading back to the step
 * or to the message at the field), or the step's buttons, which have no fields to save: on, back,
 * or (the page's JavaScript) stay.
 */
async function imagesStepAction(site: SiteContext, context: FormContext, form: FormData): Promise<StepOutcome> {
  const target = stepImageTarget(site, context);
  if (!target) return { kind: "not_found" };
  const posted = formText(form, "intent");
  if (isImageIntent(posted)) return changeTargetList(target, posted, form);
  const intent = stepIntentOf(posted);
  const returning = context.returnTo !== null && intent === "videre";
  const next = intent === "tilbage" ? previousStep(IMAGES_STEP) : returning ? returnStep(context) : intent === "videre" ? nextStep(IMAGES_STEP) : IMAGES_STEP;
  const saved = await persist(site.database.db, context, currentFields(context), next);
  if (intent === "gem") return { kind: "saved", draftId: saved.id };
  if (returning) return returnAfterSave(site, context, saved);
  return { kind: "go", path: stepPath(context, saved.id, next) };
}

/** "Billeder"'s upload (a multipart post, read with IMAGE_UPLOAD_MAX_BYTES); any other multipart post leads back to the step. */
export async function stepUpload(site: SiteContext, context: FormContext, upload: LimitedForm): Promise<StepOutcome> {
  const target = stepImageTarget(site, context);
  if (!target) return { kind: "not_found" };
  const here = herePath(context, context.draft?.id ?? null);
  return (await uploadToTarget(site, context.viewer, target, upload)) ?? { kind: "go", path: here };
}
