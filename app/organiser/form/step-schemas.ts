import { z } from "zod";
import { t } from "~/lib/i18n";
import { marketFieldsSchema, marketInputSchema } from "../../markets/market-input";
import type { StepSlug } from "./form-steps";
import { scheduleChoicesSchema } from "./schedule-choices";

/*
 * The fields of each step of the market form, with the messages of the market schema
 * (market-input.ts): a step takes its fields from there, so a message is written once. The page
 * loads these in the browser when someone starts typing; the server parses every post with them.
 */

const input = marketInputSchema.shape;
const fields = marketFieldsSchema.shape;

/** How the entry is given: free, an amount in kroner, or a text ("20 kr., børn gratis"); not given when none is chosen. */
export const ENTRY_KINDS = ["gratis", "beloeb", "tekst"] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const aboutSchema = z.object({
  type: input.type,
  name: fields.name,
  description: fields.description,
});

export const placeSchema = z.object({
  venueName: fields.venueName,
  street: fields.street,
  postalCode: fields.postalCode,
  city: fields.city,
  latitude: fields.latitude,
  longitude: fields.longitude,
  /** "1" once the person has put the pin somewhere themselves; otherwise the town's centre is used. */
  pinned: z
    .string()
    .optional()
    .transform((value) => value === "1"),
});

export const practicalSchema = z
  .object({
    entry: z.enum(ENTRY_KINDS, { error: t("organiser.form.errors.entryKind") }).optional(),
    entryFeeDkk: fields.entryFeeDkk,
    entryFeeText: fields.entryFeeText,
    stallPriceText: fields.stallPriceText,
    stallCount: fields.stallCount,
    bookingInfo: fields.bookingInfo,
    facilities: input.facilities,
    setting: input.setting,
  })
  // Checked also while other fields of the step are wrong (`when`), so every message comes at once.
  .refine((value) => !(value.entry === "beloeb" && (value.entryFeeDkk === null || value.entryFeeDkk === undefined)), {
    path: ["entryFeeDkk"],
    error: t("organiser.form.errors.entryAmountRequired"),
    when: () => true,
  })
  .refine((value) => !(value.entry === "tekst" && !value.entryFeeText), {
    path: ["entryFeeText"],
    error: t("organiser.form.errors.entryTextRequired"),
    when: () => true,
  });

export const contactSchema = z.object({
  website: fields.website,
  email: fields.email,
  phone: fields.phone,
  facebook: fields.facebook,
});

/** "Billeder" has no fields of its own: its pictures are posted by their own forms (app/organiser/pictures/). */
export const imagesSchema = z.object({});

/** "Se og send" has no fields of its own: it sends what the other steps hold. */
export const reviewSchema = z.object({});

export const STEP_SCHEMAS = {
  "om-markedet": aboutSchema,
  sted: placeSchema,
  "datoer-og-tider": scheduleChoicesSchema,
  praktisk: practicalSchema,
  kontakt: contactSchema,
  billeder: imagesSchema,
  "se-og-send": reviewSchema,
} satisfies Record<StepSlug, z.ZodType>;

export type StepValues = { [Step in StepSlug]: z.output<(typeof STEP_SCHEMAS)[Step]> };

/** The step's schema, for the page to load in the browser: `() => import("./step-schemas").then((m) => m.stepSchema(step))`. */
export function stepSchema(step: StepSlug): z.ZodType {
  return STEP_SCHEMAS[step];
}
