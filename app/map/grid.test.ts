import { describe, expect, it } from "vitest";
import { CELL_PX, MAX_LATITUDE, columnOf, latitudeAtY, longitudeAtX, mercatorX, mercatorY, roundCoordinate, snapToCells, viewPx, type MapBounds } from "./grid";

const DENMARK: MapBounds = { south: 54.5, west: 8.0, north: 57.8, east: 15.2 };

describe("Web Mercator pixels", () => {
  it("puts København in the OpenStreetMap tile 547/320 at zoom 10, like the map tiles", () => {
    expect(Math.floor(mercatorX(12.5683, 10) / 256)).toBe(547);
    expect(Math.floor(mercatorY(55.6761, 10) / 256)).toBe(320);
  });

  it("maps the equator and the prime meridian to the middle of the world and the limits to its edges", () => {
    expect(mercatorX(0, 0)).toBe(128);
    expect(mercatorY(0, 0)).toBeCloseTo(128, 9);
    expect(mercatorY(MAX_LATITUDE, 3)).toBeCloseTo(0, 6);
    expect(mercatorY(-MAX_LATITUDE, 3)).toBeCloseTo(256 * 8, 6);
    // Beyond the projection's limit the pixel stays on the edge instead of running off to infinity.
    expect(mercatorY(89.9, 3)).toBeCloseTo(0, 6);
  });

  it("inverts exactly enough that a boundary latitude lands in the cell it starts", () => {
    for (const latitude of [-60, 0, 54.56, 55.6761, 57.75, 64.18, 72]) {
      expect(latitudeAtY(mercatorY(latitude, 9), 9)).toBeCloseTo(latitude, 9);
    }
    for (const longitude of [-51.69, -6.95, 0, 8.07, 12.5683, 15.2]) {
      expect(longitudeAtX(mercatorX(longitude, 9), 9)).toBeCloseTo(longitude, 9);
    }
  });

  it("measures the start view of Denmark at zoom 7 as a screen-sized box", () => {
    const { width, height } = viewPx(DENMARK, 7);
    expect(width).toBeGreaterThan(600);
    expect(width).toBeLessThan(700);
    expect(height).toBeGreaterThan(500);
    expect(height).toBeLessThan(700);
  });
});

describe("cells of the clustering grid", () => {
  it("are CELL_PX pixels wide at every zoom: one zoom level in doubles the columns", () => {
    const at7 = columnOf(DENMARK.east, 7) - columnOf(DENMARK.west, 7);
    const at8 = columnOf(DENMARK.east, 8) - columnOf(DENMARK.west, 8);
    expect(Math.abs(at8 - 2 * at7)).toBeLessThanOrEqual(1);
    expect(at7).toBe(Math.floor(mercatorX(DENMARK.east, 7) / CELL_PX) - Math.floor(mercatorX(DENMARK.west, 7) / CELL_PX));
  });

  it("widen a box to whole cells, so a cluster at the edge counts all of its markets", () => {
    for (const zoom of [5, 7, 9, 12]) {
      const snapped = snapToCells(DENMARK, zoom);
      expect(snapped.west).toBeLessThanOrEqual(DENMARK.west);
      expect(snapped.east).toBeGreaterThanOrEqual(DENMARK.east);
      expect(snapped.south).toBeLessThanOrEqual(DENMARK.south);
      expect(snapped.north).toBeGreaterThanOrEqual(DENMARK.north);
      // Not more than one cell wider on each side.
      expect(mercatorX(DENMARK.west, zoom) - mercatorX(snapped.west, zoom)).toBeLessThan(CELL_PX + 1e-6);
      expect(mercatorX(snapped.east, zoom) - mercatorX(DENMARK.east, zoom)).toBeLessThanOrEqual(CELL_PX + 1e-6);
      expect(mercatorY(snapped.south, zoom) - mercatorY(DENMARK.south, zoom)).toBeLessThanOrEqual(CELL_PX + 1e-6);
      expect(mercatorY(DENMARK.north, zoom) - mercatorY(snapped.north, zoom)).toBeLessThan(CELL_PX + 1e-6);
      // The edges are cell edges: the same grid whichever box asked for it.
      expect(mercatorX(snapped.west, zoom) / CELL_PX).toBeCloseTo(Math.round(mercatorX(snapped.west, zoom) / CELL_PX), 6);
      expect(mercatorY(snapped.north, zoom) / CELL_PX).toBeCloseTo(Math.round(mercatorY(snapped.north, zoom) / CELL_PX), 6);
    }
  });

  it("stay inside the world at zoom 0", () => {
    // The world is 256 pixels wide at zoom 0: the fifth column and row are cut off at its edge.
    expect(snapToCells({ south: -85, west: -170, north: 80, east: 170 }, 0)).toEqual({ south: -90, west: -180, north: 90, east: 180 });
    expect(snapToCells({ south: -80, west: -170, north: 80, east: 170 }, 0).south).toBeCloseTo(latitudeAtY(240, 0), 9);
  });
});

describe("coordinates in the JSON", () => {
  it("keep 5 decimals, about a metre", () => {
    expect(roundCoordinate(55.676098765)).toBe(55.6761);
    expect(roundCoordinate(12.568337)).toBe(12.56834);
    expect(roundCoordinate(-51.694149)).toBe(-51.69415);
  });
});
