import { z } from "zod";
import { kronerField, optionalEmailField, optionalText, phoneField, postalCodeField, requiredText, urlField } from "~/forms/fields";
import { t } from "~/lib/i18n";
import { validateSchedule } from "./schedule/validation";
import { slugify } from "~/lib/slug";
import { FACILITIES, MARKET_STATUSES, MARKET_TYPES, SETTINGS } from "./types";
import type { Facility, MarketStatus, MarketType, ScheduleSpec, Setting } from "./types";

/** A market as the importer and the forms hand it to the write path, already checked. */
export interface MarketInput {
  slug?: string;
  name: string;
  type: MarketType;
  description: string;
  venueName: string | null;
  street: string | null;
  postalCode: number;
  city: string;
  municipality: string | null;
  latitude: number | null;
  longitude: number | null;
  setting: Setting | null;
  entryFeeDkk: number | null;
  entryFeeText: string | null;
  stallPriceText: string | null;
  bookingInfo: string | null;
  stallCount: number | null;
  facilities: Facility[];
  website: string | null;
  email: string | null;
  phone: string | null;
  facebook: string | null;
  status: MarketStatus;
  schedules: ScheduleSpec[];
}

/*
 * One schema for every way a market comes in: the importer (app/import/rows.ts) and the
 * forms organisers will submit. The forms hand it text, with an empty field as undefined (Conform);
 * the importer has already read numbers out of its columns (postal code, coordinates, entry fee,
 * stall count). Number fields therefore take either: a number as it is, text as a person types it.
 */

const LIMITS = {
  name: { min: 3, max: 200 },
  description: 5000,
  venueName: 200,
  street: 200,
  city: { min: 2, max: 120 },
  municipality: 120,
  entryFeeDkk: 10_000,
  entryFeeText: 200,
  stallPriceText: 300,
  bookingInfo: 2000,
  stallCount: { min: 1, max: 10_000 },
} as const;

const count = (value: number) => value.toLocaleString("da-DK");

/** Text typed into a number field: "56,15", " 12 " → a number; empty → null; NaN for anything else. */
function numberFromText(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") return value;
  const compact = value.trim().replace(/\s/g, "").replace(",", ".");
  return compact === "" ? null : /^[+-]?\d+(\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
}

/** A coordinate within Denmark, Greenland and the Faroe Islands (the map's reach); null when left out. */
function coordinateField(min: number, max: number, messages: { notANumber: string; outside: string }) {
  return z.preprocess(numberFromText, z.number({ error: messages.notANumber }).min(min, { error: messages.outside }).max(max, { error: messages.outside }).nullable());
}

/** The importer's kroner (a number) or a form's ("25,50"), through the shared kroner field. */
function entryFeeField() {
  return z.preprocess((value) => (value === null ? undefined : typeof value === "number" ? String(value).replace(".", ",") : value), kronerField(LIMITS.entryFeeDkk));
}

/** The importer's postal code (a number) or a form's ("8000", "FO-100"), through the shared postal code field. */
function marketPostalCodeField() {
  return z.preprocess((value) => (typeof value === "number" ? String(value) : value), postalCodeField({ required: t("markets.input.postalCodeRequired") }));
}

function stallCountField() {
  const { min, max } = LIMITS.stallCount;
  return z.preprocess(
    numberFromText,
    z
      .number({ error: t("markets.input.stallCountWhole") })
      .int({ error: t("markets.input.stallCountWhole") })
      .min(min, { error: t("markets.input.stallCountTooLow", { min }) })
      .max(max, { error: t("markets.input.stallCountTooHigh") })
      .nullable(),
  );
}

const marketFields = {
  name: requiredText(LIMITS.name.max, {
    required: t("markets.input.nameRequired"),
    min: LIMITS.name.min,
    tooShort: t("markets.input.nameTooShort", { min: LIMITS.name.min }),
    tooLong: t("markets.input.nameTooLong", { max: count(LIMITS.name.max) }),
  }),
  description: z
    .string()
    .trim()
    .max(LIMITS.description, { error: t("markets.input.descriptionTooLong", { max: count(LIMITS.description) }) })
    .optional()
    .transform((value) => value ?? ""),
  venueName: optionalText(LIMITS.venueName, t("markets.input.venueNameTooLong", { max: count(LIMITS.venueName) })),
  street: optionalText(LIMITS.street, t("markets.input.streetTooLong", { max: count(LIMITS.street) })),
  postalCode: marketPostalCodeField(),
  city: requiredText(LIMITS.city.max, {
    required: t("markets.input.cityRequired"),
    min: LIMITS.city.min,
    tooShort: t("markets.input.cityRequired"),
    tooLong: t("markets.input.cityTooLong", { max: count(LIMITS.city.max) }),
  }),
  municipality: optionalText(LIMITS.municipality, t("markets.input.municipalityTooLong", { max: count(LIMITS.municipality) })),
  latitude: coordinateField(54, 84, { notANumber: t("markets.input.latitudeNotANumber"), outside: t("markets.input.latitudeOutside") }),
  longitude: coordinateField(-75, 16, { notANumber: t("markets.input.longitudeNotANumber"), outside: t("markets.input.longitudeOutside") }),
  entryFeeDkk: entryFeeField(),
  entryFeeText: optionalText(LIMITS.entryFeeText, t("markets.input.entryFeeTextTooLong", { max: count(LIMITS.entryFeeText) })),
  stallPriceText: optionalText(LIMITS.stallPriceText, t("markets.input.stallPriceTextTooLong", { max: count(LIMITS.stallPriceText) })),
  bookingInfo: optionalText(LIMITS.bookingInfo, t("markets.input.bookingInfoTooLong", { max: count(LIMITS.bookingInfo) })),
  stallCount: stallCountField(),
  website: urlField(),
  email: optionalEmailField(),
  phone: phoneField(),
  facebook: urlField(),
};

/** The plain fields of a market, with the Danish messages a person sees at each field. */
export const marketFieldsSchema = z.object(marketFields);

/** One schedule, checked by validateSchedule; each problem at the schedule's field it is about. */
const scheduleSchema = z
  .custom<ScheduleSpec>((value) => typeof value === "object" && value !== null && !Array.isArray(value), {
    error: t("markets.schedule.errors.kind"),
  })
  .superRefine((spec, context) => {
    for (const issue of validateSchedule(spec)) context.addIssue({ code: "custom", message: issue.message, path: [issue.field] });
  });

/** A whole market, as the importer and the organisers' forms give it to the write path. */
export const marketInputSchema = z.object({
  slug: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || slugify(value) === value, { error: t("markets.input.slugInvalid") }),
  ...marketFields,
  type: z.enum(MARKET_TYPES, { error: t("markets.input.typeRequired") }),
  setting: z
    .enum(SETTINGS, { error: t("markets.input.settingInvalid") })
    .nullish()
    .transform((value) => value ?? null),
  facilities: z
    .array(z.enum(FACILITIES, { error: t("markets.input.facilityInvalid") }))
    .default([])
    .transform((facilities) => [...new Set(facilities)]),
  status: z.enum(MARKET_STATUSES, { error: t("markets.input.statusInvalid") }),
  schedules: z.array(scheduleSchema).min(1, { error: t("markets.input.scheduleRequired") }),
}) satisfies z.ZodType<MarketInput, unknown>;
