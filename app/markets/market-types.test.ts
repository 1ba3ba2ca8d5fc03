import { describe, expect, it } from "vitest";
import { MARKET_TYPE_INFO, isMarketType, marketTypeBySingularSlug, marketTypeBySlug, marketTypeInfo } from "./market-types";
import { MARKET_TYPES } from "./types";

// The landing-page slugs of product §2 and the Danish names a visitor reads.
const EXPECTED: [key: string, slug: string, singularSlug: string, name: string, plural: string, isShop: boolean][] = [
  ["flea_market", "loppemarkeder", "loppemarked", "Loppemarked", "Loppemarkeder", false],
  ["vendor_market", "kraemmermarkeder", "kraemmermarked", "Kræmmermarked", "Kræmmermarkeder", false],
  ["swap_market", "byttemarkeder", "byttemarked", "Byttemarked", "Byttemarkeder", false],
  ["antique_market", "antikmarkeder", "antikmarked", "Antikmarked", "Antikmarkeder", false],
  ["shelf_market", "hyldemarkeder", "hyldemarked", "Hyldemarked", "Hyldemarkeder", true],
  ["thrift_store", "genbrugsbutikker", "genbrugsbutik", "Genbrugsbutik", "Genbrugsbutikker", true],
  ["design_secondhand", "design-secondhand-butikker", "design-secondhand-butik", "Design-secondhand-butik", "Design-secondhand-butikker", true],
  ["specialty_market", "specialmarkeder", "specialmarked", "Specialmarked", "Specialmarkeder", false],
  ["themed_event", "tematiske-events", "tematisk-event", "Tematisk event", "Tematiske events", false],
];

describe("market types", () => {
  it("cover the nine types in the order of MARKET_TYPES", () => {
    expect(MARKET_TYPE_INFO.map((t) => t.key)).toEqual([...MARKET_TYPES]);
    expect(EXPECTED.map(([key]) => key)).toEqual([...MARKET_TYPES]);
  });

  it.each(EXPECTED)("%s is /%s, /%s redirects to it", (key, slug, singularSlug, name, plural, isShop) => {
    expect(isMarketType(key)).toBe(true);
    const info = marketTypeInfo(key as (typeof MARKET_TYPES)[number]);
    expect(info).toMatchObject({ key, slug, singularSlug, name, plural, isShop });
    expect(info.description).toMatch(/^[A-ZÆØÅ].{20,120}\.$/);
    expect(marketTypeBySlug(slug)).toBe(info);
    expect(marketTypeBySingularSlug(singularSlug)).toBe(info);
  });

  it("show design second-hand shops as 'Design og secondhand', the others by their name", () => {
    for (const info of MARKET_TYPE_INFO) {
      expect(info.label).toBe(info.key === "design_secondhand" ? "Design og secondhand" : info.name);
    }
  });

  it("know nothing of other slugs or keys", () => {
    expect(marketTypeBySlug("loppemarked")).toBeUndefined();
    expect(marketTypeBySlug("kræmmermarkeder")).toBeUndefined();
    expect(marketTypeBySingularSlug("loppemarkeder")).toBeUndefined();
    expect(marketTypeBySlug("flea_market")).toBeUndefined();
    expect(isMarketType("Flea_market")).toBe(false);
    expect(isMarketType(undefined)).toBe(false);
  });
});
