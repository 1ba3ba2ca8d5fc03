import type { Kysely } from "kysely";
import { data, redirect } from "react-router";
import { redirectWithFlash } from "~/lib/flash.server";
import { permissionHolder, type Viewer } from "~/auth/session.server";
import { formConstraint, formFailure, formReply } from "~/forms/parse-form.server";
import { config, DEFAULT_MAP_TILE_URL } from "~/lib/config.server";
import { todayInDenmark } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { formText, isMultipart, readForm } from "~/lib/request-body.server";
import { site } from "~/lib/site-context.server";
import { storage } from "~/lib/storage/index.server";
import { changeTargetList, isImageIntent, uploadToTarget } from "../images/image-actions.server";
import { targetImageSection } from "../images/image-section.server";
import { draftImageTarget, marketImageTarget, type ImageTarget } from "../images/image-target.server";
import { marketPageData, previewDetail } from "../market-page.server";
import { IMAGES_STEP, REVIEW_STEP, nextStep, previousStep, stepFormId, stepIntentOf, type StepSlug } from "./form-steps";
import { keepsStoredSchedules, mergeStepFields, stepFieldNames, type DraftFields } from "./draft-fields";
import { checkDraft, checkStep, fieldsFromSnapshot, previewSnapshot, schedulesFromValues, stepPasses, withPlaceFilled, type StoredFacts } from "./draft-market.server";
import { createDraft, saveDraft, type Draft } from "./drafts.server";
import { publishedNamesake } from "./duplicates.server";
import { postalTownTable } from "./postal-towns.server";
import { pendingEditsOf, type StoredMarket } from "./revisions.server";
import { sendEdit, sendNewMarket } from "./send-draft.server";
import { wasPublic } from "./submissions.server";
import type { FormMode, ReviewData, StepActionData, StepPageData } from "./step-page";
import { STEP_SCHEMAS, type StepValues } from "./step-schemas";
import { schedulePreview } from "./schedule-preview.server";
import { describeSchedule } from "../schedule/prose";
import { publishesEditAtOnce, publishesSubmissionAtOnce } from "./trust.server";

/*
 * The server's half of every step of the market form, for both its pages: /opret-marked (a new
 * market, routes/opret-marked/…) and /dashboard/mine-markeder/edit/{id} (an edit). The routes check
 * who may (requirePageAccess, the draft's owner, the market's owner) and hand over a context;
 * this module reads and writes the draft and decides where each post leads.
 */

export interface FormContext {
  mode: FormMode;
  viewer: Viewer;
  step: StepSlug;
  /** The person's draft for this form; null before the first save. */
  draft: Draft | null;
  /** An edit: the market as it is stored, its content as the edit starts from it (editStart). */
  market: StoredMarket | null;
}

/**
 * What an edit starts from: the person's own change that waits for review when there is one, since
 * sending the form replaces that change (one per person); otherwise the market as it is stored.
 */
export async function editStart(db: Kysely<Database>, viewer: Viewer, market: StoredMarket): Promise<StoredMarket> {
  if (!wasPublic(market.status)) return market;
  const waiting = (await pendingEditsOf(db, market.id)).find((revision) => revision.authorId === viewer.user.id);
  return waiting ? { ...market, snapshot: waiting.after } : market;
}

/** A description of 5,000 characters and booking notes of 2,000, in letters of up to three bytes, with room. */
const STEP_FORM_MAX_BYTES = 64 * 1024;

/** Where a step of this form is. */
export function stepPath(context: Pick<FormContext, "mode" | "market">, draftId: string | null, step: StepSlug): string {
  if (context.mode === "edit") return `/dashboard/mine-markeder/edit/${context.market!.id}?trin=${step}`;
  return draftId ? `/opret-marked/${draftId}/${step}` : "/opret-marked";
}

/** Why a step is shown with the saved fields checked: the person went on with errors, or sending found some. */
export type CheckReason = "step" | "send";

function withCheck(path: string, reason: CheckReason): string {
  return `${path}${path.includes("?") ? "&" : "?"}ret=${reason === "send" ? "send" : "1"}`;
}

export function checkReasonOf(url: URL): CheckReason | null {
  const value = url.searchParams.get("ret");
  return value === "send" ? "send" : value === "1" ? "step" : null;
}

/** The fields so far: the draft's, or for an edit not yet saved what it starts from (editStart). */
function currentFields(context: FormContext): DraftFields {
  if (context.draft) return context.draft.fields;
  return context.market ? fieldsFromSnapshot(context.market.snapshot) : {};
}

function storedFacts(context: FormContext): StoredFacts | undefined {
  const stored = context.market?.snapshot;
  return stored ? { postalCode: stored.postalCode, municipality: stored.municipality, schedules: stored.schedules } : undefined;
}

/** "Datoer og tider": the preview of the saved schedule, or the stored schedules an edit keeps, in words. */
function scheduleData(context: FormContext, fields: DraftFields): StepPageData["schedule"] {
  const today = todayInDenmark();
  const stored = storedFacts(context);
  if (stored && keepsStoredSchedules(fields)) return { preview: null, kept: stored.schedules.map((spec) => describeSchedule(spec, { today })).join(" ") };
  const submission = checkStep(fields, "datoer-og-tider");
  if (submission.status !== "success") return { preview: null, kept: null };
  return { preview: schedulePreview(schedulesFromValues(submission.value as StepValues["datoer-og-tider"]), today), kept: null };
}

/**
 * Whose pictures the "Billeder" step changes: an edit's are the market's own, changed as on
 * /manage-market/{id} (revisions, trust); a new market's are kept in its draft until it is sent.
 * null before a new market has a draft (the step is never its first).
 */
function imageTargetOf(db: Kysely<Database>, context: FormContext): ImageTarget | null {
  const back = `${stepPath(context, context.draft?.id ?? null, IMAGES_STEP)}#billeder`;
  if (context.mode === "edit") return marketImageTarget(db, storage(), permissionHolder(context.viewer), context.market!, back);
  return context.draft ? draftImageTarget(db, storage(), context.draft, back) : null;
}

export async function stepPageData(db: Kysely<Database>, context: FormContext, url: URL): Promise<StepPageData> {
  const { step } = context;
  const fields = currentFields(context);
  const draftId = context.draft?.id ?? null;
  const reason = checkReasonOf(url);
  let reply: StepPageData["reply"] = null;
  if (reason && step !== REVIEW_STEP && !stepPasses(fields, step, storedFacts(context))) {
    const submission = checkStep(fields, step);
    const message = reason === "send" ? t("organiser.form.notSent") : t("organiser.form.fixFirst");
    if (submission.status !== "success") reply = formReply(stepFormId(step), submission, { formErrors: [message] });
  }
  const tileUrl = config().mapTileUrl;
  return {
    mode: context.mode,
    step,
    draftId,
    action: stepPath(context, draftId, step),
    values: checkStep(fields, step).payload,
    fieldNames: stepFieldNames(step),
    reply,
    constraint: formConstraint(STEP_SCHEMAS[step]),
    marketName: context.market?.name ?? null,
    marketType: typeof fields.type === "string" ? fields.type : null,
    schedule: step === "datoer-og-tider" ? scheduleData(context, fields) : null,
    place: step === "sted" ? { towns: postalTownTable(), map: { tileUrl, attribution: tileUrl === DEFAULT_MAP_TILE_URL ? t("map.attribution") : null } } : null,
    images: step === IMAGES_STEP ? await imagesData(db, context) : null,
    review: step === REVIEW_STEP ? await reviewData(db, context, fields) : null,
  };
}

async function imagesData(db: Kysely<Database>, context: FormContext): Promise<StepPageData["images"]> {
  const target = imageTargetOf(db, context);
  return target ? targetImageSection(target) : null;
}

async function reviewData(db: Kysely<Database>, context: FormContext, fields: DraftFields): Promise<ReviewData> {
  const fallback = storedFacts(context);
  const check = checkDraft(fields, fallback);
  const draftId = context.draft?.id ?? null;
  const missing = check.ok
    ? []
    : check.problems.map((problem) => ({ step: problem.step, message: problem.message, href: withCheck(stepPath(context, draftId, problem.step), "step") }));
  const snapshot = check.ok ? check.snapshot : previewSnapshot(fields, fallback);
  const today = todayInDenmark();
  const market = context.market;
  // The pictures as they will be: the draft's, or the market's with the person's own waiting change.
  const images = (await imageTargetOf(db, context)?.working())?.images ?? [];
  const preview = snapshot
    ? await marketPageData(db, previewDetail(snapshot, { today, id: market?.id, slug: market?.slug, images }), today, { withNearby: false })
    : null;
  const namesake = snapshot ? await publishedNamesake(db, snapshot, market?.id) : null;
  const holder = permissionHolder(context.viewer);
  const publishesAtOnce = market
    ? (market.status === "published" || market.status === "archived") && (await publishesEditAtOnce(db, holder, market))
    : await publishesSubmissionAtOnce(db, holder);
  return { preview, missing, namesake: namesake ? { ...namesake, href: `/markeder/${namesake.slug}` } : null, publishesAtOnce };
}

async function persist(db: Kysely<Database>, context: FormContext, fields: DraftFields, step: StepSlug): Promise<Draft> {
  if (context.draft) return saveDraft(db, context.draft, { step, fields });
  return createDraft(db, context.viewer.user.id, { step, fields, marketId: context.market?.id ?? null });
}

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

export async function stepAction(db: Kysely<Database>, context: FormContext, request: Request) {
  if (context.step === IMAGES_STEP) return imagesStepAction(db, context, request);
  const form = await readForm(request, STEP_FORM_MAX_BYTES);
  const intent = stepIntentOf(form.get("intent"));
  const { step } = context;
  const fields = currentFields(context);

  if (step === REVIEW_STEP) return reviewAction(db, context, fields, intent === "send");

  const merged = mergeStepFields(fields, step, form);
  const filled = step === "sted" ? withPlaceFilled(merged) : merged;
  const submission = checkStep(filled, step);
  const valid = stepPasses(filled, step, storedFacts(context));
  const next = intent === "tilbage" ? previousStep(step) : valid && intent === "videre" ? nextStep(step) : step;
  const saved = await persist(db, context, filled, next);
  if (intent === "gem") return data<StepActionData>({ saved: true, draftId: saved.id }, { headers: { "Cache-Control": "private, no-store" } });
  if (intent === "tilbage" || valid) return redirect(stepPath(context, saved.id, next), 303);
  // A new market's first post made its draft: the step continues at the draft's address.
  if (!context.draft && context.mode === "create") return redirect(withCheck(stepPath(context, saved.id, step), "step"), 303);
  return formFailure(stepFormId(step), submission);
}

async function reviewAction(db: Kysely<Database>, context: FormContext, fields: DraftFields, send: boolean) {
  const draftId = context.draft?.id ?? null;
  if (!send) {
    const back = previousStep(REVIEW_STEP);
    if (context.draft) await saveDraft(db, context.draft, { step: back, fields });
    return redirect(stepPath(context, draftId, back), 303);
  }
  const holder = permissionHolder(context.viewer);

  if (context.mode === "edit") {
    const outcome = await sendEdit(db, holder, context.market!, context.draft, fields);
    if (outcome.kind === "incomplete") return redirect(withCheck(stepPath(context, draftId, outcome.step), "send"), 303);
    const result = outcome.result;
    if (result.outcome === "not_found") throw data(null, { status: 404 });
    return redirect(editSentPath(context.market!.id, result.outcome), 303);
  }

  const draft = context.draft!;
  const outcome = await sendNewMarket(
    db,
    { holder, name: context.viewer.user.name, email: context.viewer.user.email },
    draft,
    { baseUrl: config().baseUrl, store: storage(), send: site().mailer.send, logger: site().logger },
  );
  switch (outcome.kind) {
    case "incomplete":
      return redirect(withCheck(stepPath(context, draft.id, outcome.step), "send"), 303);
    case "limited":
      return data<StepActionData>(
        { sendError: t("organiser.form.review.limited", { limit: outcome.limit, wait: waitText(outcome.retryAfterSeconds) }) },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds), "Cache-Control": "private, no-store" } },
      );
    case "submitted":
      return redirect(`/opret-marked/sendt/${outcome.id}`, 303);
    case "already_sent":
      // A second click while the first was on its way: the market is made, and among the person's own.
      return redirectWithFlash("/dashboard/mine-markeder", { title: t("organiser.form.review.alreadySent"), variant: "default" });
  }
}

/**
 * "Billeder": the pictures' own posts (a multipart upload; move, cover, delete and order, each
 * answered 303 back to the step or with the message at the field), or the step's buttons, which
 * have no fields to save: on, back, or (the page's JavaScript) stay.
 */
async function imagesStepAction(db: Kysely<Database>, context: FormContext, request: Request) {
  const target = imageTargetOf(db, context);
  if (!target) throw data(null, { status: 404 });
  const here = stepPath(context, context.draft?.id ?? null, IMAGES_STEP);
  if (isMultipart(request)) return (await uploadToTarget(request, context.viewer, target)) ?? redirect(here, 303);
  const form = await readForm(request, STEP_FORM_MAX_BYTES);
  const posted = formText(form, "intent");
  if (isImageIntent(posted)) return changeTargetList(request, target, posted, form);
  const intent = stepIntentOf(posted);
  const next = intent === "tilbage" ? previousStep(IMAGES_STEP) : intent === "videre" ? nextStep(IMAGES_STEP) : IMAGES_STEP;
  const saved = await persist(db, context, currentFields(context), next);
  if (intent === "gem") return data<StepActionData>({ saved: true, draftId: saved.id }, { headers: { "Cache-Control": "private, no-store" } });
  return redirect(stepPath(context, saved.id, next), 303);
}
