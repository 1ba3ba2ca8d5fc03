import { describe, expect, it } from "vitest";
import { CORRECTION_FIELDS, correctedSnapshot, correctionDefaults, correctionSchema, rejectSchema } from "./review-forms";
import type { MarketSnapshot } from "../revisions/snapshot";

const sent: MarketSnapshot = {
  type: "antique_market",
  name: "Antikmarked i Hallen",
  description: "Antik og retro.",
  venueName: null,
  street: "Hallvej 3",
  postalCode: 3800,
  city: "Tórshavn",
  municipality: null,
  latitude: 62.0107,
  longitude: -6.7741,
  schedules: [{ kind: "dates", startDate: "2027-03-06", startTime: "10:00", endTime: "16:00" }],
  entryFeeDkk: 25.5,
  entryFeeText: null,
  stallPriceText: null,
  stallCount: 40,
  bookingInfo: "Ring til Jens.",
  facilities: ["food"],
  setting: "indoor",
  website: null,
  email: "jens@example.fo",
  phone: "+298 12 34 56",
  facebook: null,
};

describe("the correction form ('ret og godkend')", () => {
  it("shows every plain field of a market and nothing else", () => {
    expect([...CORRECTION_FIELDS].sort()).toEqual(Object.keys(correctionSchema.shape).sort());
  });

  it("is filled in with text that reads back to what was sent", () => {
    const defaults = correctionDefaults(sent);
    expect(defaults).toMatchObject({ postalCode: "3800", latitude: "62,0107", entryFeeDkk: "25,5", stallCount: "40", venueName: "" });
    // Conform hands the schema an empty field as undefined.
    const typed = Object.fromEntries(Object.entries(defaults).map(([name, value]) => [name, value === "" ? undefined : value]));
    expect(correctedSnapshot(sent, correctionSchema.parse(typed))).toEqual(sent);
  });

  it("keeps the type, facilities and schedules as sent", () => {
    const corrected = correctedSnapshot(sent, correctionSchema.parse({ name: "Antikmarkedet", postalCode: "FO-100", city: "Tórshavn" }));
    expect(corrected).toMatchObject({ name: "Antikmarkedet", type: "antique_market", facilities: ["food"], schedules: sent.schedules, latitude: null });
  });
});

describe("a rejection", () => {
  it("needs a reason, in Danish, of at most 1,000 characters", () => {
    expect(rejectSchema.safeParse({}).error?.issues[0]?.message).toBe("Skriv en begrundelse til arrangøren.");
    expect(rejectSchema.safeParse({ reason: "   " }).error?.issues[0]?.message).toBe("Skriv en begrundelse til arrangøren.");
    expect(rejectSchema.safeParse({ reason: "x".repeat(1001) }).error?.issues[0]?.message).toBe("Begrundelsen må højst være 1.000 tegn.");
    expect(rejectSchema.parse({ reason: " Adressen mangler. " })).toEqual({ reason: "Adressen mangler." });
  });
});
