import type { z } from "zod";
import { fieldPath, type FieldPath } from "~/lib/form-bounds";
import { definition } from "./schema-definition";

/*
 * Only the fields a form's schema reads reach the form library: a post's other fields (a crafted
 * "x[5]", a name no page has) would otherwise be built into the submission and sent back in the
 * reply, which fills the form in again. The schema is the one truth for which names a form has
 * (decision 0018), so it is read for that too.
 */

/** Wrappers whose shape is the shape of what they wrap. */
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "nonoptional", "readonly", "success", "promise"]);

/**
 * Does the schema read a value at this path? An object reads its keys, a list an index or its
 * values repeated under its own name; a value (text, a number, a choice, a file) ends the path.
 */
export function schemaReads(schema: z.ZodType, path: FieldPath): boolean {
  const def = definition(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return schemaReads(def.innerType, path);
  const [head, ...rest] = path;
  switch (def.type) {
    case "object":
      return typeof head === "string" && Object.hasOwn(def.shape ?? {}, head) && schemaReads(def.shape![head]!, rest);
    case "array":
      return head === undefined || ((typeof head === "number" || head === "") && schemaReads(def.element!, rest));
    case "tuple":
      return typeof head === "number" && Boolean(def.items?.[head] ?? def.rest) && schemaReads((def.items?.[head] ?? def.rest)!, rest);
    case "record":
      return typeof head === "string" && schemaReads(def.valueType!, rest);
    case "pipe":
      return schemaReads(def.in!, path) || schemaReads(def.out!, path);
    case "union":
      return (def.options ?? []).some((option) => schemaReads(option, path));
    case "intersection":
      return schemaReads(def.left!, path) || schemaReads(def.right!, path);
    case "lazy":
      return schemaReads(def.getter!(), path);
    case "any":
    case "unknown":
      return true;
    default:
      // A value: text, a number, a choice, a file, a transform of what was posted.
      return head === undefined;
  }
}

/** The form library's own fields: a check of one field is the only one the server takes. */
const INTENT_FIELD = "__intent__";

/**
 * The library reads this field's JSON as an instruction (insert a row at an index, update a path),
 * and throws on anything else. The pages send the server none but "validate" (a check of one field,
 * app/organiser/form/components/StepFieldsForm.tsx): that one is kept, every other dropped.
 */
function isFieldCheck(value: FormDataEntryValue): boolean {
  if (typeof value !== "string" || value.length > 200) return false;
  try {
    const intent = JSON.parse(value) as { type?: unknown; payload?: { name?: unknown } } | null;
    return (
      intent?.type === "validate" &&
      typeof intent.payload === "object" &&
      intent.payload !== null &&
      (intent.payload.name === undefined || (typeof intent.payload.name === "string" && fieldPath(intent.payload.name) !== null))
    );
  } catch {
    return false;
  }
}

/** The posted fields this schema reads (and a check of one field), in the order they came. */
export function schemaFields(form: FormData, schema: z.ZodType): FormData {
  const kept = new FormData();
  let intentKept = false;
  for (const [name, value] of form.entries()) {
    if (name === INTENT_FIELD) {
      if (!intentKept && isFieldCheck(value)) kept.append(name, value);
      intentKept = true;
      continue;
    }
    const path = fieldPath(name);
    if (path && schemaReads(schema, path)) kept.append(name, value);
  }
  return kept;
}
