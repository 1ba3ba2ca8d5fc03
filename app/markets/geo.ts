/** A point on the map in WGS 84 degrees, as stored in markets.latitude/longitude. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/** Mean Earth radius (IUGG); the sphere is off by at most 0.5 % against the ellipsoid. */
const EARTH_RADIUS_KM = 6371.0088;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  // min() guards asin against rounding just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The smallest latitude/longitude box holding every point within `radiusKm` of `center`, so a
 * database can narrow a distance search with plain comparisons on indexed columns before the
 * exact distanceKm() filter. Near a pole the box spans all longitudes. The box does not wrap
 * around the 180° meridian (clamped instead): Denmark, Greenland and the Faroe Islands are far from it.
 */
export function boundingBox(center: GeoPoint, radiusKm: number): BoundingBox {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const lat = toRadians(center.latitude);
  const minLat = lat - angular;
  const maxLat = lat + angular;
  if (minLat <= -Math.PI / 2 || maxLat >= Math.PI / 2) {
    return {
      minLatitude: Math.max(-90, toDegrees(minLat)),
      maxLatitude: Math.min(90, toDegrees(maxLat)),
      minLongitude: -180,
      maxLongitude: 180,
    };
  }
  // The widest longitude is reached north of the centre's parallel, not on it (a circle on the
  // sphere bulges poleward), hence asin(sin/cos) instead of angular / cos(lat).
  const dLon = toDegrees(Math.asin(Math.min(1, Math.sin(angular) / Math.cos(lat))));
  return {
    minLatitude: toDegrees(minLat),
    maxLatitude: toDegrees(maxLat),
    minLongitude: Math.max(-180, center.longitude - dLon),
    maxLongitude: Math.min(180, center.longitude + dLon),
  };
}
