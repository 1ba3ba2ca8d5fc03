import { describe, expect, it } from "vitest";
import { compareDanish, danishSortKey } from "./sorting";

/** Sorts by the key alone with plain code-unit comparison, as SQLite and PostgreSQL's "C" collation do. */
const byKey = (names: string[]) =>
  [...names].sort((a, b) => {
    const ka = danishSortKey(a);
    const kb = danishSortKey(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });

describe("Danish sort order", () => {
  it("puts æ, ø, å after z, and a word-initial aa with å", () => {
    const names = ["Øster", "Aabenraa", "Zealand", "Ærø", "Åbyhøj", "Amager"];
    const danish = ["Amager", "Zealand", "Ærø", "Øster", "Aabenraa", "Åbyhøj"];
    expect(byKey(names)).toEqual(danish);
    expect([...names].sort(compareDanish)).toEqual(danish);
  });

  it("ignores case", () => {
    expect(byKey(["øster", "Zebra", "ærø", "amager", "Århus"])).toEqual(["amager", "Zebra", "ærø", "øster", "Århus"]);
    expect(danishSortKey("LOPPEMARKED PÅ ØSTERBRO")).toBe(danishSortKey("loppemarked på østerbro"));
  });

  it("folds accents, and reads ä, ö, ü as æ, ø, y", () => {
    expect(danishSortKey("Café")).toBe(danishSortKey("Cafe"));
    expect(danishSortKey("Tórshavn")).toBe(danishSortKey("Torshavn"));
    expect(danishSortKey("Södermalm")).toBe(danishSortKey("Sødermalm"));
    // As u, Müller would come before Mussel; as y it comes after Mylius.
    expect(byKey(["Müller", "Mylius", "Mussel"])).toEqual(["Mussel", "Mylius", "Müller"]);
  });

  it("treats Aarhus and Århus alike, but not an aa inside a word", () => {
    expect(danishSortKey("Aarhus Loppemarked")).toBe(danishSortKey("Århus Loppemarked"));
    expect(danishSortKey("Ekstraarrangement")).not.toBe(danishSortKey("Ekstråarrangement"));
    expect(byKey(["Bazar", "Baade"])).toEqual(["Baade", "Bazar"]);
  });

  it("sorts word by word: a shorter word before a longer one", () => {
    expect(byKey(["Nyborg Marked", "Ny Marked", "Ny"])).toEqual(["Ny", "Ny Marked", "Nyborg Marked"]);
    expect(byKey(["Loppemarked", "Loppe marked"])).toEqual(["Loppe marked", "Loppemarked"]);
    expect(danishSortKey("Loppe-marked")).toBe(danishSortKey("Loppe  marked"));
  });

  it("puts digits before letters", () => {
    expect(byKey(["Loppemarked A", "Loppemarked 2", "Loppemarked Z"])).toEqual(["Loppemarked 2", "Loppemarked A", "Loppemarked Z"]);
  });

  it("keys hold only 0-9 and a-z, so every database collation orders them alike", () => {
    for (const name of ["Ærø Kræmmermarked", "Café № 5 — Åbent!", "Zoo", "Miðvágur", "Straße"]) {
      expect(danishSortKey(name)).toMatch(/^[0-9a-z]*$/);
    }
  });

  it("compareDanish breaks ties between names with the same key", () => {
    expect(compareDanish("Cafe", "Café")).toBeLessThan(0);
    expect(compareDanish("Café", "Cafe")).toBeGreaterThan(0);
    expect(compareDanish("Cafe", "Cafe")).toBe(0);
  });
});
