import { z } from "zod";
import { requiredText } from "~/forms/fields";
import { t } from "~/lib/i18n";
import { marketFieldsSchema } from "../markets/market-input";
import { CORRECTION_FIELDS } from "./review-form-fields";
import type { MarketSnapshot } from "../revisions/snapshot";

export { CORRECT_FORM_ID, CORRECTION_FIELDS, REJECT_FORM_ID } from "./review-form-fields";

/*
 * The review page's forms (routes/dashboard/admin/godkendelser/$id.tsx): a rejection with its
 * reason, and "ret og godkend", the market's plain fields as the organiser sent them, corrected
 * by the admin. Approving as sent has no fields. The browser loads these schemas when a form is used.
 */

/** The column holds 1,000 characters; the organiser reads the reason in a mail. */
export const REASON_MAX = 1000;

export const rejectSchema = z.object({
  reason: requiredText(REASON_MAX, {
    required: t("admin.review.reject.reasonRequired"),
    tooLong: t("admin.review.reject.reasonTooLong", { max: REASON_MAX.toLocaleString("da-DK") }),
  }),
});

/** The plain fields, checked as an organiser's are; the type, facilities and schedules stay as sent. */
export const correctionSchema = marketFieldsSchema;

/** A number as a Danish person types it: "56,15", "25,5". */
const decimal = (value: number | null) => (value === null ? "" : String(value).replace(".", ","));

/** The form filled in from what was sent, as text the schema reads back to the same values. */
export function correctionDefaults(snapshot: MarketSnapshot): Record<(typeof CORRECTION_FIELDS)[number], string> {
  return {
    name: snapshot.name,
    description: snapshot.description,
    venueName: snapshot.venueName ?? "",
    street: snapshot.street ?? "",
    postalCode: String(snapshot.postalCode),
    city: snapshot.city,
    municipality: snapshot.municipality ?? "",
    latitude: decimal(snapshot.latitude),
    longitude: decimal(snapshot.longitude),
    entryFeeDkk: decimal(snapshot.entryFeeDkk),
    entryFeeText: snapshot.entryFeeText ?? "",
    stallPriceText: snapshot.stallPriceText ?? "",
    stallCount: snapshot.stallCount === null ? "" : String(snapshot.stallCount),
    bookingInfo: snapshot.bookingInfo ?? "",
    website: snapshot.website ?? "",
    email: snapshot.email ?? "",
    phone: snapshot.phone ?? "",
    facebook: snapshot.facebook ?? "",
  };
}

/** What was sent, with the admin's corrections over its plain fields. */
export function correctedSnapshot(sent: MarketSnapshot, corrections: z.output<typeof correctionSchema>): MarketSnapshot {
  return { ...sent, ...corrections };
}
