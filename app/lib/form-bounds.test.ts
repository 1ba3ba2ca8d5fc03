import { describe, expect, it } from "vitest";
import { boundedForm, fieldPath, FIELD_INDEX_MAX, FIELD_NAME_MAX_LENGTH, FIELD_PATH_MAX_DEPTH, FORM_MAX_FIELDS } from "./form-bounds";

describe("a posted field's name", () => {
  it("is read as the form library reads it, for every kind of name our pages send", () => {
    expect(fieldPath("email")).toEqual(["email"]);
    expect(fieldPath("color-scheme")).toEqual(["color-scheme"]);
    expect(fieldPath("enkelt.dato")).toEqual(["enkelt", "dato"]);
    expect(fieldPath("datoer[2].aabner")).toEqual(["datoer", 2, "aabner"]);
    expect(fieldPath("regel.aflyst[59].note")).toEqual(["regel", "aflyst", 59, "note"]);
    expect(fieldPath("aabningstider.mon.lukket")).toEqual(["aabningstider", "mon", "lukket"]);
    expect(fieldPath("tags[]")).toEqual(["tags", ""]);
    expect(fieldPath("a[0][1]")).toEqual(["a", 0, 1]);
  });

  it("is dropped when it is malformed, where the library would throw", () => {
    for (const name of ["", ".a", "a.", "a..b", "a.[0]", "a[0]b", "a[x]", "a]", "a[", "a[-1]", "a[01]", "[]x", "a[].b", "__proto__", "a.constructor", "a.prototype.b"]) {
      expect(fieldPath(name), name).toBeNull();
    }
  });

  it("is dropped past each bound: list index, depth and length", () => {
    expect(fieldPath(`x[${FIELD_INDEX_MAX}]`)).toEqual(["x", FIELD_INDEX_MAX]);
    expect(fieldPath(`x[${FIELD_INDEX_MAX + 1}]`)).toBeNull();
    expect(fieldPath("x[10000000]")).toBeNull();
    expect(fieldPath("x[100000000].dato")).toBeNull();
    const deep = (parts: number) => Array.from({ length: parts }, (_, index) => `p${index}`).join(".");
    expect(fieldPath(deep(FIELD_PATH_MAX_DEPTH))).toHaveLength(FIELD_PATH_MAX_DEPTH);
    expect(fieldPath(deep(FIELD_PATH_MAX_DEPTH + 1))).toBeNull();
    expect(fieldPath(`a${"[0]".repeat(FIELD_PATH_MAX_DEPTH)}`)).toBeNull();
    expect(fieldPath("n".repeat(FIELD_NAME_MAX_LENGTH))).toEqual(["n".repeat(FIELD_NAME_MAX_LENGTH)]);
    expect(fieldPath("n".repeat(FIELD_NAME_MAX_LENGTH + 1))).toBeNull();
  });
});

describe("a posted form held to the bounds", () => {
  it("keeps every field within them, in order, repeated names and files too", () => {
    const form = new FormData();
    form.append("facilities", "food");
    form.append("facilities", "dogs");
    form.append("datoer[0].dato", "2027-05-02");
    form.append("image", new File(["x"], "a.png"));
    const kept = boundedForm(form)!;
    expect([...kept.keys()]).toEqual(["facilities", "facilities", "datoer[0].dato", "image"]);
    expect(kept.get("image")).toBeInstanceOf(File);
  });

  it("drops the fields past the bounds and keeps the rest", () => {
    const form = new FormData();
    form.append("email", "x@y.dk");
    form.append("x[10000000]", "a");
    form.append("a.b.c.d.e.f", "a");
    expect([...boundedForm(form)!.entries()]).toEqual([["email", "x@y.dk"]]);
  });

  it(`takes ${FORM_MAX_FIELDS} fields and no more`, () => {
    const form = new FormData();
    for (let index = 0; index < FORM_MAX_FIELDS; index++) form.append("f", String(index));
    expect([...boundedForm(form)!.keys()]).toHaveLength(FORM_MAX_FIELDS);
    form.append("f", "one too many");
    expect(boundedForm(form)).toBeNull();
  });
});
