import { copyFileSync, renameSync } from "node:fs";
import { todayInDenmark } from "../../app/lib/dates";
import { openDatabase } from "../../app/lib/db/database.server";
import { claimDailyRefresh } from "../../app/jobs/daily-job.server";
import { seedDemoData } from "../../db/seed/seed.server";

/**
 * Run by demo-template.ts in a process of its own:
 *   node --import tsx tests/support/seed-demo-template.ts <migrated template> <demo file>
 * Seeds a copy of the migrated template as server/app.ts createSite seeds an empty database at
 * start, and puts it at <demo file> only when it is complete, so a file that sees it may copy it.
 */

const [migrated, file] = process.argv.slice(2);
if (!migrated || !file) throw new Error("usage: seed-demo-template.ts <migrated template> <demo file>");
const partial = `${file}.partial`;
copyFileSync(migrated, partial);
const appDatabase = openDatabase(`file:${partial}`);
try {
  const today = todayInDenmark();
  await seedDemoData(appDatabase.db, { today });
  // Seeding has computed today's occurrences and index, as the server's first start records.
  await claimDailyRefresh(appDatabase.db, today);
} finally {
  // Folds the write-ahead log into the file, so a plain copy holds everything.
  await appDatabase.close();
}
renameSync(partial, file);
