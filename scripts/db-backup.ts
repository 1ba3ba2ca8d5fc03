import "../server/env-file.js";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../app/lib/config.server";
import { databaseKind } from "../app/lib/db/database.server";
import { backupDatabase } from "../db/backup/backup.server";
import { defaultBackupFile } from "../db/backup/backup-file";
import { KIND_NAMES } from "../db/backup/kind-names";
import { endWithFailure, endWithUsage } from "./command-failure";
import { seconds, shownPath, size } from "./figures";

/**
 * `npm run db:backup [-- --til FIL]`: a backup of the configured database, taken while the site
 * runs (db/backup/backup.server.ts). Without --til it goes to DATA_DIR/backups/ under the time in
 * UTC. Exit 0 done, 1 failed (nothing is left under the name), 2 wrong use or the file exists.
 */

const USAGE = "npm run db:backup [-- --til FIL]";

async function main(): Promise<void> {
  let til: string | undefined;
  try {
    ({ til } = parseArgs({ options: { til: { type: "string" } } }).values);
  } catch (error) {
    endWithUsage(USAGE, `Kunne ikke læse argumenterne: ${(error as Error).message}`);
    return;
  }
  const { databaseUrl, dataDir } = loadConfig();
  const kind = databaseKind(databaseUrl);
  const file = path.resolve(til ?? defaultBackupFile(dataDir, kind));
  try {
    const result = await backupDatabase(databaseUrl, file);
    const check = kind === "sqlite" ? "SQLite's integritetstjek: ok" : "pg_dump, ét øjebliksbillede";
    console.log(`Sikkerhedskopi af ${KIND_NAMES[kind]}-databasen gemt i ${shownPath(result.file)}`);
    console.log(`${size(result.bytes)} på ${seconds(result.elapsedMs)} (${check}).`);
  } catch (error) {
    endWithFailure(error, "Sikkerhedskopien");
  }
}

await main();
