import { postalDistrict, postalDistricts, type PostalDistrict } from "../../markets/postal-register";

/**
 * The market form's postal codes and towns, from the project's postal register
 * (app/markets/postal-register.ts: every postal code of Denmark, the Faroe Islands and Greenland,
 * with its district, municipality and the centre of its town). A code the register does not know
 * is still taken; the person types the town, and the pin then comes from the town.
 */

export type PostalTown = PostalDistrict;

export function postalTown(postalCode: number): PostalTown | null {
  return postalDistrict(postalCode);
}

/** "Aarhus C", "Aarhus c", "aarhus": the same town; the district letters after a city's name ("C", "SV", "Øst") are left out. */
function townKey(city: string): string {
  return city
    .trim()
    .toLocaleLowerCase("da-DK")
    .replace(/\s+/g, " ")
    .replace(/ (c|k|v|n|s|ø|m|sv|nv|sø|nø|øst|vest|nord|syd)$/, "");
}

let byTown: Map<string, PostalTown> | null = null;

/** The district a typed town names (the lowest postal code of a town with several), or null. */
export function postalTownByName(city: string): PostalTown | null {
  if (!byTown) {
    byTown = new Map();
    for (const district of postalDistricts()) {
      for (const key of [district.city.trim().toLocaleLowerCase("da-DK"), townKey(district.city)]) if (!byTown.has(key)) byTown.set(key, district);
    }
  }
  return byTown.get(city.trim().toLocaleLowerCase("da-DK").replace(/\s+/g, " ")) ?? byTown.get(townKey(city)) ?? null;
}

/** For the page's JavaScript, which fills in the town as four digits are typed: code → [town, latitude, longitude]. */
export type PostalTownTable = Record<string, [city: string, latitude: number, longitude: number]>;

let table: PostalTownTable | null = null;

export function postalTownTable(): PostalTownTable {
  table ??= Object.fromEntries(postalDistricts().map((town) => [String(town.postalCode), [town.city, town.latitude, town.longitude]]));
  return table;
}
