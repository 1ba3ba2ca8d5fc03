import type { z } from "zod";
import { definition } from "~/forms/schema-definition";
import { fieldPath } from "~/lib/form-bounds";
import { STEP_SLUGS, type StepSlug } from "./form-steps";
import type { SnapshotImage } from "../../revisions/snapshot";
import { STEP_SCHEMAS } from "./step-schemas";

/*
 * A draft (table market_drafts, drafts.server.ts) keeps the form's fields as they were typed,
 * under the names the form posts them with (Conform's: "name", "enkelt.dato", "datoer[2].aabner"):
 * text, or a list of text for a field with several values (a group of checkboxes). Nothing is
 * checked on the way in, so a step with a wrong value is saved as it stands and shown again.
 *
 * A step owns the fields whose first part of the name ("datoer" of "datoer[2].aabner") its schema
 * has. Keys starting with "_" are the draft's own and never come from a post: "_marketId" names
 * the market an edit is of (the table has no column for it), "_schedulesKept" says an edit keeps
 * the market's stored schedules. "images" (DRAFT_IMAGES_FIELD) holds a new market's pictures as
 * JSON text; no step has a field of that name, so no post sets it, and the image cleanup reads it
 * there (app/lib/images/referenced-files.server.ts, "drafts").
 */

export type DraftValue = string | string[];
export type DraftFields = Record<string, DraftValue>;

export const MARKET_ID_FIELD = "_marketId";
/**
 * "1" in an edit whose stored schedules the schedule fields cannot show (an imported rule): they
 * stay as they are until the person chooses a schedule of their own ("tidsplan").
 */
export const SCHEDULES_KEPT_FIELD = "_schedulesKept";

/**
 * A new market's pictures, uploaded on the "Billeder" step before the market exists: a list of
 * SnapshotImage as JSON text, in order, the first the cover. An edit's pictures are the market's
 * own and change through the market (app/organiser/pictures/), never through its draft.
 */
export const DRAFT_IMAGES_FIELD = "images";

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** The draft's pictures; whatever cannot be read as one is left out. */
export function draftImages(fields: DraftFields): SnapshotImage[] {
  const text = fields[DRAFT_IMAGES_FIELD];
  if (typeof text !== "string") return [];
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    const image = item as Partial<Record<keyof SnapshotImage, unknown>> | null;
    if (typeof image?.storageKey !== "string" || !image.storageKey || typeof image.alt !== "string" || !isCount(image.width) || !isCount(image.height)) return [];
    const widths = Array.isArray(image.widths) && image.widths.length && image.widths.every(isCount) ? image.widths : null;
    return [{ storageKey: image.storageKey, widths, width: image.width, height: image.height, alt: image.alt }];
  });
}

/** The fields with these pictures (none: the field is gone). */
export function withDraftImages(fields: DraftFields, images: readonly SnapshotImage[]): DraftFields {
  const { [DRAFT_IMAGES_FIELD]: _previous, ...rest } = fields;
  return images.length ? { ...rest, [DRAFT_IMAGES_FIELD]: JSON.stringify(images) } : rest;
}

/** Does this edit keep the market's stored schedules? */
export function keepsStoredSchedules(fields: DraftFields): boolean {
  return fields[SCHEDULES_KEPT_FIELD] === "1" && !fields.tidsplan;
}

/** The top-level field names a schema reads: an object's keys, through pipes, wrappers and unions. */
export function topLevelNames(schema: z.ZodType): string[] {
  const def = definition(schema);
  if (def.type === "object") return Object.keys(def.shape ?? {});
  if (def.type === "pipe" && def.in) return topLevelNames(def.in);
  if (def.innerType) return topLevelNames(def.innerType);
  if (def.options) return [...new Set(def.options.flatMap(topLevelNames))];
  return [];
}

const ROOTS = Object.fromEntries(STEP_SLUGS.map((step) => [step, topLevelNames(STEP_SCHEMAS[step])])) as Record<StepSlug, string[]>;
const OWNER = new Map<string, StepSlug>(STEP_SLUGS.flatMap((step) => ROOTS[step].map((name) => [name, step] as const)));

/** "datoer" of "datoer[2].aabner", "enkelt" of "enkelt.dato". */
export function rootOf(name: string): string {
  return name.split(/[.[]/, 1)[0]!;
}

/** The names of a step's fields (the first part of each), from its schema, in the schema's order. */
export function stepFieldNames(step: StepSlug): string[] {
  return ROOTS[step];
}

/** The step a field is on; null for a name no step has. */
export function stepOfField(name: string): StepSlug | null {
  return OWNER.get(rootOf(name)) ?? null;
}

/** Only the fields of one step. */
export function stepFields(fields: DraftFields, step: StepSlug): DraftFields {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => OWNER.get(rootOf(name)) === step));
}

/** Has anything been typed or chosen on this step: a field with more than spaces, or on "Billeder" a picture? */
export function stepHasContent(fields: DraftFields, step: StepSlug): boolean {
  if (step === "billeder") return draftImages(fields).length > 0;
  return Object.values(stepFields(fields, step)).some((value) => (Array.isArray(value) ? value : [value]).some((text) => text.trim() !== ""));
}

type Posted = Pick<FormData, "entries">;

/**
 * The draft with one step's fields replaced by what was posted on that step. A field the post
 * leaves out is emptied (an unticked checkbox sends nothing, a list row taken away is gone);
 * fields of other steps, and the draft's own keys, stay as they were. Files, the draft's own keys
 * and names that no step has are ignored.
 */
export function mergeStepFields(fields: DraftFields, step: StepSlug, posted: Posted): DraftFields {
  const merged: DraftFields = {};
  for (const [name, value] of Object.entries(fields)) if (name.startsWith("_") || OWNER.get(rootOf(name)) !== step) merged[name] = value;
  const values = new Map<string, string[]>();
  for (const [name, value] of posted.entries()) {
    if (typeof value !== "string" || OWNER.get(rootOf(name)) !== step) continue;
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  for (const [name, list] of values) merged[name] = list.length === 1 ? list[0]! : list;
  return merged;
}

/** The draft's form fields as a post, for the step schemas to parse as they parse a real one. */
export function formDataOf(fields: DraftFields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (name.startsWith("_")) continue;
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return form;
}

/** The first value of a field, "" when it has none. */
export function textOf(fields: DraftFields, name: string): string {
  const value = fields[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Form values as an object ({ enkelt: { dato: "…" }, datoer: [{ dato: "…" }], facilities: ["food"] })
 * flattened to the names a form posts them with: "enkelt.dato", "datoer[0].dato", "facilities".
 * Empty text is left out, as an empty field is.
 */
export function flattenFormValues(values: Record<string, unknown>, prefix = ""): DraftFields {
  const flat: DraftFields = {};
  for (const [key, value] of Object.entries(values)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") {
      if (value !== "") flat[name] = value;
    } else if (Array.isArray(value)) {
      if (value.every((item) => typeof item === "string")) {
        const items = value.filter((item) => item !== "");
        if (items.length) flat[name] = items.length === 1 ? items[0]! : items;
      } else {
        value.forEach((item, index) => {
          if (isRecord(item)) Object.assign(flat, flattenFormValues(item, `${name}[${index}]`));
          else if (typeof item === "string" && item !== "") flat[`${name}[${index}]`] = item;
        });
      }
    } else if (isRecord(value)) {
      Object.assign(flat, flattenFormValues(value, name));
    }
  }
  return flat;
}

/**
 * A draft's fields as stored: an object of text and lists of text, whatever the row held. A name
 * outside the bounds of a post (app/lib/form-bounds.ts) is left out: a draft saved before posts
 * were held to them may keep one, and every later read of the step would build what it describes.
 */
export function readDraftFields(json: string): DraftFields {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (!isRecord(parsed)) return {};
  const fields: DraftFields = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (fieldPath(name) === null) continue;
    if (typeof value === "string") fields[name] = value;
    else if (Array.isArray(value)) fields[name] = value.filter((item): item is string => typeof item === "string");
  }
  return fields;
}
