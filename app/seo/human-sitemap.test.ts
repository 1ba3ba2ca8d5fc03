import { describe, expect, it } from "vitest";
import type { LandingSummary } from "~/landing/data.server";
import { landingPath } from "~/landing/paths";
import { LOCATIONS } from "~/markets/locations";
import { MARKET_TYPE_INFO } from "~/markets/market-types";
import { typeSections } from "./human-sitemap";

/** An index as landingIndex returns it, with markets only where `counts` says. */
function index(counts: Record<string, number>): LandingSummary[] {
  return MARKET_TYPE_INFO.flatMap((type) =>
    [null, ...LOCATIONS].map((place) => {
      const path = landingPath(type, place);
      return { path, type: type.key, location: place?.key ?? null, count: counts[path] ?? 0, lastModified: null };
    }),
  );
}

describe("typeSections", () => {
  const sections = typeSections(
    index({
      "/loppemarkeder": 7,
      "/loppemarkeder-i-aarhus": 3,
      "/loppemarkeder-i-jylland": 5,
      "/loppemarkeder-paa-groenland": 2,
      "/loppemarkeder-i-vejle": 1,
      "/antikmarkeder": 1,
      "/antikmarkeder-paa-fyn": 1,
    }),
  );

  it("has every market type in menu order, with its page and count", () => {
    expect(sections.map((section) => [section.path, section.count])).toEqual(
      MARKET_TYPE_INFO.map((type) => [`/${type.slug}`, type.key === "flea_market" ? 7 : type.key === "antique_market" ? 1 : 0]),
    );
  });

  it("shows only the places with markets, in their groups and the groups' order", () => {
    const flea = sections.find((section) => section.slug === "loppemarkeder")!;
    expect(flea.groups.map((group) => [group.id, group.places.map((place) => `${place.name} ${place.count} ${place.path}`)])).toEqual([
      ["landsdele", ["Jylland 5 /loppemarkeder-i-jylland"]],
      ["storbyer", ["Aarhus 3 /loppemarkeder-i-aarhus"]],
      ["byer", ["Vejle 1 /loppemarkeder-i-vejle"]],
      ["oeer", ["Grønland 2 /loppemarkeder-paa-groenland"]],
    ]);
    expect(sections.find((section) => section.slug === "antikmarkeder")!.groups.map((group) => group.id)).toEqual(["landsdele"]);
  });

  it("leaves a type without markets without places", () => {
    const swaps = sections.find((section) => section.slug === "byttemarkeder")!;
    expect(swaps.count).toBe(0);
    expect(swaps.groups).toEqual([]);
  });
});
