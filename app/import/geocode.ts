import towns from "../markets/towns.json";
import { normalizeDanish } from "../search/normalize";

interface Town {
  name: string;
  city: string;
  postalCode: number;
  lat: number;
  lng: number;
}

const TOWNS = towns as Town[];
const byPostalCode = new Map<number, Town>();
const byName = new Map<string, Town>();
for (const town of TOWNS) {
  if (!byPostalCode.has(town.postalCode)) byPostalCode.set(town.postalCode, town);
  for (const name of [town.name, town.city]) {
    const key = normalizeDanish(name);
    if (!byName.has(key)) byName.set(key, town);
  }
}

/**
 * Coordinates for a town without asking anyone online: the hand-checked town list the demo data
 * uses (CC-BY-4.0 coordinates, see /om-os). The postal code decides first, then the town's name
 * ("Århus C" and "Aarhus" are the same town), then its first word ("Aarhus C" → "Aarhus").
 */
export function geocodeTown(city: string, postalCode: number): { latitude: number; longitude: number } | null {
  const name = normalizeDanish(city);
  const town = byPostalCode.get(postalCode) ?? byName.get(name) ?? byName.get(name.split(" ")[0] ?? "");
  return town ? { latitude: town.lat, longitude: town.lng } : null;
}
