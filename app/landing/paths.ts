import { LOCATIONS, type Location } from "../markets/locations";
import { MARKET_TYPE_INFO, typePagePath, type MarketTypeInfo } from "../markets/market-types";
import { PREPOSITION_TEXT } from "../markets/regions";
import { slugify } from "~/lib/slug";

/**
 * The landing pages' addresses (product §2): /loppemarkeder, and /{typeSlug}-{i|paa}-{location}
 * for every type and location. React Router cannot match "/loppemarkeder-i-aarhus" with a
 * pattern (a dynamic segment must follow a slash), so one route hands the whole segment here.
 */
export type LandingPage = { type: MarketTypeInfo; location: Location | null };

export type LandingResolution =
  | { kind: "page"; page: LandingPage }
  /** The address a visitor meant, for a 301: singular type, wrong preposition, unfolded spelling. */
  | { kind: "redirect"; path: string }
  | { kind: "unknown" };

export function landingPath(type: MarketTypeInfo, location: Location | null = null): string {
  return location ? `/${type.slug}-${location.preposition}-${location.key}` : typePagePath(type);
}

/** "Loppemarkeder i Aarhus", "Genbrugsbutikker på Fyn". */
export function landingTitle({ type, location }: LandingPage): string {
  return location ? `${type.plural} ${PREPOSITION_TEXT[location.preposition]} ${location.name}` : type.plural;
}

/**
 * Spellings people type for a key, folded to one form: "koebenhavn", "kobenhavn" and "københavn"
 * (slugified to "koebenhavn") meet as "kobenhavn"; "soenderborg" meets the canonical
 * "sonderborg".
 */
function foldKey(key: string): string {
  return key.replace(/oe/g, "o").replace(/ae/g, "a").replace(/aa/g, "a");
}

const LOCATION_BY_FOLDED = new Map(LOCATIONS.map((place) => [foldKey(place.key), place]));
const LOCATION_BY_KEY = new Map(LOCATIONS.map((place) => [place.key as string, place]));

/** Type slugs longest first, so "design-secondhand-butikker" is tried before anything shorter. */
const TYPE_SLUGS = MARKET_TYPE_INFO.flatMap((type) => [
  { slug: type.slug, type, singular: false },
  { slug: type.singularSlug, type, singular: true },
]).sort((a, b) => b.slug.length - a.slug.length);

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function resolveLandingPath(segment: string): LandingResolution {
  const raw = decoded(segment).replace(/^\/+|\/+$/g, "");
  // Upper case, æ/ø/å and spaces are folded as the slug rule does; anything changed is a redirect.
  const text = slugify(raw);
  if (!text) return { kind: "unknown" };

  for (const candidate of TYPE_SLUGS) {
    if (text === candidate.slug) {
      const path = landingPath(candidate.type);
      return !candidate.singular && raw === text ? { kind: "page", page: { type: candidate.type, location: null } } : { kind: "redirect", path };
    }
    for (const preposition of ["i", "paa"] as const) {
      const prefix = `${candidate.slug}-${preposition}-`;
      if (!text.startsWith(prefix)) continue;
      const key = text.slice(prefix.length);
      const place = LOCATION_BY_KEY.get(key) ?? LOCATION_BY_FOLDED.get(foldKey(key));
      if (!place) return { kind: "unknown" };
      const path = landingPath(candidate.type, place);
      return path === `/${raw}` ? { kind: "page", page: { type: candidate.type, location: place } } : { kind: "redirect", path };
    }
  }
  return { kind: "unknown" };
}
