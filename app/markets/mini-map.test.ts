import { describe, expect, it } from "vitest";
import { miniMapTiles } from "./mini-map";

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
