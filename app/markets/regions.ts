import { t } from "../lib/i18n";

/**
 * The region filter of product §3: 25 options, each a set of Danish postal code ranges. The
 * ranges overlap on purpose (København lies inside Hovedstaden, Aarhus inside Midtjylland), so a
 * postal code can belong to several options. The values double as location keys
 * (app/markets/locations.ts), spelt as in product §2.
 */

/** Inclusive [from, to] of four-digit postal codes. */
export type PostalRange = readonly [from: number, to: number];

/** How a place is joined in a URL and a sentence: "i Aarhus", "på Fyn" (URL: -i-aarhus, -paa-fyn). */
export type Preposition = "i" | "paa";

export const PREPOSITION_TEXT: Record<Preposition, string> = {
  i: t("markets.regions.prepositions.i"),
  paa: t("markets.regions.prepositions.paa"),
};

/** The filter's three groups of options, in the order of product §3. */
export const REGION_GROUP_KEYS = ["regions", "cities", "towns"] as const;
export type RegionGroup = (typeof REGION_GROUP_KEYS)[number];

const REGION_GROUP_LABELS: Record<RegionGroup, string> = {
  regions: t("markets.regions.groups.regions"),
  cities: t("markets.regions.groups.cities"),
  towns: t("markets.regions.groups.towns"),
};

export interface RegionOption {
  label: string;
  value: RegionValue;
  postalRanges: readonly PostalRange[];
  preposition: Preposition;
  group: RegionGroup;
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

const option = (value: RegionValue, label: string, group: RegionGroup, postalRanges: PostalRange[], preposition: Preposition = "i"): RegionOption => ({
  label,
  value,
  postalRanges,
  preposition,
  group,
});

/** In the order of product §3, which is also the order of the filter. */
export const REGION_OPTIONS: readonly RegionOption[] = [
  option("hovedstaden", "Hovedstaden", "regions", [[1000, 3799]]),
  option("sjaelland", "Sjælland", "regions", [[4000, 4999]], "paa"),
  option("fyn", "Fyn", "regions", [[5000, 5999]], "paa"),
  option("sonderjylland", "Sønderjylland", "regions", [[6000, 6999]]),
  option("midtjylland", "Midtjylland", "regions", [[7000, 8999]]),
  option("nordjylland", "Nordjylland", "regions", [[9000, 9999]]),
  option("groenland", "Grønland", "regions", [[3900, 3999]], "paa"),
  option("faeroerne", "Færøerne", "regions", [[3800, 3899]], "paa"),
  option("koebenhavn", "København", "cities", [[1000, 2500]]),
  option("aarhus", "Aarhus", "cities", [[8000, 8382]]),
  option("odense", "Odense", "cities", [[5000, 5270]]),
  option("aalborg", "Aalborg", "cities", [[9000, 9240]]),
  option("esbjerg", "Esbjerg", "towns", [[6700, 6720]]),
  option("kolding", "Kolding", "towns", [
    [6000, 6052],
    [6070, 6070],
  ]),
  option("vejle", "Vejle", "towns", [[7100, 7120]]),
  option("horsens", "Horsens", "towns", [[8700, 8781]]),
  option("randers", "Randers", "towns", [[8900, 8960]]),
  option("roskilde", "Roskilde", "towns", [[4000, 4040]]),
  option("helsingoer", "Helsingør", "towns", [[3000, 3050]]),
  option("herning", "Herning", "towns", [[7400, 7480]]),
  option("silkeborg", "Silkeborg", "towns", [[8600, 8654]]),
  option("viborg", "Viborg", "towns", [[8800, 8832]]),
  option("sonderborg", "Sønderborg", "towns", [[6400, 6470]]),
  option("bornholm", "Bornholm", "towns", [[3700, 3799]], "paa"),
  option("svendborg", "Svendborg", "towns", [[5700, 5762]]),
];

export const REGION_GROUPS: readonly { key: RegionGroup; label: string; options: readonly RegionOption[] }[] = REGION_GROUP_KEYS.map((key) => ({
  key,
  label: REGION_GROUP_LABELS[key],
  options: REGION_OPTIONS.filter((o) => o.group === key),
}));

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
