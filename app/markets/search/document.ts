import { LOCATIONS, locationContains } from "../locations";
import { isMarketType, marketTypeInfo } from "../market-types";
import { regionsForPostalCode } from "../regions";
import type { LocalDate } from "../types";
import { openDayTokens, postalTokens, shopDayToken, typeToken } from "./facets";
import { indexTerms } from "~/search/normalize";
import { padded } from "~/search/document-terms";

/** What of a market is searchable. */
export interface SearchableMarket {
  name: string;
  type: string;
  description: string | null;
  venue_name: string | null;
  street: string | null;
  postal_code: number;
  city: string;
  municipality: string | null;
}

export interface SearchDocument {
  nameTerms: string;
  document: string;
  /** Every distinct term of `document`, for the vocabulary. */
  terms: string[];
}

const placeNamesCache = new Map<number, string>();

/**
 * The names of every region option and landing-page place whose postal ranges hold the code, so
 * that "aarhus" finds a market in 8260 Viby J and "fyn" one in 5700 Svendborg.
 */
export function placeNames(postalCode: number): string {
  let names = placeNamesCache.get(postalCode);
  if (names === undefined) {
    const found = new Set<string>(regionsForPostalCode(postalCode).map((option) => option.label));
    for (const place of LOCATIONS) {
      if (place.area.kind === "postal" && locationContains(place, { postalCode })) found.add(place.name);
    }
    names = [...found].join(" ");
    placeNamesCache.set(postalCode, names);
  }
  return names;
}

function typeWords(type: string): string {
  if (!isMarketType(type)) return "";
  const info = marketTypeInfo(type);
  return `${info.name} ${info.plural} ${info.label}`;
}

export function buildSearchDocument(market: SearchableMarket): SearchDocument {
  const nameTerms = indexTerms(market.name);
  const terms = indexTerms(
    [
      market.name,
      typeWords(market.type),
      market.venue_name,
      market.street,
      String(market.postal_code),
      market.city,
      market.municipality,
      placeNames(market.postal_code),
      market.description,
    ]
      .filter(Boolean)
      .join(" \n "),
  );
  return { nameTerms: padded(nameTerms), document: padded(terms), terms };
}

export interface FacetSource {
  type: string;
  postal_code: number;
  /** Scheduled occurrences as [first day, last day]. */
  occurrences: readonly (readonly [LocalDate, LocalDate])[];
  /** ISO weekdays on which a shop has opening hours. */
  shopWeekdays: readonly number[];
}

/** The filter tokens of a market (facets.ts), padded like the texts. */
export function buildFacets(source: FacetSource): string {
  const tokens = new Set<string>([typeToken(source.type), ...postalTokens(source.postal_code)]);
  for (const [from, to] of source.occurrences) for (const token of openDayTokens(from, to)) tokens.add(token);
  for (const weekday of source.shopWeekdays) tokens.add(shopDayToken(weekday));
  return padded([...tokens]);
}
