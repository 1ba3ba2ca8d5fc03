import { describe, expect, it } from "vitest";
import type { LandingSummary } from "./data.server";
import { nearestLocationsWithMarkets, neighbouringLocations } from "./neighbours";
import { landingPath } from "./paths";
import { LOCATIONS, location, locationContains } from "../markets/locations";
import { marketTypeInfo, MARKET_TYPE_INFO } from "../markets/market-types";

const at = (key: string) => location(key)!;
const keys = (places: { key: string }[]) => places.map((place) => place.key);
const NORTH_ATLANTIC = ["groenland", "faeroerne"];

/** An index with these counts for one type and zero everywhere else. */
function indexWith(typeKey: Parameters<typeof marketTypeInfo>[0], counts: Record<string, number>): LandingSummary[] {
  return MARKET_TYPE_INFO.flatMap((type) =>
    [null, ...LOCATIONS].map((place) => ({
      path: landingPath(type, place),
      type: type.key,
      location: place?.key ?? null,
      count: type.key === typeKey && place ? (counts[place.key] ?? 0) : 0,
      lastModified: null,
    })),
  );
}

describe("neighbouring landing places", () => {
  it("gives Aarhus the towns around it, then the regions it lies in", () => {
    expect(keys(neighbouringLocations(at("aarhus")))).toEqual(["randers", "horsens", "silkeborg", "viborg", "midtjylland", "jylland"]);
    expect(keys(neighbouringLocations(at("aarhus"), 3))).toEqual(["randers", "horsens", "midtjylland"]);
  });

  it("gives København its neighbouring districts and the capital region", () => {
    const near = keys(neighbouringLocations(at("koebenhavn")));
    expect(near.slice(0, 2)).toEqual(["frederiksberg", "amager"]);
    expect(near).toContain("hovedstaden");
  });

  it("gives a region the regions next to it", () => {
    expect(keys(neighbouringLocations(at("midtjylland"), 3))).toEqual(["jylland", "syddanmark", "nordjylland"]);
    expect(keys(neighbouringLocations(at("fyn"), 2))).toEqual(["syddanmark", "sonderjylland"]);
  });

  it("sends Grønland and Færøerne to each other first, then to Danish regions, and never a Danish page to them", () => {
    expect(keys(neighbouringLocations(at("groenland"), 3))).toEqual(["faeroerne", "nordjylland", "midtjylland"]);
    expect(keys(neighbouringLocations(at("faeroerne"), 3))).toEqual(["groenland", "nordjylland", "midtjylland"]);
    for (const place of LOCATIONS.filter((other) => !NORTH_ATLANTIC.includes(other.key))) {
      expect(
        keys(neighbouringLocations(place)).some((key) => NORTH_ATLANTIC.includes(key)),
        place.key,
      ).toBe(false);
    }
  });

  it("gives every place the number asked for, all different, never itself, regions that hold a town", () => {
    for (const place of LOCATIONS) {
      const near = neighbouringLocations(place);
      expect(near, place.key).toHaveLength(6);
      expect(new Set(keys(near)).size, place.key).toBe(6);
      expect(keys(near), place.key).not.toContain(place.key);
      expect(neighbouringLocations(place, 2), place.key).toHaveLength(2);
    }
    // A town's regions hold each of its postal codes.
    const odense = neighbouringLocations(at("odense"));
    expect(keys(odense.slice(-2))).toEqual(["fyn", "syddanmark"]);
    for (const region of odense.slice(-2)) expect(locationContains(region, { postalCode: 5000 })).toBe(true);
  });
});

describe("nearest places with markets, for an empty page", () => {
  it("skips places without markets of the type and lists the rest nearest first", () => {
    const page = { type: marketTypeInfo("antique_market"), location: at("aarhus") };
    const index = indexWith("antique_market", { aarhus: 0, randers: 0, horsens: 3, jylland: 12, odense: 5, koebenhavn: 9 });
    expect(nearestLocationsWithMarkets(page, index)).toEqual([
      { location: at("horsens"), path: "/antikmarkeder-i-horsens", count: 3 },
      { location: at("jylland"), path: "/antikmarkeder-i-jylland", count: 12 },
      { location: at("odense"), path: "/antikmarkeder-i-odense", count: 5 },
      { location: at("koebenhavn"), path: "/antikmarkeder-i-koebenhavn", count: 9 },
    ]);
    expect(nearestLocationsWithMarkets(page, index, 1)).toHaveLength(1);
  });

  it("reads only the page's own type", () => {
    const page = { type: marketTypeInfo("swap_market"), location: at("odense") };
    expect(nearestLocationsWithMarkets(page, indexWith("flea_market", { svendborg: 4 }))).toEqual([]);
  });

  it("points Grønland to Færøerne before anything in Denmark", () => {
    const page = { type: marketTypeInfo("flea_market"), location: at("groenland") };
    const index = indexWith("flea_market", { faeroerne: 2, nordjylland: 40, koebenhavn: 90 });
    expect(nearestLocationsWithMarkets(page, index).map((entry) => entry.location.key)).toEqual(["faeroerne", "nordjylland", "koebenhavn"]);
  });

  it("has nothing nearer to offer for a nationwide type page", () => {
    const page = { type: marketTypeInfo("flea_market"), location: null };
    expect(nearestLocationsWithMarkets(page, indexWith("flea_market", { aarhus: 5 }))).toEqual([]);
  });
});
