import "../server/env-file.js";
import { parseArgs } from "node:util";
import { loadConfig } from "../app/lib/config.server";
import { databaseKind } from "../app/lib/db/database.server";
import { KIND_NAMES, printableUrl } from "../db/backup/kind-names";
import { copyDatabase, type TableCount } from "../db/copy/copy-database.server";
import { endWithFailure, endWithUsage } from "./command-failure";
import { count, seconds } from "./figures";

/**
 * `npm run db:copy -- --til postgres://…`: moves the site from its configured database (normally
 * SQLite) to an empty PostgreSQL database (db/copy/copy-database.server.ts), and prints every
 * table with its rows on both sides. Stop the server first, or what it writes after the copy began
 * stays behind. Exit 0 done, 1 failed or the counts differ, 2 wrong use or the target holds data.
 */

const USAGE = "npm run db:copy -- --til postgres://bruger@vært:5432/database";

function countsTable(tables: readonly TableCount[]): string {
  const width = Math.max("I alt".length, ...tables.map((row) => row.table.length));
  const line = (name: string, source: string, target: string, note = "") => `${name.padEnd(width)}  ${source.padStart(10)}  ${target.padStart(10)}${note}`;
  const total = (side: "source" | "target") => tables.reduce((sum, row) => sum + row[side], 0);
  return [
    line("Tabel", "Kilde", "Mål"),
    ...tables.map((row) => line(row.table, count(row.source), count(row.target), row.source === row.target ? "" : "  ← forskel")),
    line("I alt", count(total("source")), count(total("target"))),
  ].join("\n");
}

async function main(): Promise<void> {
  let til: string | undefined;
  try {
    ({ til } = parseArgs({ options: { til: { type: "string" } } }).values);
    if (!til) throw new Error("Angiv måldatabasen med --til.");
  } catch (error) {
    endWithUsage(USAGE, (error as Error).message);
    return;
  }
  const { databaseUrl } = loadConfig();
  console.log(`Kopierer ${KIND_NAMES[databaseKind(databaseUrl)]} (${printableUrl(databaseUrl)}) til ${printableUrl(til)} …`);
  try {
    const result = await copyDatabase(databaseUrl, til);
    if (result.migrated.length > 0) console.log(`Målet er migreret (${count(result.migrated.length)} migreringer).`);
    console.log(countsTable([...result.tables].sort((a, b) => a.table.localeCompare(b.table))));
    const differing = result.tables.filter((row) => row.source !== row.target);
    if (differing.length > 0) {
      console.error(`Antallet af rækker er forskelligt i ${differing.map((row) => row.table).join(", ")}: kopien er ikke til at stole på.`);
      process.exitCode = 1;
      return;
    }
    const rows = result.tables.reduce((sum, row) => sum + row.target, 0);
    console.log(`Kopierede ${count(rows)} rækker i ${count(result.tables.length)} tabeller på ${seconds(result.elapsedMs)}. Sæt DATABASE_URL til måldatabasen og start serveren.`);
  } catch (error) {
    endWithFailure(error, "Kopieringen");
  }
}

await main();
