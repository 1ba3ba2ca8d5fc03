import towns from "../../markets/towns.json";

/**
 * The project's town table (app/markets/towns.json: the hand-checked postal register joined with
 * GeoNames coordinates, see db/seed/postal-codes.ts) by postal code: the postal district an address
 * is written with, its municipality and the town's centre. About 270 codes; a code not in it is
 * still a valid code, and the person types the town themselves.
 */

export interface PostalTown {
  postalCode: number;
  /** As an address writes it: "Aarhus C", "Tórshavn". */
  city: string;
  municipality: string;
  latitude: number;
  longitude: number;
}

interface TownRow {
  city: string;
  postalCode: number;
  municipality: string;
  lat: number;
  lng: number;
}

const BY_CODE = new Map<number, PostalTown>();
for (const town of towns as TownRow[]) {
  if (BY_CODE.has(town.postalCode)) continue;
  BY_CODE.set(town.postalCode, { postalCode: town.postalCode, city: town.city, municipality: town.municipality, latitude: town.lat, longitude: town.lng });
}

export function postalTown(postalCode: number): PostalTown | null {
  return BY_CODE.get(postalCode) ?? null;
}

/** For the page's JavaScript, which fills in the town as four digits are typed: code → [town, latitude, longitude]. */
export type PostalTownTable = Record<string, [city: string, latitude: number, longitude: number]>;

let table: PostalTownTable | null = null;

export function postalTownTable(): PostalTownTable {
  table ??= Object.fromEntries([...BY_CODE.values()].map((town) => [String(town.postalCode), [town.city, town.latitude, town.longitude]]));
  return table;
}
