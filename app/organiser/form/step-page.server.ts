import type { Kysely } from "kysely";
import { permissionHolder, type Viewer } from "~/auth/viewer";
import { formConstraint, formReply } from "~/forms/parse-form.server";
import { DEFAULT_MAP_TILE_URL } from "~/lib/config.server";
import { todayInDenmark } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { safeNextPath } from "~/lib/next-path";
import type { SiteContext } from "~/lib/site-context.server";
import { targetImageSection } from "../pictures/image-section.server";
import { draftImageTarget, marketImageTarget, type ImageTarget } from "../pictures/image-target.server";
import { marketPageData, previewDetail } from "../../market-page/market-page.server";
import { editStepPath, IMAGES_STEP, RETURN_PARAM, REVIEW_STEP, STEP_SLUGS, stepFormId, stepIndex, withReturn, type StepSlug } from "./form-steps";
import { keepsStoredSchedules, stepFieldNames, stepHasContent, type DraftFields } from "./draft-fields";
import { checkDraft, checkStep, fieldsFromSnapshot, previewSnapshot, schedulesFromValues, stepPasses, type StoredFacts } from "./draft-market.server";
import type { Draft } from "./drafts.server";
import { publishedNamesake } from "./duplicates.server";
import { postalTownTable } from "./postal-towns.server";
import { pendingEditsOf, type StoredMarket } from "../../revisions/revisions.server";
import { wasPublic } from "../../revisions/revisions.server";
import type { FormMode, ReviewData, StepPageData } from "./step-page";
import { STEP_SCHEMAS, type StepValues } from "./step-schemas";
import { schedulePreview } from "./schedule-preview.server";
import { describeSchedule } from "../../markets/schedule/prose";
import { publishesEditAtOnce, publishesSubmissionAtOnce } from "../../revisions/trust.server";

/*
 * What every step of the market form shows, for both its pages: /opret-marked (a new market,
 * routes/opret-marked/…) and /dashboard/mine-markeder/edit/{id} (an edit). The routes check who
 * may (their access(): the permission, the draft's owner, the market's owner) and hand over a context; the
 * posts are step-actions.server.ts's.
 */

export interface FormContext {
  mode: FormMode;
  viewer: Viewer;
  step: StepSlug;
  /** The person's draft for this form; null before the first save. */
  draft: Draft | null;
  /** An edit: the market as it is stored, its content as the edit starts from it (editStart). */
  market: StoredMarket | null;
  /** The step was opened on its own from this page of the site (returnPathOf), and leads back there once saved. */
  returnTo: string | null;
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
export const STEP_FORM_MAX_BYTES = 64 * 1024;

/** Where a step of this form is. */
export function stepPath(context: Pick<FormContext, "mode" | "market">, draftId: string | null, step: StepSlug): string {
  if (context.mode === "edit") return editStepPath(context.market!.id, step);
  return draftId ? `/opret-marked/${draftId}/${step}` : "/opret-marked";
}

/** Where this step is, with the page it returns to: where it posts, and where it shows its messages. */
export function herePath(context: FormContext, draftId: string | null): string {
  return withReturn(stepPath(context, draftId, context.step), context.returnTo);
}

/**
 * The page a step opened on its own returns to (?tilbage=…): a path of this site, read with the
 * same check as every "next" of the site (safeNextPath), so no address can lead elsewhere; null
 * without one, or for anything else (another site, "//…", "javascript:…").
 */
export function returnPathOf(url: URL): string | null {
  const value = url.searchParams.get(RETURN_PARAM);
  if (value === null) return null;
  const path = safeNextPath(value);
  return path === "/" ? null : path;
}

/** Does this step return to its own form's "Se og send"? Otherwise an edit is sent as it is saved (returnAfterSave). */
export function returnsToReview(context: FormContext, draftId: string | null): boolean {
  if (!context.returnTo) return false;
  const target = new URL(context.returnTo, "http://loppeguiden.invalid");
  const review = new URL(stepPath(context, draftId, REVIEW_STEP), "http://loppeguiden.invalid");
  return target.pathname === review.pathname && target.searchParams.get("trin") === review.searchParams.get("trin");
}

/** Why a step is shown with the saved fields checked: the person went on with errors, or sending found some. */
export type CheckReason = "step" | "send";

export function withCheck(path: string, reason: CheckReason): string {
  return `${path}${path.includes("?") ? "&" : "?"}ret=${reason === "send" ? "send" : "1"}`;
}

export function checkReasonOf(url: URL): CheckReason | null {
  const value = url.searchParams.get("ret");
  return value === "send" ? "send" : value === "1" ? "step" : null;
}

/** The fields so far: the draft's, or for an edit not yet saved what it starts from (editStart). */
export function currentFields(context: FormContext): DraftFields {
  if (context.draft) return context.draft.fields;
  return context.market ? fieldsFromSnapshot(context.market.snapshot) : {};
}

export function storedFacts(context: FormContext): StoredFacts | undefined {
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
export function stepImageTarget(site: SiteContext, context: FormContext): ImageTarget | null {
  const draftId = context.draft?.id ?? null;
  const back = `${context.step === IMAGES_STEP ? herePath(context, draftId) : stepPath(context, draftId, IMAGES_STEP)}#billeder`;
  const db = site.database.db;
  if (context.mode === "edit") return marketImageTarget(db, site.storage, permissionHolder(context.viewer), context.market!, back);
  return context.draft ? draftImageTarget(db, site.storage, context.draft, back) : null;
}

/** The step's page; `reason` (checkReasonOf the page's address): the saved fields are shown checked. */
export async function stepPageData(site: SiteContext, context: FormContext, reason: CheckReason | null): Promise<StepPageData> {
  const { step } = context;
  const fields = currentFields(context);
  const draftId = context.draft?.id ?? null;
  let reply: StepPageData["reply"] = null;
  if (reason && step !== REVIEW_STEP && !stepPasses(fields, step, storedFacts(context))) {
    const submission = checkStep(fields, step);
    const message = reason === "send" ? t("organiser.form.notSent") : t("organiser.form.fixFirst");
    if (submission.status !== "success") reply = formReply(stepFormId(step), submission, { formErrors: [message] });
  }
  const tileUrl = site.config.mapTileUrl;
  return {
    mode: context.mode,
    step,
    draftId,
    action: herePath(context, draftId),
    values: checkStep(fields, step).payload,
    fieldNames: stepFieldNames(step),
    reply,
    constraint: formConstraint(STEP_SCHEMAS[step]),
    marketName: context.market?.name ?? null,
    marketType: typeof fields.type === "string" ? fields.type : null,
    schedule: step === "datoer-og-tider" ? scheduleData(context, fields) : null,
    place: step === "sted" ? { towns: postalTownTable(), map: { tileUrl, attribution: tileUrl === DEFAULT_MAP_TILE_URL ? t("map.attribution") : null } } : null,
    images: step === IMAGES_STEP ? await imagesData(site, context) : null,
    review: step === REVIEW_STEP ? await reviewData(site, context, fields) : null,
    stepLinks: stepLinks(context, fields),
    returnTo: context.returnTo && step !== REVIEW_STEP ? await returnData(site, context) : null,
  };
}

/**
 * The steps the progress bar links to: every step of an edit (a stored market has them all); of a
 * new market, the steps up to the furthest one the person has reached (is on, or filled in), and
 * "Se og send" once nothing is missing. Never the step shown, nor a step not reached yet.
 */
function stepLinks(context: FormContext, fields: DraftFields): StepPageData["stepLinks"] {
  const draftId = context.draft?.id ?? null;
  let reached: StepSlug[];
  if (context.mode === "edit") reached = [...STEP_SLUGS];
  else if (!context.draft) reached = [];
  else {
    const furthest = Math.max(stepIndex(context.draft.step), stepIndex(context.step), ...STEP_SLUGS.filter((step) => stepHasContent(fields, step)).map(stepIndex));
    reached = STEP_SLUGS.filter((step) => stepIndex(step) <= furthest || (step === REVIEW_STEP && checkDraft(fields).ok));
  }
  return Object.fromEntries(reached.filter((step) => step !== context.step).map((step) => [step, stepPath(context, draftId, step)]));
}

/** Where a step opened on its own returns; an edit returning elsewhere than its "Se og send" is sent as it is saved, live at once or reviewed. */
async function returnData(site: SiteContext, context: FormContext): Promise<StepPageData["returnTo"]> {
  const sends = context.mode === "edit" && !returnsToReview(context, context.draft?.id ?? null);
  const publishesAtOnce = sends ? await editPublishesAtOnce(site.database.db, context) : false;
  return { href: context.returnTo!, sends, publishesAtOnce };
}

async function editPublishesAtOnce(db: Kysely<Database>, context: FormContext): Promise<boolean> {
  const market = context.market!;
  return (market.status === "published" || market.status === "archived") && (await publishesEditAtOnce(db, permissionHolder(context.viewer), market));
}

async function imagesData(site: SiteContext, context: FormContext): Promise<StepPageData["images"]> {
  const target = stepImageTarget(site, context);
  return target ? targetImageSection(target) : null;
}

async function reviewData(site: SiteContext, context: FormContext, fields: DraftFields): Promise<ReviewData> {
  const db = site.database.db;
  const fallback = storedFacts(context);
  const check = checkDraft(fields, fallback);
  const draftId = context.draft?.id ?? null;
  // Each step opens on its own from here and comes back here once saved.
  const here = herePath(context, draftId);
  const missing = check.ok
    ? []
    : check.problems.map((problem) => ({ step: problem.step, message: problem.message, href: withReturn(withCheck(stepPath(context, draftId, problem.step), "step"), here) }));
  const sections = STEP_SLUGS.filter((step) => step !== REVIEW_STEP).map((step) => ({ step, href: withReturn(stepPath(context, draftId, step), here) }));
  const snapshot = check.ok ? check.snapshot : previewSnapshot(fields, fallback);
  const today = todayInDenmark();
  const market = context.market;
  // The pictures as they will be: the draft's, or the market's with the person's own waiting change.
  const images = (await stepImageTarget(site, context)?.working())?.images ?? [];
  const preview = snapshot ? await marketPageData(site, previewDetail(snapshot, { today, id: market?.id, slug: market?.slug, images }), today, { withNearby: false }) : null;
  const namesake = snapshot ? await publishedNamesake(db, snapshot, market?.id) : null;
  const holder = permissionHolder(context.viewer);
  const publishesAtOnce = market ? await editPublishesAtOnce(db, context) : await publishesSubmissionAtOnce(db, holder);
  return { preview, missing, sections, namesake: namesake ? { ...namesake, href: `/markeder/${namesake.slug}` } : null, publishesAtOnce, returnTo: context.returnTo };
}
