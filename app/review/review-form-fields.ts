/*
 * The review page's form ids and the fields of "ret og godkend", apart from their schemas
 * (review-forms.ts) so that the page's own JavaScript carries no zod: the schemas come when a
 * form is used.
 */

export const REJECT_FORM_ID = "afvis";
export const CORRECT_FORM_ID = "ret-og-godkend";

/** The fields of the form in the order it shows them. */
export const CORRECTION_FIELDS = [
  "name",
  "description",
  "venueName",
  "street",
  "postalCode",
  "city",
  "municipality",
  "latitude",
  "longitude",
  "entryFeeDkk",
  "entryFeeText",
  "stallPriceText",
  "stallCount",
  "bookingInfo",
  "website",
  "email",
  "phone",
  "facebook",
] as const;
