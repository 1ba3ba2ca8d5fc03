import { describe, expect, it } from "vitest";
import { changedFieldsText, fieldChanges, fieldText } from "./field-changes";
import type { MarketSnapshot } from "./snapshot";

const market: MarketSnapshot = {
  type: "flea_market",
  name: "Loppemarked på Havnen",
  description: "Hver søndag på havnen.\n\nKaffe i boden.",
  venueName: "Havnepladsen",
  street: "Havnegade 1",
  postalCode: 8000,
  city: "Aarhus C",
  municipality: "Aarhus",
  latitude: 56.15,
  longitude: 10.2125,
  schedules: [{ kind: "rule", startDate: "2027-01-03", rrule: "FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9", startTime: "10:00", endTime: "15:00" }],
  entryFeeDkk: 0,
  entryFeeText: null,
  stallPriceText: "150 kr. pr. stand",
  stallCount: 1200,
  bookingInfo: null,
  facilities: ["toilets", "mobilepay"],
  setting: "outdoor",
  website: "https://havnen.example.dk",
  email: "havn@example.dk",
  phone: "12 34 56 78",
  facebook: null,
};

describe("fieldText: a field as a reviewer reads it", () => {
  it("writes schedules as Danish prose, one line each", () => {
    const twice = { ...market, schedules: [...market.schedules, { kind: "dates" as const, startDate: "2027-06-12", startTime: "09:00", endTime: "14:00" }] };
    expect(fieldText("schedules", twice)).toBe("Hver søndag fra maj til september kl. 10–15\nLørdag 12. juni 2027 kl. 9–14");
    expect(fieldText("schedules", { ...market, schedules: [] })).toBeNull();
  });

  it("gives types, facilities and the indoor choice by their Danish labels", () => {
    expect(fieldText("type", market)).toBe("Loppemarked");
    expect(fieldText("facilities", market)).toBe("Toiletter, MobilePay");
    expect(fieldText("facilities", { ...market, facilities: [] })).toBeNull();
    expect(fieldText("setting", market)).toBe("Udendørs");
    expect(fieldText("setting", { ...market, setting: null })).toBeNull();
  });

  it("formats entry fees, counts and coordinates the Danish way", () => {
    expect(fieldText("entryFeeDkk", market)).toBe("Gratis entré");
    expect(fieldText("entryFeeDkk", { ...market, entryFeeDkk: 1250.5 })).toBe("Entré 1.250,5 kr.");
    expect(fieldText("entryFeeDkk", { ...market, entryFeeDkk: null })).toBeNull();
    expect(fieldText("stallCount", market)).toBe("1.200 stader");
    expect(fieldText("latitude", market)).toBe("56,15");
    expect(fieldText("longitude", market)).toBe("10,2125");
    expect(fieldText("latitude", { ...market, latitude: null })).toBeNull();
    expect(fieldText("postalCode", market)).toBe("8000");
  });

  it("keeps texts as written, and an empty text is not filled in", () => {
    expect(fieldText("description", market)).toBe("Hver søndag på havnen.\n\nKaffe i boden.");
    expect(fieldText("facebook", market)).toBeNull();
    expect(fieldText("venueName", { ...market, venueName: "   " })).toBeNull();
  });
});

describe("fieldChanges: an edit field by field", () => {
  it("lists the changed fields in the form's order, with labels, before and after", () => {
    const after = { ...market, name: "Havnens Loppemarked", latitude: null, facilities: ["toilets" as const], entryFeeDkk: 20 };
    expect(fieldChanges(market, after)).toEqual([
      { field: "name", label: "Navn", before: "Loppemarked på Havnen", after: "Havnens Loppemarked" },
      { field: "latitude", label: "Breddegrad", before: "56,15", after: null },
      { field: "entryFeeDkk", label: "Entré i kroner", before: "Gratis entré", after: "Entré 20 kr." },
      { field: "facilities", label: "Faciliteter", before: "Toiletter, MobilePay", after: "Toiletter" },
    ]);
  });

  it("shows a schedule change as the two sentences", () => {
    const after = { ...market, schedules: [{ ...market.schedules[0]!, rrule: "FREQ=MONTHLY;BYDAY=1SA" }] };
    expect(fieldChanges(market, after)).toEqual([
      { field: "schedules", label: "Datoer og tider", before: "Hver søndag fra maj til september kl. 10–15", after: "Første lørdag i hver måned kl. 10–15" },
    ]);
  });

  it("takes the revision's own list of fields when given, and nothing changed is an empty list", () => {
    expect(fieldChanges(market, market)).toEqual([]);
    expect(fieldChanges(market, market, ["phone"]).map((change) => change.field)).toEqual(["phone"]);
  });

  it("has no before for a new market", () => {
    const changes = fieldChanges(null, market);
    expect(changes).toHaveLength(22);
    expect(changes.every((change) => change.before === null)).toBe(true);
  });
});

describe("changedFieldsText", () => {
  it("names the fields in a Danish sentence, in the form's order", () => {
    expect(changedFieldsText(["phone", "name", "description"])).toBe("Navn, Beskrivelse og Telefon");
    expect(changedFieldsText(["city"])).toBe("By");
    expect(changedFieldsText([])).toBe("");
  });
});
