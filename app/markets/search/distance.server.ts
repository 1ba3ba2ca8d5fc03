import { sql, type RawBuilder, type SqlBool } from "kysely";
import { boundingBox, type GeoPoint } from "../geo";

/**
 * Distance in SQL, the same to the last bit on both engines: the one formula of every query that
 * measures from a point (sorting by distance, places drawn as a circle). Over a row aliased `s`
 * (market_search) or `m` (markets); both have latitude and longitude.
 */

const EARTH_RADIUS_KM = 6371.0088;
const HALF_RADIANS_PER_DEGREE = Math.PI / 360;

// Taylor polynomials in Horner form: accurate to about 1e-9 for the angles between places in
// Denmark, Greenland and the Faroe Islands, and made of + − × ÷ only. SQLite has no trigonometry
// unless compiled with it, and two engines' sin() need not agree to the last bit; IEEE arithmetic
// does, so both databases compute the same doubles and sort the same way.
function sine(x: RawBuilder<number>): RawBuilder<number> {
  const x2 = sql`(${x} * ${x})`;
  return sql<number>`(${x} * (1 - ${x2} / 6 * (1 - ${x2} / 20 * (1 - ${x2} / 42 * (1 - ${x2} / 72)))))`;
}

function cosine(x: RawBuilder<number>): RawBuilder<number> {
  const x2 = sql`(${x} * ${x})`;
  return sql<number>`(1 - ${x2} / 2 * (1 - ${x2} / 12 * (1 - ${x2} / 30 * (1 - ${x2} / 56 * (1 - ${x2} / 90 * (1 - ${x2} / 132))))))`;
}

/**
 * The haversine term of the great-circle distance from `near` to the row: it grows with the
 * distance, so it sorts like distanceKm() (geo.ts) and compares with haversineLimit(). Null for a
 * market without coordinates.
 */
export function haversineTerm(near: GeoPoint, alias: "s" | "m" | "p" = "s"): RawBuilder<number> {
  const rowLatitude = sql.ref(`${alias}.latitude`);
  const rowLongitude = sql.ref(`${alias}.longitude`);
  const halfLatitude = sql<number>`((${rowLatitude} - ${near.latitude}) * ${HALF_RADIANS_PER_DEGREE})`;
  const halfLongitude = sql<number>`((${rowLongitude} - ${near.longitude}) * ${HALF_RADIANS_PER_DEGREE})`;
  const latitude = sql<number>`(${rowLatitude} * ${2 * HALF_RADIANS_PER_DEGREE})`;
  const cosNear = Math.cos(near.latitude * 2 * HALF_RADIANS_PER_DEGREE);
  const sinLat = sine(halfLatitude);
  const sinLon = sine(halfLongitude);
  return sql<number>`(${sinLat} * ${sinLat} + ${cosNear} * ${cosine(latitude)} * ${sinLon} * ${sinLon})`;
}

function haversineLimit(radiusKm: number): number {
  return Math.sin(radiusKm / EARTH_RADIUS_KM / 2) ** 2;
}

/** Within `radiusKm` of the centre by the haversine distance; the bounding box first, for the position index. */
export function withinRadius(center: GeoPoint, radiusKm: number, alias: "s" | "m" | "p" = "s"): RawBuilder<SqlBool> {
  const box = boundingBox(center, radiusKm);
  return sql<SqlBool>`(${sql.ref(`${alias}.latitude`)} between ${box.minLatitude} and ${box.maxLatitude}
    and ${sql.ref(`${alias}.longitude`)} between ${box.minLongitude} and ${box.maxLongitude}
    and ${haversineTerm(center, alias)} <= ${haversineLimit(radiusKm)})`;
}

/**
 * "Nær mig" counts near and soon together: markets fall into bands of distance, and within a band
 * the one that opens first comes first, so a market 3 km away this weekend ranks above one 1 km
 * away next spring. The bands' edges include the circles the list searches in (market-list.server.ts),
 * so every market outside a circle ranks after every market inside it.
 */
export const NEAR_BANDS_KM = [5, 10, 25, 40, 80, 160] as const;

/** The band of a row's distance from `near`: 0 within the first edge, one more for each edge beyond. */
export function distanceBand(near: GeoPoint, alias: "s" | "m" | "p" = "s"): RawBuilder<number> {
  const term = haversineTerm(near, alias);
  const cases = NEAR_BANDS_KM.map((km, band) => sql`when ${term} < ${haversineLimit(km)} then ${band}`);
  return sql<number>`(case ${sql.join(cases, sql` `)} else ${NEAR_BANDS_KM.length} end)`;
}
