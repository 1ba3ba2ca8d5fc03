import { describe, expect, it } from "vitest";
import { listedInView } from "./map-list";
import type { MapMarkerView, MapMarkersView } from "./wire";

const marker = (slug: string, lat: number, lng: number): MapMarkerView => ({ id: slug, slug, name: slug, type: "flea_market", city: "By", lat, lng, nextDate: null });

const result: MapMarkersView = {
  total: 17,
  truncated: false,
  clusters: [
    { lat: 55.4, lng: 10.4, count: 5, place: "Odense", bounds: [55.3, 10.3, 55.5, 10.5] },
    { lat: 56.15, lng: 10.2, count: 9, place: "Aarhus", bounds: [56.1, 10.1, 56.2, 10.3] },
    { lat: 55.1, lng: 14.7, count: 2, place: "Rønne", bounds: [55.0, 14.6, 55.2, 14.8] },
  ],
  markers: [marker("roskilde", 55.64, 12.08), marker("koege", 55.46, 12.18), marker("helsingoer", 56.03, 12.61), marker("roenne", 55.1, 14.7)],
};

/** Zealand and Funen, not Jutland's Aarhus nor Bornholm. */
const view = { south: 55.0, west: 10.0, north: 56.1, east: 13.0, zoom: 8 };

describe("the list beside the map", () => {
  it("holds the markets and clusters in the view, the biggest cluster first, and counts their markets", () => {
    const listed = listedInView(result, view, null);
    expect(listed.markers.map((m) => m.slug)).toEqual(["roskilde", "koege", "helsingoer"]);
    expect(listed.clusters.map((c) => c.place)).toEqual(["Odense"]);
    expect(listed.count).toBe(3 + 5);
  });

  it("puts the nearest market first once the visitor's position is known", () => {
    const inKoege = { lat: 55.45, lng: 12.19 };
    expect(listedInView(result, view, inKoege).markers.map((m) => m.slug)).toEqual(["koege", "roskilde", "helsingoer"]);
  });

  it("holds every cluster and market before the view is known, and nothing before the first answer", () => {
    expect(listedInView(result, null, null).clusters.map((c) => c.place)).toEqual(["Aarhus", "Odense", "Rønne"]);
    expect(listedInView(null, view, null)).toEqual({ markers: [], clusters: [], count: 0 });
  });
});
