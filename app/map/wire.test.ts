import { describe, expect, it } from "vitest";
import { decodeMapMarkers, encodeMapMarkers, type MapMarkers } from "./wire";

const result: MapMarkers = {
  total: 14,
  truncated: false,
  clusters: [{ lat: 55.68123, lng: 12.57001, count: 12, place: "Indre By", bounds: [55.67, 12.56, 55.69, 12.58] }],
  markers: [
    {
      id: "00000000-0000-4000-8000-000000000001",
      slug: "odense-loppemarked",
      name: "Odense Loppemarked",
      type: "flea_market",
      city: "Odense C",
      lat: 55.3959,
      lng: 10.3883,
      nextDate: "2026-06-06",
    },
    {
      id: "00000000-0000-4000-8000-000000000002",
      slug: "genbrug-svendborg",
      name: "Genbrug <Svendborg>",
      type: "thrift_store",
      city: "Svendborg",
      lat: 55.0611,
      lng: 10.6101,
      nextDate: null,
    },
  ],
};

describe("the JSON of /api/markers", () => {
  it("carries clusters as tuples (with the town they are around and their box) and markers with short keys, the id for the list's Gem", () => {
    const json = encodeMapMarkers(result);
    expect(json).toEqual({
      total: 14,
      clusters: [[55.68123, 12.57001, 12, "Indre By", [55.67, 12.56, 55.69, 12.58]]],
      markers: [
        { i: "00000000-0000-4000-8000-000000000001", s: "odense-loppemarked", n: "Odense Loppemarked", t: "flea_market", c: "Odense C", p: [55.3959, 10.3883], d: "2026-06-06" },
        { i: "00000000-0000-4000-8000-000000000002", s: "genbrug-svendborg", n: "Genbrug <Svendborg>", t: "thrift_store", c: "Svendborg", p: [55.0611, 10.6101], d: null },
      ],
    });
    expect(encodeMapMarkers({ ...result, truncated: true }).truncated).toBe(true);
  });

  it("reads back what the server wrote", () => {
    const decoded = decodeMapMarkers(JSON.parse(JSON.stringify(encodeMapMarkers(result))));
    expect(decoded).toEqual({
      total: 14,
      truncated: false,
      clusters: result.clusters,
      markers: result.markers,
    });
  });

  it("drops malformed entries instead of drawing them", () => {
    const decoded = decodeMapMarkers({
      total: "many",
      clusters: [[55, 12], [55, "x", 3], [56, 10, 4], null],
      markers: [
        { i: "1", s: "ok", n: "OK", t: "flea_market", c: "By", p: [55, 12], d: null },
        { i: "2", s: "bad-type", n: "X", t: "circus", c: "By", p: [55, 12], d: null },
        { i: "3", s: "no-point", n: "X", t: "flea_market", c: "By", d: null },
        { s: "no-id", n: "X", t: "flea_market", c: "By", p: [55, 12], d: null },
        "nonsense",
      ],
    });
    expect(decoded.total).toBe(0);
    // A cluster without its name or box is still drawn: its box is its own point.
    expect(decoded.clusters).toEqual([{ lat: 56, lng: 10, count: 4, place: "", bounds: [56, 10, 56, 10] }]);
    expect(decoded.markers.map((m) => m.slug)).toEqual(["ok"]);
    expect(decodeMapMarkers(null)).toEqual({ total: 0, truncated: false, clusters: [], markers: [] });
  });
});
