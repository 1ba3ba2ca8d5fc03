import { describe, expect, it } from "vitest";
import { boundingBox, distanceKm, type GeoPoint } from "./geo";

const copenhagen = { latitude: 55.6761, longitude: 12.5683 };
const aarhus = { latitude: 56.1629, longitude: 10.2039 };

/** The point `km` away from `from` in direction `bearing` (degrees from north), on the same sphere. */
function destination(from: GeoPoint, bearing: number, km: number): GeoPoint {
  const R = 6371.0088;
  const rad = Math.PI / 180;
  const d = km / R;
  const lat1 = from.latitude * rad;
  const b = bearing * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 = from.longitude * rad + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: lat2 / rad, longitude: lon2 / rad };
}

describe("distanceKm", () => {
  it("København to Aarhus is about 157 km as the crow flies", () => {
    expect(distanceKm(copenhagen, aarhus)).toBeGreaterThan(152);
    expect(distanceKm(copenhagen, aarhus)).toBeLessThan(162);
  });

  it("is symmetric and zero for the same point", () => {
    expect(distanceKm(aarhus, copenhagen)).toBeCloseTo(distanceKm(copenhagen, aarhus), 9);
    expect(distanceKm(aarhus, aarhus)).toBe(0);
  });

  it("one degree of latitude is about 111 km", () => {
    expect(distanceKm({ latitude: 55, longitude: 10 }, { latitude: 56, longitude: 10 })).toBeCloseTo(111.2, 0);
  });

  it("København to Nuuk is about 3,500 km", () => {
    const nuuk = { latitude: 64.1835, longitude: -51.7216 };
    expect(distanceKm(copenhagen, nuuk)).toBeGreaterThan(3400);
    expect(distanceKm(copenhagen, nuuk)).toBeLessThan(3600);
  });
});

describe("boundingBox", () => {
  it.each([
    ["Aarhus, 25 km", aarhus, 25],
    ["København, 5 km", copenhagen, 5],
    ["Nuuk, 50 km", { latitude: 64.18, longitude: -51.72 }, 50],
    ["northern Greenland, 300 km", { latitude: 81.6, longitude: -16.7 }, 300],
  ])("%s holds every point of the circle, and is no wider than it", (_, center, radiusKm) => {
    const box = boundingBox(center, radiusKm);
    const circle = Array.from({ length: 360 }, (_, bearing) => destination(center, bearing, radiusKm));
    for (const p of circle) {
      expect(p.latitude).toBeGreaterThanOrEqual(box.minLatitude - 1e-9);
      expect(p.latitude).toBeLessThanOrEqual(box.maxLatitude + 1e-9);
      expect(p.longitude).toBeGreaterThanOrEqual(box.minLongitude - 1e-9);
      expect(p.longitude).toBeLessThanOrEqual(box.maxLongitude + 1e-9);
    }
    // A box much wider than the circle would let the database pre-filter pass too many rows.
    const halfWidth = box.maxLongitude - center.longitude;
    const widest = Math.max(...circle.map((p) => p.longitude)) - center.longitude;
    expect(widest / halfWidth).toBeGreaterThan(0.999);
    expect(Math.max(...circle.map((p) => p.latitude))).toBeCloseTo(box.maxLatitude, 6);
  });

  it("spans all longitudes when the circle covers a pole", () => {
    const box = boundingBox({ latitude: 89.5, longitude: -40 }, 100);
    expect(box.minLongitude).toBe(-180);
    expect(box.maxLongitude).toBe(180);
    expect(box.maxLatitude).toBe(90);
  });
});
