import { describe, expect, it } from "vitest";
import { MARKET_ID_FIELD, flattenFormValues, formDataOf, mergeStepFields, readDraftFields, rootOf, stepFieldNames, stepFields, stepOfField } from "./draft-fields";

function post(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("the fields of each step", () => {
  it("come from the step's schema, in its order", () => {
    expect(stepFieldNames("om-markedet")).toEqual(["type", "name", "description"]);
    expect(stepFieldNames("sted")).toEqual(["venueName", "street", "postalCode", "city", "latitude", "longitude", "pinned"]);
    expect(stepFieldNames("kontakt")).toEqual(["website", "email", "phone", "facebook"]);
    expect(stepFieldNames("se-og-send")).toEqual([]);
  });

  it("are found by the first part of a name, so a list row belongs to its list's step", () => {
    expect(rootOf("datoer[2].aabner")).toBe("datoer");
    expect(rootOf("enkelt.dato")).toBe("enkelt");
    expect(stepOfField("postalCode")).toBe("sted");
    expect(stepOfField("facilities")).toBe("praktisk");
    expect(stepOfField("intent")).toBeNull();
    expect(stepOfField(MARKET_ID_FIELD)).toBeNull();
  });
});

describe("merging a step's post into the draft", () => {
  const draft = { name: "Loppemarked på Torvet", type: "flea_market", facilities: ["food", "toilets"], entry: "gratis", [MARKET_ID_FIELD]: "7d7c1a52-2f3e-4d3b-9a43-1f7c3c1f2b10" };

  it("replaces that step's fields and keeps every other step's, wrong values and all", () => {
    const merged = mergeStepFields(
      draft,
      "om-markedet",
      post([
        ["name", "Lo"],
        ["type", "swap_market"],
        ["description", "Første afsnit.\n\nAndet."],
      ]),
    );
    expect(merged).toEqual({ ...draft, name: "Lo", type: "swap_market", description: "Første afsnit.\n\nAndet." });
  });

  it("empties a field the post leaves out: unticked checkboxes, a cleared choice", () => {
    const merged = mergeStepFields(draft, "praktisk", post([["facilities", "parking"]]));
    expect(merged.facilities).toBe("parking");
    expect(merged).not.toHaveProperty("entry");
    expect(mergeStepFields(draft, "praktisk", post([])).facilities).toBeUndefined();
  });

  it("keeps several values of one name as a list", () => {
    expect(
      mergeStepFields(
        {},
        "praktisk",
        post([
          ["facilities", "food"],
          ["facilities", "dogs"],
        ]),
      ).facilities,
    ).toEqual(["food", "dogs"]);
  });

  it("ignores the buttons, other steps' names, unknown names and the draft's own keys", () => {
    const merged = mergeStepFields(
      draft,
      "kontakt",
      post([
        ["intent", "videre"],
        ["name", "Overtaget"],
        ["hacker", "1"],
        [MARKET_ID_FIELD, "00000000-0000-4000-8000-000000000000"],
        ["email", "a@b.dk"],
      ]),
    );
    expect(merged).toEqual({ ...draft, email: "a@b.dk" });
  });

  it("takes only text, never a file", () => {
    const form = post([["website", "https://eksempel.dk"]]);
    form.append("phone", new File(["x"], "telefon.txt"));
    expect(mergeStepFields({}, "kontakt", form)).toEqual({ website: "https://eksempel.dk" });
  });
});

describe("the draft as a post and as stored", () => {
  it("is posted again without the draft's own keys", () => {
    const form = formDataOf({ name: "Marked", facilities: ["food", "dogs"], [MARKET_ID_FIELD]: "x" });
    expect([...form.entries()]).toEqual([
      ["name", "Marked"],
      ["facilities", "food"],
      ["facilities", "dogs"],
    ]);
  });

  it("keeps only one step's fields when asked", () => {
    expect(stepFields({ name: "Marked", city: "Aarhus C", email: "a@b.dk" }, "sted")).toEqual({ city: "Aarhus C" });
  });

  it("reads back text and lists of text, and nothing else, from whatever the row holds", () => {
    expect(readDraftFields('{"name":"Marked","facilities":["food",3],"stallCount":40,"x":null}')).toEqual({ name: "Marked", facilities: ["food"] });
    expect(readDraftFields("ikke json")).toEqual({});
    expect(readDraftFields("[1,2]")).toEqual({});
  });

  it("flattens form values to the names a form posts", () => {
    expect(
      flattenFormValues({
        tidsplan: "datoer",
        enkelt: { dato: "2027-05-02", aabner: "" },
        datoer: [{ dato: "2027-05-02", aabner: "10:00" }, { dato: "2027-06-06" }],
        regel: { ugedage: ["sat", "sun"], numre: ["1"] },
      }),
    ).toEqual({
      tidsplan: "datoer",
      "enkelt.dato": "2027-05-02",
      "datoer[0].dato": "2027-05-02",
      "datoer[0].aabner": "10:00",
      "datoer[1].dato": "2027-06-06",
      "regel.ugedage": ["sat", "sun"],
      "regel.numre": "1",
    });
  });
});
