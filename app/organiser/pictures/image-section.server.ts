import type { Kysely } from "kysely";
import { userCan, type PermissionHolder } from "~/auth/permissions";
import { PLANS, planById, type PlanId } from "~/markets/plans";
import { formConstraint } from "~/forms/parse-form.server";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { ACCEPTED_TYPES, acceptedImageTypes, type ImageType } from "~/lib/images/formats.server";
import { imageUrlFor } from "../../markets/image-urls";
import type { StoredMarket } from "../../revisions/revisions.server";
import type { SnapshotImage } from "../../revisions/snapshot";
import type { ImageTarget } from "./image-target.server";
import { imageUploadSchema, planSchema } from "./image-forms";
import { MARKET_IMAGE_MAX_BYTES } from "../../revisions/picture-limits";
import { imageLimit, workingImages } from "./market-images.server";

const TYPE_NAMES: Record<ImageType, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", gif: "GIF", avif: "AVIF", heic: "HEIC" };

/** What the "Billeder" section of /manage-market/{id} shows to this person. */
export async function imageSection(db: Kysely<Database>, holder: PermissionHolder, market: StoredMarket) {
  return sectionOf(await workingImages(db, holder, market), market.plan);
}

/** The same section for any owner of a list of pictures: a market, or a new market's draft (the form's "Billeder" step). */
export async function targetImageSection(target: ImageTarget) {
  return sectionOf(await target.working(), target.plan);
}

function sectionOf({ images, waiting }: { images: SnapshotImage[]; waiting: boolean }, plan: PlanId) {
  const limit = imageLimit(plan);
  const planName = planById(plan).name;
  return {
    images: images.map((image) => ({ storageKey: image.storageKey, alt: image.alt, src: imageUrlFor(image, 400), width: image.width, height: image.height })),
    waiting,
    countText: t("marketImages.count", { count: images.length, limit, plan: planName }),
    fullText: images.length >= limit ? t("marketImages.full", { limit, plan: planName }) : null,
    // The browser offers only what this server decodes: a phone then converts its HEIC photos to JPEG.
    accept: acceptedImageTypes.join(","),
    hint: t("marketImages.upload.fileHint", { types: ACCEPTED_TYPES.map((type) => TYPE_NAMES[type]).join(", "), size: MARKET_IMAGE_MAX_BYTES / (1024 * 1024) }),
    constraint: formConstraint(imageUploadSchema),
  };
}

export type ImageSection = Awaited<ReturnType<typeof imageSection>>;

/** The admin's choice of plan; null for anyone who may not set it. */
export function planSection(holder: PermissionHolder, market: StoredMarket) {
  if (!userCan(holder, "update:market:any")) return null;
  return {
    current: market.plan,
    options: PLANS.map((plan) => ({ id: plan.id, label: t("marketImages.plan.option", { name: plan.name, count: plan.limits.imagesPerMarket }) })),
    constraint: formConstraint(planSchema),
  };
}

export type PlanSection = NonNullable<ReturnType<typeof planSection>>;
