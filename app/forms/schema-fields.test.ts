import { describe, expect, it } from "vitest";
import { z } from "zod";
import { scheduleChoicesSchema } from "~/organiser/form/schedule-choices";
import { schemaFields, schemaReads } from "./schema-fields";

const names = (form: FormData) => [...form.keys()];

function formOf(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("the fields a schema reads", () => {
  const schema = z
    .object({
      email: z.email(),
      facilities: z.array(z.string()).optional(),
      enkelt: z.object({ dato: z.string(), aabner: z.string().optional() }).optional(),
      datoer: z
        .array(z.object({ dato: z.string() }).optional())
        .max(60)
        .optional(),
      amount: z.preprocess((value) => Number(value), z.number()),
    })
    .refine(() => true);

  it("follows objects, lists, wrappers, refinements and transforms", () => {
    for (const path of [["email"], ["facilities"], ["facilities", 0], ["enkelt", "dato"], ["datoer", 3, "dato"], ["amount"]]) {
      expect(schemaReads(schema, path), path.join(".")).toBe(true);
    }
    for (const path of [["x"], ["email", "x"], ["enkelt"], ["enkelt", "x"], ["datoer", "dato"], ["datoer", 0, "x"], ["facilities", 0, "x"], ["toString"], ["__intent__"]]) {
      expect(schemaReads(schema, path), path.join(".")).toBe(false);
    }
  });

  it("keeps only those of a post, in order, repeated values too", () => {
    const posted = formOf([
      ["email", "a@b.dk"],
      ["x[5]", "a"],
      ["facilities", "food"],
      ["facilities", "dogs"],
      ["hasOwnProperty", "a"],
      ["datoer[1].dato", "2027-05-02"],
      ["datoer[1].x", "a"],
      ["intent", "gem"],
    ]);
    expect(names(schemaFields(posted, schema))).toEqual(["email", "facilities", "facilities", "datoer[1].dato"]);
  });

  it("reads every branch of the schedule step's choice of kind", () => {
    const posted = formOf([
      ["tidsplan", "regel"],
      ["enkelt.dato", "2027-05-02"],
      ["datoer[4].aabner", "10:00"],
      ["dage.tider[2].lukker", "15:00"],
      ["regel.ugedage", "sat"],
      ["regel.aflyst[0].note", "Regn"],
      ["aabningstider.sun.lukket", "on"],
      ["regel.x", "a"],
    ]);
    expect(names(schemaFields(posted, scheduleChoicesSchema))).toEqual(names(posted).slice(0, -1));
  });

  it("keeps a check of one field and drops every other instruction to the form library", () => {
    const check = JSON.stringify({ type: "validate", payload: { name: "email" } });
    expect(
      names(
        schemaFields(
          formOf([
            ["__intent__", check],
            ["email", "a"],
          ]),
          schema,
        ),
      ),
    ).toEqual(["__intent__", "email"]);
    for (const intent of [
      "x",
      "{",
      "null",
      JSON.stringify({ type: "update", payload: { name: "datoer", index: 100000000, value: "a" } }),
      JSON.stringify({ type: "insert", payload: { name: "datoer", index: 5 } }),
      JSON.stringify({ type: "validate", payload: { name: "x[100000000]" } }),
    ]) {
      expect(
        names(
          schemaFields(
            formOf([
              ["__intent__", intent],
              ["email", "a"],
            ]),
            schema,
          ),
        ),
        intent,
      ).toEqual(["email"]);
    }
    expect(
      names(
        schemaFields(
          formOf([
            ["__state__", "x"],
            ["email", "a"],
          ]),
          schema,
        ),
      ),
    ).toEqual(["email"]);
  });
});
