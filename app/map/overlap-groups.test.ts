import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mercatorX, mercatorY, worldFraction, type GridPoints } from "./grid";
import { groupByOverlap, markSize, OVERLAP_PX } from "./overlap-groups";

function gridPoints(positions: [lat: number, lng: number][]): GridPoints {
  const fractions = positions.map(([lat, lng]) => worldFraction(lat, lng));
  return { lat: positions.map(([lat]) => lat), lng: positions.map(([, lng]) => lng), x: fractions.map((f) => f.x), y: fractions.map((f) => f.y) };
}

const all = (points: GridPoints) => Array.from({ length: points.lat.length }, (_, i) => i);
const screenDistance = (a: { lat: number; lng: number }, b: { lat: number; lng: number }, zoom: number) =>
  Math.hypot(mercatorX(a.lng, zoom) - mercatorX(b.lng, zoom), mercatorY(a.lat, zoom) - mercatorY(b.lat, zoom));

describe("markets grouped where their pins would cover each other", () => {
  it("leaves nine markets spread over a town as nine pins", () => {
    // Aarhus: nine markets about a kilometre apart, at the zoom a town fills the screen.
    const positions = [0, 1, 2].flatMap((row) => [0, 1, 2].map((column) => [56.13 + row * 0.012, 10.17 + column * 0.02] as [number, number]));
    const groups = groupByOverlap(gridPoints(positions), all(gridPoints(positions)), 12);
    expect(groups.map((group) => group.count)).toEqual(Array(9).fill(1));
  });

  it("keeps two markets 2 km apart together at the country's zoom and apart in the town's", () => {
    const points = gridPoints([
      [55.6941, 12.5496],
      [55.7072, 12.5776],
    ]);
    expect(groupByOverlap(points, [0, 1], 7).map((group) => group.count)).toEqual([2]);
    expect(groupByOverlap(points, [0, 1], 12).map((group) => group.count)).toEqual([1, 1]);
  });

  it("gives a cluster the box its markets lie in and their average position", () => {
    const points = gridPoints([
      [55.4, 10.38],
      [55.41, 10.4],
      [55.39, 10.39],
    ]);
    const [group] = groupByOverlap(points, [0, 1, 2], 8);
    expect(group).toMatchObject({ count: 3, south: 55.39, north: 55.41, west: 10.38, east: 10.4 });
    expect(group!.lat).toBeCloseTo(55.4, 9);
    expect(group!.lng).toBeCloseTo(10.39, 9);
  });

  it("never leaves a pin under a cluster nor two clusters touching, and counts every market once, wherever they lie", () => {
    const position = fc.tuple(fc.double({ min: 54.6, max: 57.7, noNaN: true }), fc.double({ min: 8.1, max: 15.1, noNaN: true }));
    fc.assert(
      fc.property(fc.array(position, { minLength: 1, maxLength: 300 }), fc.integer({ min: 5, max: 12 }), (positions, zoom) => {
        const points = gridPoints(positions);
        const groups = groupByOverlap(points, all(points), zoom);
        expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(positions.length);
        const clusters = groups.filter((group) => group.count > 1);
        for (const pin of groups.filter((group) => group.count === 1)) {
          for (const cluster of clusters) expect(screenDistance(pin, cluster, zoom)).toBeGreaterThanOrEqual(OVERLAP_PX);
        }
        // Nor does a cluster's circle touch another's.
        for (const [i, a] of clusters.entries()) {
          for (const b of clusters.slice(i + 1)) expect(screenDistance(a, b, zoom)).toBeGreaterThanOrEqual((markSize(a.count) + markSize(b.count)) / 2 - 1e-6);
        }
      }),
      { numRuns: 60 },
    );
  });
});
