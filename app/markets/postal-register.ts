import rows from "./postal-register.json";

/**
 * The postal register (app/markets/postal-register.json: db/seed/postal-register.ts joined with
 * GeoNames coordinates by scripts/write-postal-register.ts): every postal code in use in Denmark,
 * the Faroe Islands (FO-xyz as 3790 + xy) and Greenland, with the postal district an address is
 * written with, its municipality and the centre of the district's town.
 */

export interface PostalDistrict {
  postalCode: number;
  /** As an address writes it: "Aarhus C", "Risskov", "Tórshavn". */
  city: string;
  municipality: string;
  latitude: number;
  longitude: number;
}

type Row = [postalCode: number, city: string, municipality: string, lat: number, lng: number];

const BY_CODE = new Map<number, PostalDistrict>(
  (rows as unknown as Row[]).map(([postalCode, city, municipality, latitude, longitude]) => [postalCode, { postalCode, city, municipality, latitude, longitude }]),
);

export function postalDistrict(postalCode: number): PostalDistrict | null {
  return BY_CODE.get(postalCode) ?? null;
}

/** Every district, by postal code. */
export function postalDistricts(): PostalDistrict[] {
  return [...BY_CODE.values()];
}
