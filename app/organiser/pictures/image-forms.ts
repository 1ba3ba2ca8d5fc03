import { z } from "zod";
import { requiredText } from "~/forms/fields";
import { t } from "~/lib/i18n";
import { imageTooLargeMessage } from "~/lib/images/too-large-message";
import { PLAN_IDS } from "~/markets/plans";
import { MARKET_IMAGE_MAX_BYTES } from "../../revisions/picture-limits";

/*
 * The forms of a market's pictures on /manage-market/{id} and the market form's "Billeder" step: add one (a file and its alt text), move,
 * make cover, delete, and an admin's choice of plan. The server parses every post with these; the
 * page loads them only once someone starts on the upload form.
 */

export const ALT_MAX = 200;

export const imageUploadSchema = z.object({
  image: z.file({ error: t("marketImages.errors.fileMissing") }).max(MARKET_IMAGE_MAX_BYTES, { error: imageTooLargeMessage(MARKET_IMAGE_MAX_BYTES) }),
  alt: requiredText(ALT_MAX, { required: t("marketImages.errors.altRequired"), tooLong: t("marketImages.errors.altTooLong", { max: ALT_MAX }) }),
});

export type ImageUploadFields = { image: File; alt: string };

export const planSchema = z.object({ plan: z.enum(PLAN_IDS, { error: t("marketImages.plan.invalid") }) });

export const IMAGE_INTENTS = {
  upload: "image-upload",
  moveUp: "image-up",
  moveDown: "image-down",
  cover: "image-cover",
  remove: "image-delete",
  /** The whole order at once, one "order" field per picture: what dragging a picture sends. */
  order: "image-order",
  plan: "market-plan",
} as const;

export const IMAGE_FORMS = {
  upload: "billede-upload",
  plan: "markedets-plan",
} as const;
