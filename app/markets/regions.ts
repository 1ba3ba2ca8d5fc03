/**
 * The region filter of SPEC.md §3: 25 options, each a set of Danish postal code ranges. The
 * ranges overlap on purpose (København lies inside Hovedstaden, Aarhus inside Midtjylland), so a
 * postal code can belong to several options. The values double as location keys
 * (app/markets/locations.ts), spelt as in SPEC.md §2.
 */

/** Inclusive [from, to] of four-digit postal codes. */
export type PostalRange = readonly [from: number, to: number];

/** How a place is joined in a URL and a sentence: "i Aarhus", "på Fyn" (URL: -i-aarhus, -paa-fyn). */
export type Preposition = "i" | "paa";

export const PREPOSITION_TEXT: Record<Preposition, string> = { i: "i", paa: "på" };

export const REGION_GROUP_LABELS = ["Regioner", "Større byer", "Byer/områder"] as const;
export type RegionGroupLabel = (typeof REGION_GROUP_LABELS)[number];

export interface RegionOption {
  label: string;
  value: RegionValue;
  postalRanges: readonly PostalRange[];
  preposition: Preposition;
  group: RegionGroupLabel;
}

export const REGION_VALUES = [
  "hovedstaden",
  "sjaelland",
  "fyn",
  "sonderjylland",
  "midtjylland",
  "nordjylland",
  "groenland",
  "faeroerne",
  "koebenhavn",
  "aarhus",
  "odense",
  "aalborg",
  "esbjerg",
  "kolding",
  "vejle",
  "horsens",
  "randers",
  "roskilde",
  "helsingoer",
  "herning",
  "silkeborg",
  "viborg",
  "sonderborg",
  "bornholm",
  "svendborg",
] as const;
export type RegionValue = (typeof REGION_VALUES)[number];

const option = (
  value: RegionValue,
  label: string,
  group: RegionGroupLabel,
  postalRanges: PostalRange[],
  preposition: Preposition = "i",
): RegionOption => ({ label, value, postalRanges, preposition, group });

/** In the order of SPEC.md §3, which is also the order of the filter. */
export const REGION_OPTIONS: readonly RegionOption[] = [
  option("hovedstaden", "Hovedstaden", "Regioner", [[1000, 3799]]),
  option("sjaelland", "Sjælland", "Regioner", [[4000, 4999]], "paa"),
  option("fyn", "Fyn", "Regioner", [[5000, 5999]], "paa"),
  option("sonderjylland", "Sønderjylland", "Regioner", [[6000, 6999]]),
  option("midtjylland", "Midtjylland", "Regioner", [[7000, 8999]]),
  option("nordjylland", "Nordjylland", "Regioner", [[9000, 9999]]),
  option("groenland", "Grønland", "Regioner", [[3900, 3999]], "paa"),
  option("faeroerne", "Færøerne", "Regioner", [[3800, 3899]], "paa"),
  option("koebenhavn", "København", "Større byer", [[1000, 2500]]),
  option("aarhus", "Aarhus", "Større byer", [[8000, 8382]]),
  option("odense", "Odense", "Større byer", [[5000, 5270]]),
  option("aalborg", "Aalborg", "Større byer", [[9000, 9240]]),
  option("esbjerg", "Esbjerg", "Byer/områder", [[6700, 6720]]),
  option("kolding", "Kolding", "Byer/områder", [
    [6000, 6052],
    [6070, 6070],
  ]),
  option("vejle", "Vejle", "Byer/områder", [[7100, 7120]]),
  option("horsens", "Horsens", "Byer/områder", [[8700, 8781]]),
  option("randers", "Randers", "Byer/områder", [[8900, 8960]]),
  option("roskilde", "Roskilde", "Byer/områder", [[4000, 4040]]),
  option("helsingoer", "Helsingør", "Byer/områder", [[3000, 3050]]),
  option("herning", "Herning", "Byer/områder", [[7400, 7480]]),
  option("silkeborg", "Silkeborg", "Byer/områder", [[8600, 8654]]),
  option("viborg", "Viborg", "Byer/områder", [[8800, 8832]]),
  option("sonderborg", "Sønderborg", "Byer/områder", [[6400, 6470]]),
  option("bornholm", "Bornholm", "Byer/områder", [[3700, 3799]], "paa"),
  option("svendborg", "Svendborg", "Byer/områder", [[5700, 5762]]),
];

export const REGION_GROUPS: readonly { label: RegionGroupLabel; options: readonly RegionOption[] }[] =
  REGION_GROUP_LABELS.map((label) => ({ label, options: REGION_OPTIONS.filter((o) => o.group === label) }));

const byValue = new Map<string, RegionOption>(REGION_OPTIONS.map((o) => [o.value, o]));

/** The option for a filter value from a URL; undefined for anything unknown. */
export function regionOption(value: string): RegionOption | undefined {
  return byValue.get(value);
}

export function isRegionValue(value: unknown): value is RegionValue {
  return typeof value === "string" && byValue.has(value);
}

export function postalCodeInRanges(code: number, ranges: readonly PostalRange[]): boolean {
  return Number.isInteger(code) && ranges.some(([from, to]) => code >= from && code <= to);
}

/** Every option that holds the postal code, in filter order; often more than one. */
export function regionsForPostalCode(code: number): RegionOption[] {
  return REGION_OPTIONS.filter((o) => postalCodeInRanges(code, o.postalRanges));
}
