import { LOCATIONS, locationContains, type Location } from "./locations";

/**
 * The most specific landing area a postal code belongs to: a town before its region, a region
 * before Jylland. Used for the canonical of a closed market and for "more markets nearby" links.
 */
export function locationForPostalCode(postalCode: number): Location | null {
  const matches = LOCATIONS.filter((place) => place.area.kind === "postal" && locationContains(place, { postalCode }));
  const span = (place: Location) =>
    place.area.kind === "postal" ? place.area.ranges.reduce((sum, [from, to]) => sum + (to - from + 1), 0) : Infinity;
  return matches.sort((a, b) => span(a) - span(b))[0] ?? null;
}
