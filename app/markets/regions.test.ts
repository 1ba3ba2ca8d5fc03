import { describe, expect, it } from "vitest";
import { REGION_GROUPS, REGION_OPTIONS, postalCodeInRanges, regionOption, regionsForPostalCode } from "./regions";

// product §3, "Postal ranges", row by row; prepositions from product §2 (paa for Sjælland, Fyn,
// Bornholm, Grønland and Færøerne); groups as the filter shows them.
const SPEC_TABLE: [label: string, value: string, ranges: [number, number][], preposition: string, group: string][] = [
  ["Hovedstaden", "hovedstaden", [[1000, 3799]], "i", "Regioner"],
  ["Sjælland", "sjaelland", [[4000, 4999]], "paa", "Regioner"],
  ["Fyn", "fyn", [[5000, 5999]], "paa", "Regioner"],
  ["Sønderjylland", "sonderjylland", [[6000, 6999]], "i", "Regioner"],
  ["Midtjylland", "midtjylland", [[7000, 8999]], "i", "Regioner"],
  ["Nordjylland", "nordjylland", [[9000, 9999]], "i", "Regioner"],
  ["Grønland", "groenland", [[3900, 3999]], "paa", "Regioner"],
  ["Færøerne", "faeroerne", [[3800, 3899]], "paa", "Regioner"],
  ["København", "koebenhavn", [[1000, 2500]], "i", "Større byer"],
  ["Aarhus", "aarhus", [[8000, 8382]], "i", "Større byer"],
  ["Odense", "odense", [[5000, 5270]], "i", "Større byer"],
  ["Aalborg", "aalborg", [[9000, 9240]], "i", "Større byer"],
  ["Esbjerg", "esbjerg", [[6700, 6720]], "i", "Byer/områder"],
  [
    "Kolding",
    "kolding",
    [
      [6000, 6052],
      [6070, 6070],
    ],
    "i",
    "Byer/områder",
  ],
  ["Vejle", "vejle", [[7100, 7120]], "i", "Byer/områder"],
  ["Horsens", "horsens", [[8700, 8781]], "i", "Byer/områder"],
  ["Randers", "randers", [[8900, 8960]], "i", "Byer/områder"],
  ["Roskilde", "roskilde", [[4000, 4040]], "i", "Byer/områder"],
  ["Helsingør", "helsingoer", [[3000, 3050]], "i", "Byer/områder"],
  ["Herning", "herning", [[7400, 7480]], "i", "Byer/områder"],
  ["Silkeborg", "silkeborg", [[8600, 8654]], "i", "Byer/områder"],
  ["Viborg", "viborg", [[8800, 8832]], "i", "Byer/områder"],
  ["Sønderborg", "sonderborg", [[6400, 6470]], "i", "Byer/områder"],
  ["Bornholm", "bornholm", [[3700, 3799]], "paa", "Byer/områder"],
  ["Svendborg", "svendborg", [[5700, 5762]], "i", "Byer/områder"],
];

const values = (code: number) => regionsForPostalCode(code).map((o) => o.value);

describe("region options", () => {
  it("are exactly the 25 options of product §3, in its order", () => {
    expect(REGION_OPTIONS.map((o) => o.label)).toEqual(SPEC_TABLE.map(([label]) => label));
  });

  it.each(SPEC_TABLE)("%s (%s): ranges, preposition and group", (label, value, ranges, preposition, group) => {
    const option = regionOption(value);
    const { group: groupKey, ...rest } = option!;
    expect(rest).toEqual({ label, value, postalRanges: ranges, preposition });
    expect(REGION_GROUPS.find((g) => g.key === groupKey)?.label).toBe(group);
    for (const [from, to] of ranges) {
      expect(postalCodeInRanges(from, option!.postalRanges)).toBe(true);
      expect(postalCodeInRanges(to, option!.postalRanges)).toBe(true);
    }
  });

  it("are grouped Regioner, Større byer, Byer/områder, every option once", () => {
    expect(REGION_GROUPS.map((g) => g.label)).toEqual(["Regioner", "Større byer", "Byer/områder"]);
    expect(REGION_GROUPS[1]!.options.map((o) => o.value)).toEqual(["koebenhavn", "aarhus", "odense", "aalborg"]);
    expect(REGION_GROUPS.flatMap((g) => g.options)).toEqual(REGION_OPTIONS);
  });

  it("know nothing of other values", () => {
    expect(regionOption("kobenhavn")).toBeUndefined();
    expect(regionOption("Hovedstaden")).toBeUndefined();
    expect(regionOption("")).toBeUndefined();
  });
});

describe("postal codes", () => {
  it("Kolding is 6000–6052 and 6070, not the codes in between", () => {
    const kolding = regionOption("kolding")!.postalRanges;
    for (const code of [6000, 6052, 6070]) expect(postalCodeInRanges(code, kolding)).toBe(true);
    for (const code of [5999, 6053, 6069, 6071]) expect(postalCodeInRanges(code, kolding)).toBe(false);
  });

  it("København lies inside Hovedstaden: 2100 is in both", () => {
    expect(values(2100)).toEqual(["hovedstaden", "koebenhavn"]);
    expect(values(2500)).toEqual(["hovedstaden", "koebenhavn"]);
    expect(values(2600)).toEqual(["hovedstaden"]);
  });

  it("3000 is only in Hovedstaden and Helsingør", () => {
    expect(values(3000)).toEqual(["hovedstaden", "helsingoer"]);
  });

  it("Færøerne 3800–3899 and Grønland 3900–3999 are outside Hovedstaden's 1000–3799", () => {
    expect(values(3799)).toEqual(["hovedstaden", "bornholm"]);
    expect(values(3800)).toEqual(["faeroerne"]);
    expect(values(3899)).toEqual(["faeroerne"]);
    expect(values(3900)).toEqual(["groenland"]);
    expect(values(3999)).toEqual(["groenland"]);
  });

  it("range ends are inclusive and the next code is out", () => {
    expect(values(8000)).toEqual(["midtjylland", "aarhus"]);
    expect(values(8382)).toEqual(["midtjylland", "aarhus"]);
    expect(values(8383)).toEqual(["midtjylland"]);
    expect(values(4040)).toEqual(["sjaelland", "roskilde"]);
    expect(values(4041)).toEqual(["sjaelland"]);
  });

  it("nothing holds a code outside 1000–9999 or a non-integer", () => {
    expect(values(999)).toEqual([]);
    expect(values(10000)).toEqual([]);
    expect(values(2100.5)).toEqual([]);
    expect(values(Number.NaN)).toEqual([]);
  });
});
