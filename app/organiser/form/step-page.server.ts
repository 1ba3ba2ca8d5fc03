import type { Kysely } from "kysely";
import { permissionHolder, type Viewer } from "~/auth/viewer";
import { formConstraint, formReply } from "~/forms/parse-form.server";
import { DEFAULT_MAP_TILE_URL } from "~/lib/config.server";
import { todayInDenmark } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import type { SiteContext } from "~/lib/site-context.server";
import { targetImageSection } from "../pictures/image-section.server";
import { draftImageTarget, marketImageTarget, type ImageTarget } from "../pictures/image-target.server";
import { marketPageData, previewDetail } from "../../market-page/market-page.server";
import { IMAGES_STEP, REVIEW_STEP, stepFormId, type StepSlug } from "./form-steps";
import { keepsStoredSchedules, stepFieldNames, type DraftFields } from "./draft-fields";
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
  if (context.mode === "edit") return `/dashboard/mine-markeder/edit/${context.market!.id}?trin=${step}`;
  return draftId ? `/opret-marked/${draftId}/${step}` : "/opret-marked";
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
  const back = `${stepPath(context, context.draft?.id ?? null, IMAGES_STEP)}#billeder`;
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
    action: stepPath(context, draftId, step),
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
  };
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
  const missing = check.ok
    ? []
    : check.problems.map((problem) => ({ step: problem.step, message: problem.message, href: withCheck(stepPath(context, draftId, problem.step), "step") }));
  const snapshot = check.ok ? check.snapshot : previewSnapshot(fields, fallback);
  const today = todayInDenmark();
  const market = context.market;
  // The pictures as they will be: the draft's, or the market's with the person's own waiting change.
  const images = (await stepImageTarget(site, context)?.working())?.images ?? [];
  const preview = snapshot
    ? await marketPageData(site, previewDetail(snapshot, { today, id: market?.id, slug: market?.slug, images }), today, { withNearby: false })
    : null;
  const namesake = snapshot ? await publishedNamesake(db, snapshot, market?.id) : null;
  const holder = permissionHolder(context.viewer);
  const publishesAtOnce = market
    ? (market.status === "published" || market.status === "archived") && (await publishesEditAtOnce(db, holder, market))
    : await publishesSubmissionAtOnce(db, holder);
  return { preview, missing, namesake: namesake ? { ...namesake, href: `/markeder/${namesake.slug}` } : null, publishesAtOnce };
}
