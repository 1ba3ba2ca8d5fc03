import { describe, expect, it } from "vitest";
import translation from "~/locales/da/translation.json";
import { checkDraft, fieldsFromSnapshot, previewSnapshot, withPlaceFilled } from "./draft-market.server";
import { SCHEDULES_KEPT_FIELD, type DraftFields } from "./draft-fields";
import { postalTown, postalTownByName } from "./postal-towns.server";
import { snapshotOf, type MarketSnapshot } from "../../revisions/snapshot";

const AARHUS = postalTown(8000)!;

/** A draft with every step filled in as a person would type it. */
const complete: DraftFields = {
  type: "flea_market",
  name: "Loppemarked på Torvet",
  description: "Stort marked.\n\nMed kaffe.",
  street: "Torvet 1",
  postalCode: "8000",
  city: "Aarhus C",
  latitude: "56.1572",
  longitude: "10.2107",
  pinned: "1",
  tidsplan: "dato",
  "enkelt.dato": "2027-05-02",
  "enkelt.aabner": "10:00",
  "enkelt.lukker": "15:00",
  entry: "beloeb",
  entryFeeDkk: "20",
  entryFeeText: "glemt tekst",
  facilities: ["food", "toilets"],
  setting: "outdoor",
  email: "Hanne@Eksempel.dk",
};

describe("the place filled in on saving", () => {
  it("fills in the town and its centre for a postal code in the register", () => {
    expect(AARHUS.city).toBe("Aarhus C");
    const filled = withPlaceFilled({ postalCode: "8000", city: " " });
    expect(filled).toMatchObject({ city: "Aarhus C", latitude: String(AARHUS.latitude), longitude: String(AARHUS.longitude) });
  });

  it("keeps a town the person typed", () => {
    expect(withPlaceFilled({ postalCode: "8000", city: "Frederiksbjerg" }).city).toBe("Frederiksbjerg");
  });

  it("moves an unpinned position to the new town's centre, and keeps a pinned one", () => {
    const odense = postalTown(5000)!;
    expect(withPlaceFilled({ postalCode: "5000", latitude: "56.1", longitude: "10.2" })).toMatchObject({ latitude: String(odense.latitude), longitude: String(odense.longitude) });
    expect(withPlaceFilled({ postalCode: "5000", latitude: "56.1", longitude: "10.2", pinned: "1" })).toMatchObject({ latitude: "56.1", longitude: "10.2", pinned: "1" });
  });

  it("knows the codes people use that the demo towns lack", () => {
    for (const [code, city] of [
      [8240, "Risskov"],
      [8200, "Aarhus N"],
      [8210, "Aarhus V"],
      [2300, "København S"],
      [9220, "Aalborg Øst"],
    ] as const) {
      expect(withPlaceFilled({ postalCode: String(code), city: "" }), String(code)).toMatchObject({ city, latitude: String(postalTown(code)!.latitude) });
    }
  });

  it("places the pin at the typed town for a code the register does not know", () => {
    const risskov = postalTownByName("risskov")!;
    expect(risskov.postalCode).toBe(8240);
    expect(withPlaceFilled({ postalCode: "9999", city: "Risskov" })).toMatchObject({ city: "Risskov", latitude: String(risskov.latitude), longitude: String(risskov.longitude) });
    // A town written without its district letter: the town's first district.
    expect(postalTownByName("Aarhus")?.postalCode).toBe(8000);
  });

  it("leaves a code and a town the register does not know without a position", () => {
    const filled = withPlaceFilled({ postalCode: "9999", city: "", latitude: "56.1", longitude: "10.2" });
    expect(withPlaceFilled({ postalCode: "9999", city: "Ingenby", latitude: "56.1", longitude: "10.2" })).not.toHaveProperty("latitude");
    expect(filled.city).toBe("");
    expect(filled).not.toHaveProperty("latitude");
    expect(filled).not.toHaveProperty("longitude");
  });
});

describe("the whole draft checked before sending", () => {
  it("gives the market it describes", () => {
    const check = checkDraft(complete);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.snapshot).toEqual({
      type: "flea_market",
      name: "Loppemarked på Torvet",
      description: "Stort marked.\n\nMed kaffe.",
      venueName: null,
      street: "Torvet 1",
      postalCode: 8000,
      city: "Aarhus C",
      municipality: AARHUS.municipality,
      latitude: 56.1572,
      longitude: 10.2107,
      schedules: [expect.objectContaining({ kind: "dates", startDate: "2027-05-02", startTime: "10:00", endTime: "15:00", durationDays: 1 })],
      // The text typed before "Et beløb" was chosen does not count.
      entryFeeDkk: 20,
      entryFeeText: null,
      stallPriceText: null,
      stallCount: null,
      bookingInfo: null,
      facilities: ["food", "toilets"],
      setting: "outdoor",
      website: null,
      email: "hanne@eksempel.dk",
      phone: null,
      facebook: null,
    });
  });

  it("makes «Gratis entré» 0 kr. and a text the entry's text", () => {
    const free = checkDraft({ ...complete, entry: "gratis" });
    const text = checkDraft({ ...complete, entry: "tekst", entryFeeText: "20 kr., børn gratis" });
    expect(free.ok && [free.snapshot.entryFeeDkk, free.snapshot.entryFeeText]).toEqual([0, null]);
    expect(text.ok && [text.snapshot.entryFeeDkk, text.snapshot.entryFeeText]).toEqual([null, "20 kr., børn gratis"]);
  });

  it("says what is missing, step by step in the form's order", () => {
    const { name: _name, postalCode: _code, ...rest } = complete;
    const check = checkDraft({ ...rest, email: "ikke en adresse" });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problems).toEqual([
      { step: "om-markedet", field: "name", message: translation.markets.input.nameRequired },
      { step: "sted", field: "postalCode", message: translation.markets.input.postalCodeRequired },
      { step: "kontakt", field: "email", message: translation.forms.email.invalid },
    ]);
  });

  it("keeps an edit's municipality when the table does not know the postal code and it is not changed", () => {
    const draft = { ...complete, postalCode: "9999", city: "Et sted" };
    expect(checkDraft(draft, { postalCode: 9999, municipality: "Egen Kommune", schedules: [] })).toMatchObject({ snapshot: { municipality: "Egen Kommune" } });
    expect(checkDraft(draft, { postalCode: 9998, municipality: "Egen Kommune", schedules: [] })).toMatchObject({ snapshot: { municipality: null } });
  });
});

describe("the preview of a draft that is not complete", () => {
  it("shows what is right and leaves out what is wrong", () => {
    const preview = previewSnapshot({ ...complete, "enkelt.dato": "", website: "ikke en adresse", stallCount: "mange" });
    expect(preview).toMatchObject({ name: "Loppemarked på Torvet", schedules: [], website: null, stallCount: null, email: "hanne@eksempel.dk" });
  });

  it("has nothing to show without a name, a type, a postal code or a town", () => {
    expect(previewSnapshot({ ...complete, name: "" })).toBeNull();
    expect(previewSnapshot({ ...complete, type: "" })).toBeNull();
    expect(previewSnapshot({ ...complete, postalCode: "" })).toBeNull();
  });
});

describe("a stored market as the edit form's fields", () => {
  const stored: MarketSnapshot = snapshotOf({
    type: "vendor_market",
    name: "Kræmmermarked i Hasle",
    description: "Hvert år.",
    venueName: "Hasle Torv",
    street: null,
    postalCode: 8210,
    city: "Aarhus V",
    municipality: "Aarhus Kommune",
    latitude: 56.17,
    longitude: 10.15,
    schedules: [{ kind: "dates", startDate: "2027-08-01", startTime: "09:00", endTime: "16:00", durationDays: 1 }],
    entryFeeDkk: 12.5,
    entryFeeText: null,
    stallPriceText: "200 kr.",
    stallCount: 80,
    bookingInfo: null,
    facilities: ["parking"],
    setting: "both",
    website: "https://hasle.dk",
    email: null,
    phone: "12 34 56 78",
    facebook: null,
  });

  it("reads as typed text, the entry as its choice and the position as the person's pin", () => {
    expect(fieldsFromSnapshot(stored)).toMatchObject({ postalCode: "8210", entry: "beloeb", entryFeeDkk: "12,5", stallCount: "80", facilities: ["parking"], pinned: "1" });
  });

  it("gives the same market back when nothing is changed", () => {
    const check = checkDraft(fieldsFromSnapshot(stored), stored);
    expect(check.ok && snapshotOf(check.snapshot)).toEqual(stored);
  });

  it("keeps schedules the fields cannot show until the person chooses new ones", () => {
    const imported = snapshotOf({ ...stored, schedules: [{ kind: "rule", startDate: "2027-01-01", rrule: "FREQ=DAILY;INTERVAL=3", startTime: "10:00", endTime: "14:00" }] });
    const fields = fieldsFromSnapshot(imported);
    expect(fields).toMatchObject({ [SCHEDULES_KEPT_FIELD]: "1" });
    expect(fields).not.toHaveProperty("tidsplan");
    const kept = checkDraft(fields, imported);
    expect(kept.ok && kept.snapshot.schedules).toEqual(imported.schedules);
    const chosen = checkDraft({ ...fields, tidsplan: "dato", "enkelt.dato": "2027-09-05", "enkelt.aabner": "09:00", "enkelt.lukker": "13:00" }, imported);
    expect(chosen.ok && chosen.snapshot.schedules).toEqual([expect.objectContaining({ kind: "dates", startDate: "2027-09-05" })]);
    // A new market has none to keep: the schedule must be chosen.
    expect(checkDraft(fields)).toMatchObject({ ok: false, problems: [expect.objectContaining({ step: "datoer-og-tider" })] });
  });

  it("reads schedules the fields can show back into them", () => {
    expect(fieldsFromSnapshot(stored)).toMatchObject({ tidsplan: "dato", "enkelt.dato": "2027-08-01", "enkelt.aabner": "09:00", "enkelt.lukker": "16:00" });
  });

  it("takes a position at the town's centre as no pin, so a new postal code moves it", () => {
    const atCentre = { ...stored, postalCode: 8000, latitude: AARHUS.latitude, longitude: AARHUS.longitude };
    expect(fieldsFromSnapshot(atCentre)).not.toHaveProperty("pinned");
  });
});
