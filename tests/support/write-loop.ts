import { openDatabase } from "../../app/lib/db/database.server";
import { invalidatePages } from "../../app/lib/cache-generation.server";

/**
 * The site writing beside a backup, in a process of its own (tests/integration/db-backup.test.ts):
 *   node --import tsx tests/support/write-loop.ts <database url>
 * Writes one row after another through the app's own write (invalidatePages: "/skrivning/1",
 * "/skrivning/2", …) and prints each number once its write has committed, so that a number the
 * test has read is a write the database acknowledged. Stops when its stdin closes.
 */

const [url] = process.argv.slice(2);
if (!url) throw new Error("usage: write-loop.ts <database url>");
const appDatabase = openDatabase(url, { poolSize: 1 });
let writing = true;
process.stdin.on("end", () => (writing = false));
process.stdin.resume();
try {
  for (let n = 1; writing; n += 1) {
    await invalidatePages(appDatabase.db, [`/skrivning/${n}`]);
    process.stdout.write(`${n}\n`);
    // A steady stream rather than a flood: the backup and the test share two cores with it.
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
} finally {
  await appDatabase.close();
}
