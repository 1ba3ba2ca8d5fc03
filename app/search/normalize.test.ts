import { describe, expect, it } from "vitest";
import { indexTerms, normalizeDanish, searchTerms, tokenize } from "./normalize";

describe("normalizeDanish", () => {
  it("folds the spellings of æ, ø and å that Danes type to one form", () => {
    const same = (...spellings: string[]) => expect(new Set(spellings.map(normalizeDanish)).size, spellings.join("/")).toBe(1);
    same("København", "Koebenhavn", "kobenhavn", "KØBENHAVN");
    same("Århus", "Aarhus", "arhus", "AARHUS");
    same("Helsingør", "Helsingoer", "helsingor");
    same("Kræmmermarked", "Kraemmermarked", "kræmmermarked");
    same("Næstved", "Naestved");
    same("Ærø", "Aero", "Æroe");
  });

  it("states the folding rule: æ → ae, ø and oe → o, å and aa → a", () => {
    expect(normalizeDanish("Ærø Havn")).toBe("aero havn");
    expect(normalizeDanish("Århus")).toBe("arhus");
    expect(normalizeDanish("KØBENHAVN")).toBe("kobenhavn");
    expect(normalizeDanish("Kræmmermarked")).toBe("kraemmermarked");
  });

  it("drops other accents and splits on everything that is not a letter or digit", () => {
    expect(normalizeDanish("Café-Crème  (Brûlée)!")).toBe("cafe creme brulee");
    expect(normalizeDanish("Lørdag 14/6 kl. 10-16")).toBe("lordag 14 6 kl 10 16");
    expect(normalizeDanish("Müller & Söhne")).toBe("muller sohne");
  });

  it("is idempotent", () => {
    for (const text of ["Kroen ved Åen", "København Ø", "oee aaa", "Loppemarked på Ærø"]) {
      expect(normalizeDanish(normalizeDanish(text))).toBe(normalizeDanish(text));
    }
  });

  it("gives no words for empty or symbol-only text", () => {
    expect(tokenize("")).toEqual([]);
    expect(tokenize(" -- !! ")).toEqual([]);
  });
});

describe("searchTerms", () => {
  it("drops stop words and stems the rest", () => {
    expect(searchTerms("Loppemarkeder i Århus")).toEqual(["loppemarked", "arhus"]);
    expect(searchTerms("loppemarked på Fyn")).toEqual(["loppemarked", "fyn"]);
  });

  it("finds the same terms for the spellings a visitor may type", () => {
    expect(searchTerms("kobenhavn")).toEqual(searchTerms("København"));
    expect(searchTerms("kraemmermarkeder")).toEqual(searchTerms("Kræmmermarked"));
    expect(searchTerms("loppemarkedet")).toEqual(searchTerms("loppemarked"));
  });

  it("counts each word once and ignores what a pasted paragraph adds past eight words", () => {
    expect(searchTerms("marked marked markeder")).toEqual(["marked"]);
    expect(searchTerms("en to tre fire fem seks syv otte ni ti elleve tolv")).toHaveLength(8);
  });

  it("has no terms for a query of stop words only", () => {
    expect(searchTerms("i på og")).toEqual([]);
  });
});

describe("indexTerms", () => {
  it("adds the parts of compound market words, so 'marked' and 'loppe' find a Loppemarked", () => {
    const terms = indexTerms("Loppemarkeder ved Kræmmermarkedet og en Genbrugsbutik");
    expect(terms).toEqual(expect.arrayContaining(["loppemarked", "marked", ...searchTerms("loppe")]));
    expect(terms).toEqual(expect.arrayContaining(["kraemmermarked", ...searchTerms("kræmmer")]));
    expect(terms).toEqual(expect.arrayContaining(["genbrugsbutik", "butik", ...searchTerms("genbrug")]));
    expect(terms).not.toContain("og");
  });

  it("keeps each term once", () => {
    const terms = indexTerms("Marked marked MARKEDET");
    expect(terms).toEqual(["marked"]);
  });
});
