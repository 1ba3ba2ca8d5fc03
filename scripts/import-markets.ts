import "../server/env-file.js";
import { loadConfig } from "../app/lib/config.server";
import { openDatabase } from "../app/lib/db/database.server";
import { migrateToLatest } from "../db/migrations/migrate.server";
import { todayInDenmark } from "../app/lib/dates";
import { describeImport, importFile } from "../app/import/import-file.server";

/** npm run import -- markeder.csv [--proev]: imports markets from a CSV or JSON file. */
const args = process.argv.slice(2);
const dryRun = args.includes("--proev") || args.includes("--dry-run");
const file = args.find((arg) => !arg.startsWith("--"));
if (!file) {
  console.error("Brug: npm run import -- fil.csv (eller fil.json) [--proev]\nKolonnerne er beskrevet i README.md.");
  process.exit(2);
}

const appDatabase = openDatabase(loadConfig().databaseUrl);
try {
  await migrateToLatest(appDatabase.db);
  const summary = await importFile(appDatabase.db, file, { today: todayInDenmark(), dryRun });
  console.log(describeImport(summary, dryRun));
  process.exitCode = summary.rejected.length ? 1 : 0;
} catch (error) {
  console.error(`Importen blev afbrudt, og intet er gemt: ${(error as Error).message}`);
  process.exitCode = 2;
} finally {
  await appDatabase.close();
}
