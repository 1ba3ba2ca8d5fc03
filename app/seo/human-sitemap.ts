import type { LandingSummary } from "~/landing/data.server";
import { landingPath } from "~/landing/paths";
import { location } from "~/markets/locations";
import { MARKET_TYPE_INFO } from "~/markets/market-types";
import { LOCATION_GROUPS } from "./location-groups";

/** What /sitemap shows of the landing pages: per market type its page and the places with markets. */
export interface PlaceLink {
  name: string;
  path: string;
  count: number;
}

export interface PlaceGroup {
  id: string;
  label: string;
  places: PlaceLink[];
}

export interface TypeSection {
  /** The type's URL slug, also the section's anchor: /sitemap#loppemarkeder. */
  slug: string;
  plural: string;
  description: string;
  path: string;
  count: number;
  /** Only groups with at least one place that has markets of this type. */
  groups: PlaceGroup[];
}

export function typeSections(index: readonly LandingSummary[]): TypeSection[] {
  const pages = new Map(index.map((page) => [`${page.type}/${page.location ?? ""}`, page]));
  return MARKET_TYPE_INFO.map((type) => {
    const typePage = pages.get(`${type.key}/`);
    const groups = LOCATION_GROUPS.map((group) => ({
      id: group.id,
      label: group.label,
      places: group.keys.flatMap((key) => {
        const page = pages.get(`${type.key}/${key}`);
        const place = location(key);
        return page && place && page.count > 0 ? [{ name: place.name, path: page.path, count: page.count }] : [];
      }),
    })).filter((group) => group.places.length > 0);
    return {
      slug: type.slug,
      plural: type.plural,
      description: type.description,
      path: typePage?.path ?? landingPath(type),
      count: typePage?.count ?? 0,
      groups,
    };
  });
}
