import { t } from "~/lib/i18n";
import type { SnapshotField } from "./snapshot";

/**
 * A market's fields by their Danish names, as the review lists its changes and the correction
 * form labels its fields. Literal keys: this module reaches the browser, where only those are inlined.
 */
export const FIELD_LABELS: Record<SnapshotField, string> = {
  type: t("admin.review.fields.type"),
  name: t("admin.review.fields.name"),
  description: t("admin.review.fields.description"),
  venueName: t("admin.review.fields.venueName"),
  street: t("admin.review.fields.street"),
  postalCode: t("admin.review.fields.postalCode"),
  city: t("admin.review.fields.city"),
  municipality: t("admin.review.fields.municipality"),
  latitude: t("admin.review.fields.latitude"),
  longitude: t("admin.review.fields.longitude"),
  schedules: t("admin.review.fields.schedules"),
  entryFeeDkk: t("admin.review.fields.entryFeeDkk"),
  entryFeeText: t("admin.review.fields.entryFeeText"),
  stallPriceText: t("admin.review.fields.stallPriceText"),
  stallCount: t("admin.review.fields.stallCount"),
  bookingInfo: t("admin.review.fields.bookingInfo"),
  facilities: t("admin.review.fields.facilities"),
  setting: t("admin.review.fields.setting"),
  website: t("admin.review.fields.website"),
  email: t("admin.review.fields.email"),
  phone: t("admin.review.fields.phone"),
  facebook: t("admin.review.fields.facebook"),
  images: t("marketImages.fieldLabel"),
};
