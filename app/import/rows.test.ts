import { describe, expect, it } from "vitest";
import { parseOpeningHoursText } from "./opening-hours-text";
import { readImportRow } from "./rows";

const base = {
  navn: "Loppemarked på Torvet",
  type: "loppemarked",
  beskrivelse: "Et godt marked.",
  postnummer: "8000",
  by: "Aarhus C",
  plan: "hver søndag fra maj til september kl. 10-15",
};

describe("reading one import row", () => {
  it("turns Danish words into a market", () => {
    const result = readImportRow({ ...base, inde_ude: "udendørs", entre: "25 kr.", faciliteter: "Toiletter; MobilePay", breddegrad: "56,15", laengdegrad: "10,2" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.needsGeocoding).toBe(false);
    expect(result.input).toMatchObject({
      name: "Loppemarked på Torvet",
      type: "flea_market",
      setting: "outdoor",
      entryFeeDkk: 25,
      facilities: ["toilets", "mobilepay"],
      latitude: 56.15,
      longitude: 10.2,
      status: "published",
      schedules: [{ kind: "rule", rrule: "FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9", startTime: "10:00", endTime: "15:00" }],
    });
  });

  it("accepts every spelling of a market type", () => {
    for (const type of ["flea_market", "loppemarkeder", "Loppemarked", "LOPPEMARKED"]) {
      expect(readImportRow({ ...base, type }).ok, type).toBe(true);
    }
  });

  it("reads free entry and entry texts", () => {
    const free = readImportRow({ ...base, entre: "gratis" });
    const textual = readImportRow({ ...base, entre: "Voksne 30 kr., børn gratis" });
    expect(free.ok && free.input.entryFeeDkk).toBe(0);
    expect(textual.ok && textual.input).toMatchObject({ entryFeeDkk: null, entryFeeText: "Voksne 30 kr., børn gratis" });
  });

  it("names the column and the reason for every problem, in Danish", () => {
    const result = readImportRow({
      navn: "X",
      type: "hestemarked",
      postnummer: "12",
      by: "Odense",
      breddegrad: "56",
      inde_ude: "rummet",
      faciliteter: "jacuzzi",
      hjemmeside: "ftp://x",
      email: "ikke-en-mail",
      plan: "når vi har lyst",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const columns = result.errors.map((error) => error.split(":")[0]);
    expect(columns).toEqual(expect.arrayContaining(["navn", "type", "postnummer", "inde_ude", "faciliteter", "hjemmeside", "email", "plan", "breddegrad/laengdegrad"]));
    // The market schema's messages, the same a form shows (app/forms/fields.ts), after the column.
    expect(result.errors).toContain("postnummer: Skriv et postnummer med fire cifre, fx 8000, eller et færøsk som FO-100.");
    expect(result.errors).toContain("navn: Navnet skal være mindst 3 tegn.");
  });

  it("checks the row with the market schema of the forms, so Faroese postal codes and the same limits apply", () => {
    const faroese = readImportRow({ ...base, postnummer: "FO-100", by: "Tórshavn" });
    expect(faroese.ok && faroese.input.postalCode).toBe(3800);
    const tooMany = readImportRow({ ...base, antal_stader: "2,5", breddegrad: "40", laengdegrad: "10" });
    expect(tooMany.ok ? [] : tooMany.errors).toEqual([
      "breddegrad: Breddegraden ligger uden for Danmark, Grønland og Færøerne.",
      "antal_stader: Antal stader skal være et helt tal.",
    ]);
  });

  it("reports a schedule that cannot be used at the column it is about", () => {
    const result = readImportRow({ ...base, plan: "", startdato: "2027-06-05", aabner: "10:00", lukker: "16:00", dage: "20" });
    expect(result.ok ? [] : result.errors).toEqual(["dage: Et marked kan vare fra 1 til 14 dage."]);
  });

  it("checks a schedule given in columns", () => {
    const result = readImportRow({ ...base, plan: "", startdato: "2027-06-05", aabner: "15:00", lukker: "10:00" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.some((error) => error.startsWith("lukker:") || error.startsWith("aabner:"))).toBe(true);
  });

  it("wants opening hours for a shop and reads them", () => {
    const missing = readImportRow({ ...base, type: "genbrugsbutik", plan: "" });
    expect(missing.ok ? [] : missing.errors).toEqual(["aabningstider: skriv butikkens åbningstider."]);
    const shop = readImportRow({ ...base, type: "genbrugsbutik", plan: "", aabningstider: "man-fre 10-17.30; lør 10-14; søn lukket" });
    expect(shop.ok && shop.input.schedules[0]).toMatchObject({ kind: "opening_hours" });
  });
});

describe("opening hours as shops write them", () => {
  it("reads day ranges, half hours and closed days", () => {
    expect(parseOpeningHoursText("man-fre 10-17.30; lør 10-14; søn lukket")).toEqual({
      mon: [["10:00", "17:30"]],
      tue: [["10:00", "17:30"]],
      wed: [["10:00", "17:30"]],
      thu: [["10:00", "17:30"]],
      fri: [["10:00", "17:30"]],
      sat: [["10:00", "14:00"]],
    });
    expect(parseOpeningHoursText("Torsdag 12:00-18:00")).toEqual({ thu: [["12:00", "18:00"]] });
  });

  it("refuses what it cannot read rather than guess", () => {
    for (const text of ["", "hverdage 10-17", "man-fre 17-10", "fre-man 10-12", "man 10"]) {
      expect(parseOpeningHoursText(text), text).toBeNull();
    }
  });
});
