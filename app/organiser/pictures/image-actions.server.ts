import type { Kysely } from "kysely";
import { permissionHolder, type Viewer } from "~/auth/viewer";
import { planById } from "~/markets/plans";
import { parseSubmission } from "~/forms/parse-form.server";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { imageProblemMessage } from "~/lib/images/messages.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { FORM_PROBLEM_STATUS, formText, type LimitedForm } from "~/forms/form-data";
import type { SiteContext } from "~/lib/site-context.server";
import type { StoredMarket } from "../../revisions/revisions.server";
import { refused, type PostOutcome, type Refusal } from "../../markets/post-outcome";
import { IMAGE_FORMS, IMAGE_INTENTS, imageUploadSchema, planSchema } from "./image-forms";
import { MARKET_IMAGE_MAX_BYTES } from "../../revisions/picture-limits";
import { removeUnreferencedFiles } from "~/lib/images/remove-unreferenced.server";
import { imageFileKeys, sameContent, storeMarketImage } from "../../revisions/image-files.server";
import { makeCover, moveImage, removeImage, reorderImages } from "./image-list";
import { marketImageTarget, type ImageTarget } from "./image-target.server";
import { imageLimit, setMarketPlan, type ImageChangeOutcome, type ImageChangeResult } from "./market-images.server";

/*
 * The picture and plan posts of /manage-market/{id}, and the picture posts of the market form's
 * "Billeder" step (through an ImageTarget: the market, or a new market's draft). The route has
 * run the page's guard (its access(): 302, 404, 403; update:market:own with the market's
 * owner, which a market's pictures need) and read the post; setting the plan is an admin's
 * (update:market:any), which the route asks for too. Every post comes to a PostOutcome: on with a
 * toast, or the page with a Danish message at the field; a refused picture stores nothing. An
 * upload is re-encoded first and then added to the list as it is at that moment
 * (ImageTarget.change), so uploads that arrive together are each kept or each refused, and a
 * refused one takes its files along.
 */

/** Room for the multipart wrapping and the alt text around the largest picture taken. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The most an upload's post is read to (readLimitedForm): the largest picture, and its wrapping. */
export const IMAGE_UPLOAD_MAX_BYTES = MARKET_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;

function managePath(marketId: string): string {
  return `/manage-market/${marketId}#billeder`;
}

function uploadFailure(form: FormData, message: string, status = 400): Refusal {
  return refused(IMAGE_FORMS.upload, parseSubmission(form, imageUploadSchema), { fieldErrors: { image: [message] } }, { status });
}

function doneToast(outcome: ImageChangeOutcome, title: string) {
  return outcome === "applied"
    ? { title, variant: "success" as const }
    : { title: t("marketImages.toasts.pending"), description: t("marketImages.toasts.pendingDescription"), variant: "default" as const };
}

/** The control panel's target: the market, and back to its section. */
export function manageImageTarget(site: SiteContext, viewer: Viewer, market: StoredMarket): ImageTarget {
  // Back to the pictures, not to the top of the page.
  return marketImageTarget(site.database.db, site.storage, permissionHolder(viewer), market, `${managePath(market.id)}#billeder`);
}

/**
 * "Tilføj billede": a multipart post with the file and its alt text, as the route read it
 * (readLimitedForm, IMAGE_UPLOAD_MAX_BYTES); null when the post is not one.
 */
export async function uploadToTarget(site: SiteContext, viewer: Viewer, target: ImageTarget, body: LimitedForm): Promise<PostOutcome | null> {
  if (!body.ok) {
    const message = imageProblemMessage(body.reason === "too-large" ? "too-large" : "not-image", { maxBytes: MARKET_IMAGE_MAX_BYTES });
    return uploadFailure(new FormData(), message, FORM_PROBLEM_STATUS[body.reason]);
  }
  const form = body.form;
  if (formText(form, "intent") !== IMAGE_INTENTS.upload) return null;
  const submission = parseSubmission(form, imageUploadSchema);
  if (submission.status !== "success") return refused(IMAGE_FORMS.upload, submission);

  const db = site.database.db;
  const { images } = await target.working();
  const limit = imageLimit(target.plan);
  if (images.length >= limit) {
    return uploadFailure(form, t("marketImages.errors.planLimit", { plan: planById(target.plan).name, limit }));
  }
  const verdict = await hitRateLimit(db, `market-images:${viewer.user.id}`, site.config.rateLimits.marketImages);
  if (!verdict.allowed) {
    const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
    return refused(
      IMAGE_FORMS.upload,
      submission,
      { fieldErrors: { image: [t("marketImages.errors.tooMany", { minutes })] } },
      { status: 429, retryAfterSeconds: verdict.retryAfterSeconds },
    );
  }

  // The slow part first, outside any transaction: the list is read and written after it, at once.
  const store = site.storage;
  const stored = await storeMarketImage(store, target.prefix, new Uint8Array(await submission.value.image.arrayBuffer()), submission.value.alt);
  if (!stored.ok) return uploadFailure(form, imageProblemMessage(stored.problem, { maxBytes: MARKET_IMAGE_MAX_BYTES }), stored.problem === "too-large" ? 413 : 400);
  const picture = stored.image;
  let result: ImageChangeResult;
  try {
    // Checked again on the list as it is when written: another upload may have come in meanwhile.
    result = await target.change((current) => (current.length >= limit ? "limit" : current.some((image) => sameContent(image, picture)) ? "duplicate" : [...current, picture]));
  } catch (error) {
    await removeUnreferencedFiles(db, store, imageFileKeys(picture));
    throw error;
  }
  if (result.outcome !== "refused" && result.outcome !== "not_found")
    return { kind: "go", path: target.returnPath, toast: doneToast(result.outcome, t("marketImages.toasts.added")) };
  // A refused upload takes its files along, unless they are the ones a picture in the list has.
  await removeUnreferencedFiles(db, store, imageFileKeys(picture));
  if (result.outcome === "not_found") return { kind: "not_found" };
  if (result.reason === "duplicate") return uploadFailure(form, t("marketImages.errors.duplicate"));
  return uploadFailure(form, t("marketImages.errors.planLimit", { plan: planById(target.plan).name, limit }));
}

/** Move, cover, delete: small posts naming the picture by its key; order: every key, in the new order. */
export async function changeTargetList(target: ImageTarget, intent: string, form: FormData): Promise<PostOutcome> {
  const key = formText(form, "image");
  const order = form.getAll("order").map((value) => (typeof value === "string" ? value : ""));
  // Applied to the list as it is when the change is written; a picture deleted in another tab, or a
  // key typed by hand, leaves nothing to change.
  const result = await target.change(
    (images) =>
      (intent === IMAGE_INTENTS.order
        ? reorderImages(images, order)
        : intent === IMAGE_INTENTS.moveUp
          ? moveImage(images, key, -1)
          : intent === IMAGE_INTENTS.moveDown
            ? moveImage(images, key, 1)
            : intent === IMAGE_INTENTS.cover
              ? makeCover(images, key)
              : removeImage(images, key)) ?? "gone",
  );
  if (result.outcome === "not_found") return { kind: "not_found" };
  if (result.outcome === "refused") return { kind: "go", path: target.returnPath, toast: { title: t("marketImages.errors.gone"), variant: "warning" } };
  const title = intent === IMAGE_INTENTS.remove ? t("marketImages.toasts.removed") : t("marketImages.toasts.changed");
  return { kind: "go", path: target.returnPath, toast: doneToast(result.outcome, title) };
}

/** An admin sets the market's plan (until payment exists): the route has asked for update:market:any. */
export async function setPlan(db: Kysely<Database>, market: StoredMarket, form: FormData): Promise<PostOutcome> {
  const submission = parseSubmission(form, planSchema);
  if (submission.status !== "success") return refused(IMAGE_FORMS.plan, submission);
  if (!(await setMarketPlan(db, market.id, submission.value.plan))) return { kind: "not_found" };
  return { kind: "go", path: `/manage-market/${market.id}#plan`, toast: { title: t("marketImages.plan.saved"), variant: "success" } };
}

export function isImageIntent(intent: string): boolean {
  return (
    intent === IMAGE_INTENTS.moveUp || intent === IMAGE_INTENTS.moveDown || intent === IMAGE_INTENTS.cover || intent === IMAGE_INTENTS.remove || intent === IMAGE_INTENTS.order
  );
}
