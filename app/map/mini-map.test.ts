import { describe, expect, it } from "vitest";
import { miniMapTiles, overviewMap } from "./mini-map";

describe("the small map of a market page", () => {
  it("takes the tiles around the point from the configured tile server", () => {
    // Rådhuspladsen in Copenhagen lies in OpenStreetMap tile 17527/10256 at zoom 15.
    const tiles = miniMapTiles("https://tile.example.org/{z}/{x}/{y}.png", 55.6761, 12.5683);
    expect(tiles).toHaveLength(15);
    const centre = tiles[7]!;
    expect(centre.src).toBe("https://tile.example.org/15/17527/10256.png");
    // The point lies inside the centre tile.
    expect(centre.left).toBeLessThanOrEqual(0);
    expect(centre.left).toBeGreaterThan(-256);
    expect(centre.top).toBeLessThanOrEqual(0);
    expect(centre.top).toBeGreaterThan(-256);
    expect(tiles[8]!.left - centre.left).toBe(256);
  });

  it("fills in a subdomain for servers that have them", () => {
    expect(miniMapTiles("https://{s}.tile.example.org/{z}/{x}/{y}.png", 56.15, 10.2)[0]!.src).toMatch(/^https:\/\/[abc]\.tile\.example\.org\/15\//);
  });
});

describe("the small overview map of a landing page", () => {
  const url = "https://tile.example.org/{z}/{x}/{y}.png";
  const aarhus = { latitude: 56.1567, longitude: 10.2108 };

  it("zooms in as far as the markets allow and keeps every pin inside a phone-sized box", () => {
    const points = [
      { latitude: 56.15, longitude: 10.2 },
      { latitude: 56.17, longitude: 10.23 },
      { latitude: 56.12, longitude: 10.15 },
    ];
    const map = overviewMap(url, points, aarhus, 11);
    expect(map.zoom).toBeGreaterThanOrEqual(11);
    expect(map.pins).toHaveLength(3);
    for (const pin of map.pins) {
      expect(Math.abs(pin.left)).toBeLessThanOrEqual(150);
      expect(Math.abs(pin.top)).toBeLessThanOrEqual(100);
    }
    // Eight kilometres across do not fit a phone at the closest zoom.
    expect(map.zoom).toBeLessThan(13);
  });

  it("is not thrown off by a market far away from the place", () => {
    const points = [
      { latitude: 56.15, longitude: 10.2 },
      { latitude: 62.01, longitude: -6.77 }, // Tórshavn
    ];
    const map = overviewMap(url, points, aarhus, 8);
    expect(map.zoom).toBeGreaterThanOrEqual(8);
    expect(map.pins).toHaveLength(1);
  });

  it("shows the place itself when no market has a position", () => {
    const map = overviewMap(url, [], aarhus, 9);
    expect(map.zoom).toBe(9);
    expect(map.pins).toEqual([]);
    expect(map.tiles).toHaveLength(15);
    expect(map.tiles[7]!.src).toMatch(/^https:\/\/tile\.example\.org\/9\//);
  });
});
