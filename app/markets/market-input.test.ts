import { describe, expect, it } from "vitest";
import { marketFieldsSchema, marketInputSchema } from "./market-input";

const schedule = { kind: "rule", startDate: "2027-05-02", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" };

/** As a form posts it through Conform: every value text, an empty field undefined. */
const fromForm = {
  name: "Loppemarked på Torvet",
  postalCode: "FO-100",
  city: "Tórshavn",
  latitude: "62,01",
  longitude: "-6,77",
  entryFeeDkk: "25,50",
  stallCount: "40",
  email: "Info@Example.DK",
  type: "flea_market",
  status: "pending",
  schedules: [schedule],
};

/** As the importer hands it over: numbers already read from its columns, empty texts "". */
const fromImporter = {
  name: "Loppemarked på Torvet",
  description: "",
  venueName: "",
  street: "Torvet 1",
  postalCode: 8000,
  city: "Aarhus C",
  municipality: "",
  latitude: 56.15,
  longitude: 10.2,
  entryFeeDkk: 0,
  entryFeeText: undefined,
  stallPriceText: "",
  bookingInfo: "",
  stallCount: null,
  website: "https://example.dk",
  email: "",
  phone: "12 34 56 78",
  facebook: "",
  type: "flea_market",
  setting: "outdoor",
  facilities: ["toilets", "toilets"],
  status: "published",
  schedules: [schedule],
};

describe("the market schema", () => {
  it("reads a form's texts, with empty fields left out", () => {
    const market = marketInputSchema.parse(fromForm);
    expect(market).toMatchObject({
      postalCode: 3800,
      latitude: 62.01,
      longitude: -6.77,
      entryFeeDkk: 25.5,
      stallCount: 40,
      email: "info@example.dk",
      description: "",
      venueName: null,
      website: null,
      setting: null,
      facilities: [],
    });
  });

  it("takes the importer's numbers as they are", () => {
    const market = marketInputSchema.parse(fromImporter);
    expect(market).toMatchObject({ postalCode: 8000, latitude: 56.15, entryFeeDkk: 0, stallCount: null, email: null, facilities: ["toilets"] });
  });

  it("says in Danish what is wrong, at the field", () => {
    const result = marketFieldsSchema.safeParse({ ...fromImporter, name: "Xy", postalCode: 12, latitude: 40, entryFeeDkk: 20_000, stallCount: 0 });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toEqual({
      name: "Navnet skal være mindst 3 tegn.",
      postalCode: "Skriv et postnummer med fire cifre, fx 8000, eller et færøsk som FO-100.",
      latitude: "Breddegraden ligger uden for Danmark, Grønland og Færøerne.",
      entryFeeDkk: "Beløbet må højst være 10.000 kr.",
      stallCount: "Antal stader skal være mindst 1.",
    });
  });

  it("checks every schedule and points at its field", () => {
    const result = marketInputSchema.safeParse({ ...fromImporter, schedules: [{ ...schedule, endTime: "09:00" }] });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["schedules.0.endTime", "Lukketiden skal ligge efter åbningstiden."]]);
    expect(marketInputSchema.safeParse({ ...fromImporter, schedules: [] }).error?.issues[0]?.message).toBe("Angiv, hvornår markedet holdes.");
  });
});
