import { z } from "zod";
import { parsePostalCode } from "~/forms/fields";
import { parseSubmission } from "~/forms/parse-form.server";
import { marketInputSchema } from "../../markets/market-input";
import { STEP_SLUGS, type StepSlug } from "./form-steps";
import { SCHEDULES_KEPT_FIELD, flattenFormValues, formDataOf, keepsStoredSchedules, stepFields, textOf, type DraftFields } from "./draft-fields";
import { postalTown, postalTownByName } from "./postal-towns.server";
import type { MarketSnapshot } from "../../revisions/snapshot";
import type { ScheduleSpec } from "../../markets/types";
import { STEP_SCHEMAS, type EntryKind, type StepValues } from "./step-schemas";
import { choicesFromSchedules, readScheduleChoices, schedulesFromChoices } from "./schedule-choices";

/*
 * From a draft to a market and back: a step checked as a post of it would be, the whole draft
 * checked before it is sent (and what is missing, by step), the preview of a draft that is not
 * complete yet, and the fields of a stored market for its edit form.
 */

/** A step's fields checked by its schema, as a post of that step would be: the reply shows the messages at the fields. */
export function checkStep(fields: DraftFields, step: StepSlug) {
  return parseSubmission(formDataOf(stepFields(fields, step)), STEP_SCHEMAS[step]);
}

/**
 * What the server fills in on saving the place: the town when the postal register knows the code
 * and the town was left empty, and the position, which is the pin the person put or otherwise the
 * centre of the code's town (of the typed town, for a code the register does not know).
 */
export function withPlaceFilled(fields: DraftFields): DraftFields {
  const code = parsePostalCode(textOf(fields, "postalCode"));
  const town = code === null ? null : postalTown(code);
  const filled: DraftFields = { ...fields };
  if (town && textOf(fields, "city").trim() === "") filled.city = town.city;
  if (textOf(fields, "pinned") !== "1") {
    delete filled.pinned;
    const centre = town ?? postalTownByName(textOf(fields, "city"));
    if (centre) {
      filled.latitude = String(centre.latitude);
      filled.longitude = String(centre.longitude);
    } else {
      delete filled.latitude;
      delete filled.longitude;
    }
  }
  return filled;
}

export interface DraftProblem {
  step: StepSlug;
  /** The field's name; "" for a problem of the step as a whole. */
  field: string;
  message: string;
}

export type DraftCheck = { ok: true; snapshot: MarketSnapshot } | { ok: false; problems: DraftProblem[] };

/**
 * What an edit takes from the market as it is stored: its municipality when the town table does
 * not know the postal code and the code is kept, and its schedules when the form cannot show them
 * and the person has not chosen new ones.
 */
export type StoredFacts = Pick<MarketSnapshot, "postalCode" | "municipality" | "schedules">;

function municipalityFor(postalCode: number, fallback?: StoredFacts): string | null {
  const town = postalTown(postalCode);
  if (town) return town.municipality;
  return fallback && fallback.postalCode === postalCode ? fallback.municipality : null;
}

function entryFee(entry: EntryKind | undefined, amount: number | null, text: string | null) {
  return {
    entryFeeDkk: entry === "gratis" ? 0 : entry === "beloeb" ? amount : null,
    entryFeeText: entry === "tekst" ? text : null,
  };
}

/** The schedules a step's checked fields make. */
export function schedulesFromValues(values: StepValues["datoer-og-tider"]): ScheduleSpec[] {
  return schedulesFromChoices(readScheduleChoices(values));
}

/** The schedules of a draft: its choices, or the stored ones an edit keeps. */
type Schedules = { kind: "choices"; values: StepValues["datoer-og-tider"] } | { kind: "kept"; schedules: ScheduleSpec[] };

export function snapshotFromValues(values: Omit<StepValues, "datoer-og-tider">, schedules: ScheduleSpec[], fallback?: StoredFacts): MarketSnapshot {
  const about = values["om-markedet"];
  const place = values.sted;
  const practical = values.praktisk;
  const contact = values.kontakt;
  const positioned = place.latitude !== null && place.longitude !== null;
  return {
    type: about.type,
    name: about.name,
    description: about.description,
    venueName: place.venueName,
    street: place.street,
    postalCode: place.postalCode,
    city: place.city,
    municipality: municipalityFor(place.postalCode, fallback),
    latitude: positioned ? place.latitude : null,
    longitude: positioned ? place.longitude : null,
    schedules,
    ...entryFee(practical.entry, practical.entryFeeDkk, practical.entryFeeText),
    stallPriceText: practical.stallPriceText,
    stallCount: practical.stallCount,
    bookingInfo: practical.bookingInfo,
    facilities: practical.facilities,
    setting: practical.setting,
    website: contact.website,
    email: contact.email,
    phone: contact.phone,
    facebook: contact.facebook,
  };
}

/** Does this step pass? The schedule step of an edit that keeps its stored schedules always does. */
export function stepPasses(fields: DraftFields, step: StepSlug, stored?: StoredFacts): boolean {
  if (step === "datoer-og-tider" && stored && keepsStoredSchedules(fields)) return true;
  return checkStep(fields, step).status === "success";
}

/** The whole draft checked, every step, as the market it would be; what is missing in the order of the steps. */
export function checkDraft(fields: DraftFields, stored?: StoredFacts): DraftCheck {
  const problems: DraftProblem[] = [];
  const values: Partial<Record<StepSlug, unknown>> = {};
  let schedules: Schedules | null = null;
  for (const step of STEP_SLUGS) {
    if (step === "datoer-og-tider" && stored && keepsStoredSchedules(fields)) {
      schedules = { kind: "kept", schedules: stored.schedules };
      continue;
    }
    const submission = checkStep(fields, step);
    if (submission.status === "success") {
      values[step] = submission.value;
      if (step === "datoer-og-tider") schedules = { kind: "choices", values: submission.value as StepValues["datoer-og-tider"] };
      continue;
    }
    for (const [field, messages] of Object.entries(submission.error ?? {})) {
      if (messages?.[0]) problems.push({ step, field, message: messages[0] });
    }
  }
  if (problems.length || !schedules) return { ok: false, problems };
  const specs = schedules.kind === "kept" ? schedules.schedules : schedulesFromValues(schedules.values);
  // The schedules as the write path takes them (validateSchedule): what the choices make must hold too.
  const checked = marketInputSchema.shape.schedules.safeParse(specs);
  if (!checked.success) {
    return { ok: false, problems: checked.error.issues.map((issue) => ({ step: "datoer-og-tider", field: "", message: issue.message })) };
  }
  return { ok: true, snapshot: snapshotFromValues(values as StepValues, specs, stored) };
}

/** One field parsed on its own, as Conform would parse it in a post; undefined when it is wrong or missing. */
function lenientField(schema: z.ZodObject<z.core.$ZodShape>, fields: DraftFields, name: string): unknown {
  const value = fields[name];
  // A schema of this one field (pick() refuses an object with a refinement, as "Praktisk" has).
  const single = z.object({ [name]: schema.shape[name]! });
  const submission = parseSubmission(formDataOf(value === undefined ? {} : { [name]: value }), single);
  return submission.status === "success" ? submission.value[name] : undefined;
}

/** A step's values as far as they are right: the whole step when it passes, otherwise each field that does. */
function lenientStep<Step extends StepSlug>(fields: DraftFields, step: Step): Partial<StepValues[Step]> {
  const submission = checkStep(fields, step);
  if (submission.status === "success") return submission.value as StepValues[Step];
  const schema = STEP_SCHEMAS[step] as unknown as z.ZodObject;
  return Object.fromEntries(Object.keys(schema.shape).map((name) => [name, lenientField(schema, fields, name)])) as Partial<StepValues[Step]>;
}

/**
 * The market a draft would be, as far as it goes: for "Se og send", which shows the page while
 * something is still missing. Each wrong or missing field is left out (the list beside it says
 * what is wrong); without a type, a name, a postal code and a town there is no page to show.
 */
export function previewSnapshot(fields: DraftFields, fallback?: StoredFacts): MarketSnapshot | null {
  const whole = checkDraft(fields, fallback);
  if (whole.ok) return whole.snapshot;
  const about = lenientStep(fields, "om-markedet");
  const place = lenientStep(fields, "sted");
  if (about.type === undefined || about.name === undefined || place.postalCode === undefined || place.city === undefined) return null;
  const practical = lenientStep(fields, "praktisk");
  const contact = lenientStep(fields, "kontakt");
  const choices = checkStep(fields, "datoer-og-tider");
  const schedules =
    fallback && keepsStoredSchedules(fields) ? fallback.schedules : choices.status === "success" ? schedulesFromValues(choices.value as StepValues["datoer-og-tider"]) : [];
  const positioned = place.latitude != null && place.longitude != null;
  return {
    type: about.type,
    name: about.name,
    description: about.description ?? "",
    venueName: place.venueName ?? null,
    street: place.street ?? null,
    postalCode: place.postalCode,
    city: place.city,
    municipality: municipalityFor(place.postalCode, fallback),
    latitude: positioned ? place.latitude! : null,
    longitude: positioned ? place.longitude! : null,
    schedules: marketInputSchema.shape.schedules.safeParse(schedules).success ? schedules : [],
    ...entryFee(practical.entry, practical.entryFeeDkk ?? null, practical.entryFeeText ?? null),
    stallPriceText: practical.stallPriceText ?? null,
    stallCount: practical.stallCount ?? null,
    bookingInfo: practical.bookingInfo ?? null,
    facilities: practical.facilities ?? [],
    setting: practical.setting ?? null,
    website: contact.website ?? null,
    email: contact.email ?? null,
    phone: contact.phone ?? null,
    facebook: contact.facebook ?? null,
  };
}

function kronerText(amount: number): string {
  return String(amount).replace(".", ",");
}

/** A stored market as the edit form's fields, as if the person had typed it. */
export function fieldsFromSnapshot(snapshot: MarketSnapshot): DraftFields {
  const entry: EntryKind | null = snapshot.entryFeeText ? "tekst" : snapshot.entryFeeDkk === 0 ? "gratis" : snapshot.entryFeeDkk !== null ? "beloeb" : null;
  const town = postalTown(snapshot.postalCode);
  const positioned = snapshot.latitude !== null && snapshot.longitude !== null;
  // A position other than the town's centre was put there on purpose: it stays when the postal code changes.
  const pinned = positioned && !(town && town.latitude === snapshot.latitude && town.longitude === snapshot.longitude);
  const fields: Record<string, string | string[] | null | undefined> = {
    type: snapshot.type,
    name: snapshot.name,
    description: snapshot.description,
    venueName: snapshot.venueName,
    street: snapshot.street,
    postalCode: String(snapshot.postalCode),
    city: snapshot.city,
    latitude: positioned ? String(snapshot.latitude) : null,
    longitude: positioned ? String(snapshot.longitude) : null,
    pinned: pinned ? "1" : null,
    entry,
    entryFeeDkk: entry === "beloeb" && snapshot.entryFeeDkk !== null ? kronerText(snapshot.entryFeeDkk) : null,
    entryFeeText: snapshot.entryFeeText,
    stallPriceText: snapshot.stallPriceText,
    stallCount: snapshot.stallCount === null ? null : String(snapshot.stallCount),
    bookingInfo: snapshot.bookingInfo,
    facilities: snapshot.facilities.length ? [...snapshot.facilities] : null,
    setting: snapshot.setting,
    website: snapshot.website,
    email: snapshot.email,
    phone: snapshot.phone,
    facebook: snapshot.facebook,
  };
  const given = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string | string[]] => entry[1] !== null && entry[1] !== undefined && entry[1] !== ""));
  // Schedules the choices cannot show (an imported rule) are kept until the person chooses new ones.
  const choices = choicesFromSchedules(snapshot.schedules);
  return { ...given, ...(choices ? flattenFormValues(choices as Record<string, unknown>) : { [SCHEDULES_KEPT_FIELD]: "1" }) };
}

/** The step a draft's first problem is on. */
export function firstProblemStep(problems: DraftProblem[]): StepSlug {
  return problems[0]?.step ?? STEP_SLUGS[0];
}
