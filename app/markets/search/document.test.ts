import { describe, expect, it } from "vitest";
import { documentTerms } from "~/search/document-terms";
import { buildSearchDocument, placeNames } from "./document";
import { searchTerms } from "~/search/normalize";

const market = {
  name: "Loppemarked i Hallen",
  type: "flea_market",
  description: "Hyggeligt marked med kaffe og kage.",
  venue_name: "Idrætshallen",
  street: "Søndergade 3",
  postal_code: 8260,
  city: "Viby J",
  municipality: "Aarhus Kommune",
};

describe("buildSearchDocument", () => {
  it("indexes the name separately and everything in the document, with a space at each end", () => {
    const built = buildSearchDocument(market);
    expect(built.nameTerms).toBe(" loppemarked marked lop hal ");
    expect(built.document.startsWith(" loppemarked ")).toBe(true);
    expect(built.document.endsWith(" ")).toBe(true);
    expect(documentTerms(built.document)).toEqual(built.terms);
  });

  it("makes the market findable by type, street, postal code and the places its postal code lies in", () => {
    const terms = new Set(buildSearchDocument({ ...market, municipality: null }).terms);
    for (const query of ["loppemarkeder", "søndergade", "8260", "aarhus", "midtjylland", "jylland", "kaffe"]) {
      for (const term of searchTerms(query)) expect(terms.has(term), query).toBe(true);
    }
    expect(terms.has(searchTerms("odense")[0]!)).toBe(false);
  });

  it("names the overlapping places of a postal code", () => {
    expect(placeNames(2300)).toBe("Hovedstaden København Amager");
    expect(placeNames(5700)).toBe("Fyn Svendborg Syddanmark");
  });
});
