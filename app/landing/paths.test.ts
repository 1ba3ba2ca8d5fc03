import { describe, expect, it } from "vitest";
import { LOCATIONS } from "../markets/locations";
import { MARKET_TYPE_INFO } from "../markets/market-types";
import { landingPath, landingTitle, resolveLandingPath } from "./paths";

const resolve = (path: string) => resolveLandingPath(path.slice(1));

describe("landing page addresses (product §2)", () => {
  it("knows the nine type pages", () => {
    for (const slug of [
      "loppemarkeder",
      "kraemmermarkeder",
      "byttemarkeder",
      "antikmarkeder",
      "hyldemarkeder",
      "genbrugsbutikker",
      "design-secondhand-butikker",
      "specialmarkeder",
      "tematiske-events",
    ]) {
      const result = resolve(`/${slug}`);
      expect(result.kind, slug).toBe("page");
    }
  });

  it("knows every type at every one of the 38 locations, with the location's preposition", () => {
    let pages = 0;
    for (const type of MARKET_TYPE_INFO) {
      for (const place of LOCATIONS) {
        const path = landingPath(type, place);
        expect(resolve(path), path).toEqual({ kind: "page", page: { type, location: place } });
        pages++;
      }
    }
    expect(pages).toBe(9 * 38);
    expect(
      landingPath(
        MARKET_TYPE_INFO[0]!,
        LOCATIONS.find((place) => place.key === "fyn"),
      ),
    ).toBe("/loppemarkeder-paa-fyn");
  });

  it.each([
    // Singular to plural.
    ["/loppemarked-i-aarhus", "/loppemarkeder-i-aarhus"],
    ["/kraemmermarked-i-odense", "/kraemmermarkeder-i-odense"],
    ["/antikmarked-paa-fyn", "/antikmarkeder-paa-fyn"],
    ["/loppemarked", "/loppemarkeder"],
    // Wrong preposition.
    ["/loppemarkeder-i-frederiksberg", "/loppemarkeder-paa-frederiksberg"],
    ["/antikmarkeder-paa-aarhus", "/antikmarkeder-i-aarhus"],
    // Unfolded spellings of æ, ø and å.
    ["/loppemarkeder-i-kobenhavn", "/loppemarkeder-i-koebenhavn"],
    ["/loppemarkeder-i-helsingor", "/loppemarkeder-i-helsingoer"],
    ["/loppemarkeder-i-hjorring", "/loppemarkeder-i-hjoerring"],
    ["/loppemarkeder-paa-faroerne", "/loppemarkeder-paa-faeroerne"],
    ["/loppemarkeder-paa-gronland", "/loppemarkeder-paa-groenland"],
    ["/loppemarkeder-paa-sjalland", "/loppemarkeder-paa-sjaelland"],
    ["/loppemarkeder-i-k%C3%B8benhavn", "/loppemarkeder-i-koebenhavn"],
    ["/Loppemarkeder-i-Aarhus", "/loppemarkeder-i-aarhus"],
    // The spec keeps a plain o in these three keys; the folded spelling redirects to them.
    ["/loppemarkeder-i-soenderborg", "/loppemarkeder-i-sonderborg"],
    ["/loppemarkeder-i-ringkoebing", "/loppemarkeder-i-ringkobing"],
    ["/genbrugsbutikker-i-nykoebing-falster", "/genbrugsbutikker-i-nykobing-falster"],
  ])("%s redirects to %s", (from, to) => {
    expect(resolve(from)).toEqual({ kind: "redirect", path: to });
  });

  it.each(["/loppemarkeder-i-atlantis", "/hestemarkeder-i-aarhus", "/loppemarkeder-i-", "/markeder-i-aarhus", "/loppemarkederne", "/"])(
    "%s is unknown (a 404, not a redirect)",
    (path) => {
      expect(resolve(path)).toEqual({ kind: "unknown" });
    },
  );

  it("folds every location key to a spelling no other key shares", () => {
    const folded = LOCATIONS.map((place) => place.key.replace(/oe/g, "o").replace(/ae/g, "a").replace(/aa/g, "a"));
    expect(new Set(folded).size).toBe(LOCATIONS.length);
  });

  it("titles pages in Danish", () => {
    expect(landingTitle({ type: MARKET_TYPE_INFO[0]!, location: LOCATIONS.find((place) => place.key === "bornholm")! })).toBe("Loppemarkeder på Bornholm");
    expect(landingTitle({ type: MARKET_TYPE_INFO.find((type) => type.key === "thrift_store")!, location: null })).toBe("Genbrugsbutikker");
  });
});
