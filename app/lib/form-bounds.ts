/**
 * What a posted form may hold, whatever its size in bytes. A form field's name is a path in the
 * form library's notation ("datoer[2].aabner" is datoer, 2, aabner), and the library builds the
 * value that path describes: one field named "x[100000000]" makes a list of a hundred million
 * slots, which the reply then walks and serialises. A body of fifty bytes could stop the server.
 * So every posted form is held to these bounds when it is read (request-body.server.ts), before
 * anything parses a path, and a draft's stored fields to the same when they are read back.
 *
 * Our largest form is the market form's schedule step: up to 60 rows of dates with three fields
 * each (CHOICE_LIMITS, and a crafted post may send twice that to be told "too many rows"), names
 * at most four parts deep ("regel.aflyst[3].note"), none longer than 30 characters. The bounds
 * leave room above that and none for anything else. docs/security.md lists them with their tests.
 */

/** Fields in one post; more is refused as too large (413). */
export const FORM_MAX_FIELDS = 500;
/** Characters in a field's name; a longer name is dropped. */
export const FIELD_NAME_MAX_LENGTH = 100;
/** Parts of a field's name ("a.b[0].c" has four); a deeper name is dropped. */
export const FIELD_PATH_MAX_DEPTH = 5;
/** The highest list index a name may carry ("datoer[127].dato"); a higher one is dropped. */
export const FIELD_INDEX_MAX = 127;

export type FieldPath = (string | number)[];

/** A part of a name: a key (anything but ".", "[" and "]") or a list index of up to three digits; "x[]" adds to a list. */
const PART = /([^.[\]]+)|\[(\d{0,3})\]/y;

/** Keys that would reach an object's prototype rather than a field. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * The path a field's name stands for, read as the form library reads it ("" for "[]"), or null when
 * the name is malformed or over a bound: such a field is dropped, since no page of ours sends it.
 */
export function fieldPath(name: string): FieldPath | null {
  if (name.length === 0 || name.length > FIELD_NAME_MAX_LENGTH) return null;
  const path: FieldPath = [];
  let at = 0;
  while (at < name.length) {
    // One "." between parts, never at the start, never before "[".
    if (name[at] === "." && path.length > 0 && name[at + 1] !== "[") at++;
    PART.lastIndex = at;
    const match = PART.exec(name);
    if (!match) return null;
    const [whole, key, index] = match;
    if (key !== undefined) {
      if (UNSAFE_KEYS.has(key) || (path.length > 0 && name[at - 1] !== ".")) return null;
      path.push(key);
    } else if (index === "") {
      path.push("");
    } else {
      const number = Number(index);
      if (number > FIELD_INDEX_MAX || (index!.length > 1 && index!.startsWith("0"))) return null;
      path.push(number);
    }
    at += whole.length;
    if (path.length > FIELD_PATH_MAX_DEPTH) return null;
  }
  // "[]" only at the end, as the library allows.
  return path.slice(0, -1).includes("") ? null : path;
}

/** The form without the fields whose names fall outside the bounds; null when it has too many fields. */
export function boundedForm(form: FormData): FormData | null {
  let count = 0;
  const kept = new FormData();
  for (const [name, value] of form.entries()) {
    if (++count > FORM_MAX_FIELDS) return null;
    if (fieldPath(name) !== null) kept.append(name, value);
  }
  return kept;
}
