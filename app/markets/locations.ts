import { distanceKm, type GeoPoint } from "./geo";
import { PREPOSITION_TEXT, postalCodeInRanges, regionOption, type PostalRange, type Preposition, type RegionValue } from "./regions";

/**
 * The 38 places of the landing pages (/loppemarkeder-i-aarhus, /antikmarkeder-paa-fyn), product
 * §2. Keys are spelt as the addresses always were, also where it breaks the slug rule (`sonderborg`,
 * `ringkobing`, `nykobing-falster`): they are URLs already in use.
 *
 * Which markets a page shows is decided by the market's postal code. The 25 keys that are also
 * region options (app/markets/regions.ts) share that option's ranges, so the filter and the
 * landing page list the same markets. The other 13 use real Danish postal geography:
 *
 * - Frederiksberg: 1800–1999 (Frederiksberg C) and 2000 (Frederiksberg).
 * - Amager: 2300 København S (Islands Brygge, Amagerbro, Sundby, Ørestad), 2770 Kastrup (all of
 *   Tårnby) and 2791 Dragør. 2450 København SV is Sydhavnen on Zealand, not Amager; Christianshavn
 *   shares 14xx with the rest of København K and cannot be told apart, so it is left out.
 * - Jylland: 6000–9999, the mainland with its islands (Als, Fanø, Mors, Samsø, Læsø); Fyn is 5xxx.
 * - Syddanmark: the administrative region, whose border does not follow the thousands. Fyn with
 *   its islands (5000–5999); South and Southwest Jutland up to Varde municipality, whose last
 *   district is 6870 Ølgod (6880 Tarm onwards is Ringkøbing-Skjern, Herning and Holstebro, in
 *   Midtjylland); Fredericia and Vejle (7000–7120); Vonge, Bredsten, Randbøl, Vandel, Billund,
 *   Grindsted, Hejnsvig and Sønder Omme (7173–7260); Jelling, Gadbjerg and Give (7300–7323).
 *   7130–7171 (Juelsminde, Stouby, Barrit, Tørring, Uldum) are Hedensted municipality, and 7270+
 *   is Herning and Ikast-Brande: both Midtjylland.
 * - Nordsjælland: the municipalities north of the capital's suburbs. Rudersdal's 2840 Holte and
 *   2850 Nærum, then 2942 Skodsborg through 3699 (Vedbæk, Hørsholm, Kokkedal, Nivå, Helsingør,
 *   Gilleleje, Hillerød, Allerød, Birkerød, Fredensborg, Farum, Frederikssund, Stenløse). 2900–2930
 *   (Hellerup, Charlottenlund, Klampenborg) are Gentofte, counted as København's suburbs; 3700+
 *   is Bornholm.
 * - The remaining towns: the town's own postal district (Frederikshavn 9900, Næstved 4700,
 *   Hjørring 9800, Fredericia 7000, Nykøbing Falster 4800, Haderslev 6100, Holstebro 7500,
 *   Ringkøbing 6950).
 *
 * A radius around the centre is the fallback for a place postal codes cannot describe; no place
 * needs it today.
 */

export const LOCATION_KEYS = [
  "koebenhavn",
  "aarhus",
  "odense",
  "aalborg",
  "jylland",
  "hovedstaden",
  "nordjylland",
  "midtjylland",
  "syddanmark",
  "sonderjylland",
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
  "svendborg",
  "frederikshavn",
  "naestved",
  "nordsjaelland",
  "hjoerring",
  "fredericia",
  "nykobing-falster",
  "haderslev",
  "holstebro",
  "ringkobing",
  "sjaelland",
  "fyn",
  "frederiksberg",
  "bornholm",
  "amager",
  "groenland",
  "faeroerne",
] as const;
export type LocationKey = (typeof LOCATION_KEYS)[number];

export type LocationArea = { kind: "postal"; ranges: readonly PostalRange[] } | { kind: "radius"; radiusKm: number };

/**
 * What sort of place a key is: a part of the country (Jylland, Fyn, a region), one of the four
 * big cities, a town or district, or a place across the water. Neighbour links and the human
 * sitemap group by it. Fyn and Sjælland are parts of the country; Bornholm, Grønland and
 * Færøerne lie across the water.
 */
export type LocationKind = "part" | "city" | "town" | "overseas";

const KINDS: Partial<Record<LocationKey, LocationKind>> = {
  jylland: "part",
  sjaelland: "part",
  fyn: "part",
  hovedstaden: "part",
  nordsjaelland: "part",
  nordjylland: "part",
  midtjylland: "part",
  syddanmark: "part",
  sonderjylland: "part",
  koebenhavn: "city",
  aarhus: "city",
  odense: "city",
  aalborg: "city",
  bornholm: "overseas",
  groenland: "overseas",
  faeroerne: "overseas",
};

export interface Location {
  key: LocationKey;
  name: string;
  kind: LocationKind;
  preposition: Preposition;
  /** Where a map of the place is centred. */
  center: GeoPoint;
  area: LocationArea;
}

export interface LocationCandidate {
  postalCode?: number | null;
  latitude?: number | null;
  longitude?: number | null;
}

function regionArea(value: RegionValue): LocationArea {
  const option = regionOption(value);
  if (!option) throw new Error(`Unknown region option ${value}`);
  return { kind: "postal", ranges: option.postalRanges };
}

const postal = (...ranges: PostalRange[]): LocationArea => ({ kind: "postal", ranges });

const place = (key: LocationKey, name: string, latitude: number, longitude: number, area: LocationArea, preposition: Preposition = "i"): Location => ({
  key,
  name,
  kind: KINDS[key] ?? "town",
  preposition,
  center: { latitude, longitude },
  area,
});

// Towns are centred on their centre; regions and islands on a point that frames them on a map.
// Grønland is centred on the middle of the island, not on Nuuk, so its map shows the whole coast.
export const LOCATIONS: readonly Location[] = [
  place("koebenhavn", "København", 55.6759, 12.5655, regionArea("koebenhavn")),
  place("aarhus", "Aarhus", 56.1567, 10.2108, regionArea("aarhus")),
  place("odense", "Odense", 55.3959, 10.3883, regionArea("odense")),
  place("aalborg", "Aalborg", 57.048, 9.9187, regionArea("aalborg")),
  place("jylland", "Jylland", 56.15, 9.25, postal([6000, 9999])),
  place("hovedstaden", "Hovedstaden", 55.8, 12.35, regionArea("hovedstaden")),
  place("nordjylland", "Nordjylland", 57.1, 9.85, regionArea("nordjylland")),
  place("midtjylland", "Midtjylland", 56.25, 9.3, regionArea("midtjylland")),
  place("syddanmark", "Syddanmark", 55.4, 9.45, postal([5000, 5999], [6000, 6870], [7000, 7120], [7173, 7260], [7300, 7323])),
  place("sonderjylland", "Sønderjylland", 55.1, 9.2, regionArea("sonderjylland")),
  place("esbjerg", "Esbjerg", 55.4703, 8.4519, regionArea("esbjerg")),
  place("kolding", "Kolding", 55.4904, 9.4722, regionArea("kolding")),
  place("vejle", "Vejle", 55.7093, 9.5357, regionArea("vejle")),
  place("horsens", "Horsens", 55.8607, 9.8503, regionArea("horsens")),
  place("randers", "Randers", 56.4607, 10.0364, regionArea("randers")),
  place("roskilde", "Roskilde", 55.6415, 12.0804, regionArea("roskilde")),
  place("helsingoer", "Helsingør", 56.0361, 12.6136, regionArea("helsingoer")),
  place("herning", "Herning", 56.1362, 8.9766, regionArea("herning")),
  place("silkeborg", "Silkeborg", 56.1697, 9.5451, regionArea("silkeborg")),
  place("viborg", "Viborg", 56.4532, 9.402, regionArea("viborg")),
  place("sonderborg", "Sønderborg", 54.909, 9.7892, regionArea("sonderborg")),
  place("svendborg", "Svendborg", 55.0598, 10.6068, regionArea("svendborg")),
  place("frederikshavn", "Frederikshavn", 57.4407, 10.5366, postal([9900, 9900])),
  place("naestved", "Næstved", 55.2299, 11.7609, postal([4700, 4700])),
  place("nordsjaelland", "Nordsjælland", 55.97, 12.35, postal([2840, 2850], [2942, 3699])),
  place("hjoerring", "Hjørring", 57.4642, 9.9823, postal([9800, 9800])),
  place("fredericia", "Fredericia", 55.5657, 9.7526, postal([7000, 7000])),
  place("nykobing-falster", "Nykøbing Falster", 54.7691, 11.8743, postal([4800, 4800])),
  place("haderslev", "Haderslev", 55.2494, 9.4877, postal([6100, 6100])),
  place("holstebro", "Holstebro", 56.3601, 8.6161, postal([7500, 7500])),
  place("ringkobing", "Ringkøbing", 56.0901, 8.244, postal([6950, 6950])),
  place("sjaelland", "Sjælland", 55.45, 11.8, regionArea("sjaelland"), "paa"),
  place("fyn", "Fyn", 55.3, 10.35, regionArea("fyn"), "paa"),
  place("frederiksberg", "Frederiksberg", 55.6794, 12.5346, postal([1800, 2000]), "paa"),
  place("bornholm", "Bornholm", 55.13, 14.92, regionArea("bornholm"), "paa"),
  place("amager", "Amager", 55.615, 12.6, postal([2300, 2300], [2770, 2770], [2791, 2791]), "paa"),
  place("groenland", "Grønland", 72.0, -40.0, regionArea("groenland"), "paa"),
  place("faeroerne", "Færøerne", 62.05, -6.95, regionArea("faeroerne"), "paa"),
];

const byKey = new Map<string, Location>(LOCATIONS.map((l) => [l.key, l]));

/** The location for a key from a URL; undefined for anything unknown. */
export function location(key: string): Location | undefined {
  return byKey.get(key);
}

export function isLocationKey(value: unknown): value is LocationKey {
  return typeof value === "string" && byKey.has(value);
}

/** Whether a market lies in the place; a market without the data the area needs does not. */
export function locationContains(where: Location, market: LocationCandidate): boolean {
  const { area } = where;
  if (area.kind === "postal") {
    return market.postalCode != null && postalCodeInRanges(market.postalCode, area.ranges);
  }
  if (market.latitude == null || market.longitude == null) return false;
  return distanceKm(where.center, { latitude: market.latitude, longitude: market.longitude }) <= area.radiusKm;
}

/** How many postal codes a place spans, a measure of its size; 0 for a place drawn as a radius. */
export function postalCodeCount(place: Location): number {
  return place.area.kind === "postal" ? place.area.ranges.reduce((sum, [from, to]) => sum + (to - from + 1), 0) : 0;
}

/** "i Aarhus", "på Fyn": for headings and sentences. */
export function locationPhrase(key: LocationKey): string {
  const found = byKey.get(key);
  if (!found) throw new Error(`Unknown location ${key}`);
  return `${PREPOSITION_TEXT[found.preposition]} ${found.name}`;
}
