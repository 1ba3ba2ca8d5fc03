import towns from "./towns.json";

/*
 * A place's name for a spot on the map: the town a Dane would say it is "omkring". The towns of
 * the demo data's table (towns.json, about 270 with their population in thousands) are enough:
 * a group of markets on the map is named after a town people know, not after the nearest suburb.
 */

interface TownRow {
  name: string;
  lat: number;
  lng: number;
  population: number;
}

/** Towns of at least this many thousand people name a spot within FAR_KM of them before any smaller town does. */
const KNOWN_TOWN = 10;
const FAR_KM = 25;

const TOWNS = (towns as TownRow[]).filter((town) => Number.isFinite(town.lat) && Number.isFinite(town.lng));

function distanceKm(lat: number, lng: number, town: TownRow): number {
  // Equirectangular: a few hundred metres off over Denmark's distances, which is plenty for a name.
  const x = (((town.lng - lng) * Math.PI) / 180) * Math.cos((((town.lat + lat) / 2) * Math.PI) / 180);
  const y = ((town.lat - lat) * Math.PI) / 180;
  return Math.sqrt(x * x + y * y) * 6371;
}

/** The name of the known town nearest to the spot when one is within FAR_KM, else of the nearest town. */
export function nearestTownName(lat: number, lng: number): string {
  let nearest: { town: TownRow; km: number } | null = null;
  let nearestKnown: { town: TownRow; km: number } | null = null;
  for (const town of TOWNS) {
    const km = distanceKm(lat, lng, town);
    if (!nearest || km < nearest.km) nearest = { town, km };
    if (town.population >= KNOWN_TOWN && (!nearestKnown || km < nearestKnown.km)) nearestKnown = { town, km };
  }
  if (nearestKnown && nearestKnown.km <= FAR_KM) return nearestKnown.town.name;
  return nearest?.town.name ?? "";
}
