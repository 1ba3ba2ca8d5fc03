import { distanceKm } from "../markets/geo";
import type { LandingSummary } from "./data.server";
import { landingPath, type LandingPage } from "./paths";
import { LOCATIONS, postalCodeCount, type Location, type LocationKey } from "../markets/locations";
import type { PostalRange } from "../markets/regions";

/**
 * Which other landing places a page points to. A visitor on /loppemarkeder-i-aarhus who wants
 * more looks at the towns around it (Randers, Horsens, Silkeborg) and at the region it lies in
 * (Midtjylland, Jylland); on a region page, at the regions next to it.
 *
 * Grønland and Færøerne have no neighbours on land: the nearest Danish town is over 1,000 km
 * away. A visitor there is best served by the realm's other North Atlantic part, then by the
 * Danish regions nearest (Nordjylland, Jylland …), never by a single Danish town. Danish pages, in
 * turn, never point across the sea to them as a neighbour.
 */
const NORTH_ATLANTIC: readonly LocationKey[] = ["groenland", "faeroerne"];

/** A part of the country or an island group rather than a town; Bornholm counts, with towns of its own like Fyn. */
const isRegion = (place: Location) => place.kind === "part" || place.kind === "overseas";
const isNorthAtlantic = (place: Location) => NORTH_ATLANTIC.includes(place.key);

function postalRanges(place: Location): readonly PostalRange[] {
  return place.area.kind === "postal" ? place.area.ranges : [];
}

/** Whether every postal code of `inner` lies in `outer`: Aarhus lies in Midtjylland and in Jylland. */
function covers(outer: Location, inner: Location): boolean {
  const ranges = postalRanges(inner);
  return outer !== inner && ranges.length > 0 && ranges.every(([from, to]) => postalRanges(outer).some(([start, end]) => from >= start && to <= end));
}

function byDistanceFrom(place: Location, candidates: readonly Location[]): Location[] {
  const distance = new Map(candidates.map((other) => [other, distanceKm(place.center, other.center)]));
  return [...candidates].sort((a, b) => distance.get(a)! - distance.get(b)!);
}

/** Every other place, the most useful neighbour first; what both exports pick from. */
function rankedOthers(place: Location): Location[] {
  const others = LOCATIONS.filter((other) => other !== place);
  if (isNorthAtlantic(place)) {
    const otherPart = others.filter(isNorthAtlantic);
    return [
      ...otherPart,
      ...byDistanceFrom(
        place,
        others.filter((other) => !isNorthAtlantic(other)),
      ),
    ];
  }
  return byDistanceFrom(place, others);
}

/**
 * The nearest other places by centre distance: for a town the towns around it followed by the
 * regions it lies in (smallest first, at most two); for a region the regions around it (including
 * a larger one it lies in, such as Jylland for Midtjylland).
 */
export function neighbouringLocations(place: Location, count = 6): Location[] {
  const ranked = rankedOthers(place);
  if (isRegion(place)) {
    return ranked.filter((other) => isRegion(other) && (isNorthAtlantic(place) || !isNorthAtlantic(other))).slice(0, count);
  }
  const regions = LOCATIONS.filter((other) => isRegion(other) && covers(other, place))
    .sort((a, b) => postalCodeCount(a) - postalCodeCount(b))
    // Two regions in a list of six, one in a list of two or three: the towns stay the majority.
    .slice(0, count >= 4 ? 2 : count >= 2 ? 1 : 0);
  const towns = ranked.filter((other) => !isRegion(other) && !isNorthAtlantic(other)).slice(0, count - regions.length);
  return [...towns, ...regions];
}

/**
 * For a page with no markets: the nearest places whose page of the same type has some, nearest
 * first, with that page's address and count. A place inside the empty one has none either, so the
 * suggestions reach outwards by themselves. The nationwide type page has no nearer place to offer.
 */
export function nearestLocationsWithMarkets(page: LandingPage, index: readonly LandingSummary[], count = 4): { location: Location; path: string; count: number }[] {
  if (!page.location) return [];
  const counts = new Map<LocationKey, number>();
  for (const summary of index) {
    if (summary.type === page.type.key && summary.location !== null) counts.set(summary.location, summary.count);
  }
  return rankedOthers(page.location)
    .filter((other) => (counts.get(other.key) ?? 0) > 0)
    .slice(0, count)
    .map((other) => ({ location: other, path: landingPath(page.type, other), count: counts.get(other.key)! }));
}
