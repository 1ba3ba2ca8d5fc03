import { distanceKm, type GeoPoint } from "../geo";
import { location } from "../locations";
import { postalCodeInRanges, regionOption, type PostalRange } from "../regions";
import type { MarketFilters } from "../../filters/filters";
import type { Setting } from "../types";

/**
 * What the place and setting filters mean, once, for every way of asking: SQL on the markets or
 * the search rows (conditions.server.ts), full-text tokens (market-list.server.ts) and the map's
 * in-memory points (map/markers-in-memory.server.ts).
 */

/** A place as the filters see it: postal code ranges (regions, towns, islands) or a circle around a centre. */
export type FilterArea = { kind: "postal"; ranges: readonly PostalRange[] } | { kind: "circle"; center: GeoPoint; radiusKm: number };

/**
 * The places the filters name, region and location each (a market must lie in all of them); an
 * empty list when they name none, null when a key is unknown, so that nothing can match.
 */
export function filterAreas(filters: Pick<MarketFilters, "region" | "location">): FilterArea[] | null {
  const areas: FilterArea[] = [];
  if (filters.region !== undefined) {
    const option = regionOption(filters.region);
    if (!option) return null;
    areas.push({ kind: "postal", ranges: option.postalRanges });
  }
  if (filters.location !== undefined) {
    const place = location(filters.location);
    if (!place) return null;
    areas.push(place.area.kind === "postal" ? { kind: "postal", ranges: place.area.ranges } : { kind: "circle", center: place.center, radiusKm: place.area.radiusKm });
  }
  return areas;
}

/** A market held both indoors and outdoors suits someone asking for either. */
const SETTING_MATCHES: Record<Setting, readonly Setting[]> = {
  indoor: ["indoor", "both"],
  outdoor: ["outdoor", "both"],
  both: ["both"],
};

export function settingMatches(asked: Setting): readonly Setting[] {
  return SETTING_MATCHES[asked];
}

export interface AreaCandidate {
  postalCode: number | null | undefined;
  latitude: number | null | undefined;
  longitude: number | null | undefined;
}

/** Whether a market lies in the area; one without the data the area needs does not. */
export function areaContains(area: FilterArea, market: AreaCandidate): boolean {
  if (area.kind === "postal") return market.postalCode != null && postalCodeInRanges(market.postalCode, area.ranges);
  if (market.latitude == null || market.longitude == null) return false;
  return distanceKm(area.center, { latitude: market.latitude, longitude: market.longitude }) <= area.radiusKm;
}
