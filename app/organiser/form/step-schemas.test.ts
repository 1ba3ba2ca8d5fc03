import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/forms/parse-form.server";
import translation from "~/locales/da/translation.json";
import { aboutSchema, contactSchema, placeSchema, practicalSchema } from "./step-schemas";

const input = translation.markets.input;
const errors = translation.organiser.form.errors;

interface Parsed {
  status?: string;
  value?: Record<string, unknown>;
  error?: Record<string, string[] | null> | null;
}

/** A step posted as the form posts it: text, an empty field left out by Conform. */
function parse(schema: Parameters<typeof parseSubmission>[1], fields: Record<string, string | string[]>): Parsed {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  return parseSubmission(form, schema) as Parsed;
}

describe("Om markedet", () => {
  it("asks for a type and a name, with the market schema's Danish messages", () => {
    const submission = parse(aboutSchema, { name: "Lo", description: "" });
    expect(submission.error).toEqual({ type: [input.typeRequired], name: [input.nameTooShort.replace("{{min}}", "3")] });
  });

  it("keeps the description's paragraphs and takes an empty one", () => {
    expect(parse(aboutSchema, { type: "flea_market", name: "Loppemarked på Torvet", description: "Et.\n\nTo." }).value).toEqual({
      type: "flea_market",
      name: "Loppemarked på Torvet",
      description: "Et.\n\nTo.",
    });
    expect(parse(aboutSchema, { type: "flea_market", name: "Loppemarked" }).value?.description).toBe("");
  });
});

describe("Sted", () => {
  const place = { postalCode: "8000", city: "Aarhus C" };

  it.each([
    ["8000", 8000],
    ["1050", 1050],
    ["3800", 3800],
    ["3900", 3900],
    ["FO-100", 3800],
    ["DK-5000", 5000],
  ])("takes the postal code %s as %i", (code, number) => {
    expect(parse(placeSchema, { ...place, postalCode: code }).value?.postalCode).toBe(number);
  });

  it.each(["0800", "12345", "abcd", "80 00 0"])("refuses the postal code %s at its field", (code) => {
    expect(parse(placeSchema, { ...place, postalCode: code }).error).toEqual({ postalCode: [translation.forms.postalCode.invalid] });
  });

  it("asks for the postal code and the town", () => {
    expect(parse(placeSchema, {}).error).toEqual({ postalCode: [input.postalCodeRequired], city: [input.cityRequired] });
  });

  it("reads the hidden position and whether the person put the pin", () => {
    expect(parse(placeSchema, { ...place, latitude: "56.1572", longitude: "10.2107", pinned: "1" }).value).toMatchObject({ latitude: 56.1572, longitude: 10.2107, pinned: true });
    expect(parse(placeSchema, place).value).toMatchObject({ latitude: null, longitude: null, pinned: false });
    expect(parse(placeSchema, { ...place, latitude: "40", longitude: "10" }).error).toEqual({ latitude: [input.latitudeOutside] });
  });
});

describe("Praktisk", () => {
  it("asks for the amount when the entry is an amount, and the text when it is a text", () => {
    expect(parse(practicalSchema, { entry: "beloeb" }).error).toEqual({ entryFeeDkk: [errors.entryAmountRequired] });
    expect(parse(practicalSchema, { entry: "tekst" }).error).toEqual({ entryFeeText: [errors.entryTextRequired] });
    expect(parse(practicalSchema, { entry: "beloeb", entryFeeDkk: "12,50" }).value).toMatchObject({ entry: "beloeb", entryFeeDkk: 12.5 });
  });

  it("says so also while another field of the step is wrong: every message at once", () => {
    expect(parse(practicalSchema, { entry: "beloeb", stallCount: "mange" }).error).toEqual({
      entryFeeDkk: [errors.entryAmountRequired],
      stallCount: [input.stallCountWhole],
    });
  });

  it("needs nothing, and refuses an entry kind the page does not offer", () => {
    expect(parse(practicalSchema, {}).value).toEqual({
      entry: undefined,
      entryFeeDkk: null,
      entryFeeText: null,
      stallPriceText: null,
      stallCount: null,
      bookingInfo: null,
      facilities: [],
      setting: null,
    });
    expect(parse(practicalSchema, { entry: "alt" }).error).toEqual({ entry: [errors.entryKind] });
  });

  it("takes one ticked facility or several, and refuses one not on the list", () => {
    expect(parse(practicalSchema, { facilities: "food" }).value?.facilities).toEqual(["food"]);
    expect(parse(practicalSchema, { facilities: ["food", "dogs", "food"] }).value?.facilities).toEqual(["food", "dogs"]);
    expect(parse(practicalSchema, { facilities: "sauna" }).status).toBe("error");
  });

  it("gives a whole number of stalls or a message", () => {
    expect(parse(practicalSchema, { stallCount: "40" }).value?.stallCount).toBe(40);
    expect(parse(practicalSchema, { stallCount: "4,5" }).error).toEqual({ stallCount: [input.stallCountWhole] });
  });
});

describe("Kontakt", () => {
  it("takes nothing, and checks what is given", () => {
    expect(parse(contactSchema, {}).value).toEqual({ website: null, email: null, phone: null, facebook: null });
    const submission = parse(contactSchema, { website: "www.eksempel .dk", email: "ikke en adresse", phone: "ring", facebook: "https://facebook.com/marked" });
    expect(Object.keys(submission.error ?? {})).toEqual(["website", "email", "phone"]);
    // A web address as people type it is kept with https:// in front.
    expect(parse(contactSchema, { website: "www.eksempel.dk", facebook: "facebook.com/marked" }).value).toMatchObject({
      website: "https://www.eksempel.dk",
      facebook: "https://facebook.com/marked",
    });
  });
});
