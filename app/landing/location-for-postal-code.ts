import { LOCATIONS, locationContains, postalCodeCount, type Location } from "../markets/locations";

/**
 * The most specific landing area a postal code belongs to: a town before its region, a region
 * before Jylland. Used for the canonical of a closed market and for "more markets nearby" links.
 */
export function locationForPostalCode(postalCode: number): Location | null {
  const matches = LOCATIONS.filter((place) => place.area.kind === "postal" && locationContains(place, { postalCode }));
  return matches.sort((a, b) => postalCodeCount(a) - postalCodeCount(b))[0] ?? null;
}
