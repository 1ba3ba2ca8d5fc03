import "../server/env-file.js";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../app/lib/config.server";
import { KIND_NAMES, printableUrl } from "../db/backup/kind-names";
import { restoreDatabase } from "../db/backup/restore.server";
import { endWithFailure, endWithUsage } from "./command-failure";
import { seconds, shownPath } from "./figures";

/**
 * `npm run db:restore -- FIL [--ja]`: puts a backup of `npm run db:backup` in the place of the
 * configured database and migrates it to this version (db/backup/restore.server.ts). A database
 * that holds data is overwritten only with --ja. On SQLite the server must be stopped first.
 * Exit 0 done, 1 failed (the database is as it was), 2 wrong use or refused.
 */

const USAGE = "npm run db:restore -- FIL [--ja]";

async function main(): Promise<void> {
  let file: string | undefined;
  let overwrite = false;
  try {
    const { values, positionals } = parseArgs({ options: { ja: { type: "boolean", default: false } }, allowPositionals: true });
    if (positionals.length !== 1) throw new Error(positionals.length === 0 ? "Angiv sikkerhedskopien, der skal gendannes." : "Angiv kun én fil.");
    file = path.resolve(positionals[0]!);
    overwrite = values.ja;
  } catch (error) {
    endWithUsage(USAGE, (error as Error).message);
    return;
  }
  const { databaseUrl } = loadConfig();
  try {
    const result = await restoreDatabase(databaseUrl, file, { overwrite });
    console.log(`Gendannede ${shownPath(file)} i ${KIND_NAMES[result.kind]}-databasen ${printableUrl(databaseUrl)} på ${seconds(result.elapsedMs)}.`);
    console.log(result.migrated.length > 0 ? `Migrerede bagefter: ${result.migrated.join(", ")}.` : "Sikkerhedskopien var allerede på nyeste version.");
  } catch (error) {
    endWithFailure(error, "Gendannelsen");
  }
}

await main();
