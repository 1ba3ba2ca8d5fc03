import "../server/env-file.js";
import { loadConfig } from "../app/lib/config.server";
import { openDatabase } from "../app/lib/db/database.server";
import { migrateToLatest } from "../db/migrations/migrate.server";

const appDatabase = openDatabase(loadConfig().databaseUrl);
try {
  const applied = await migrateToLatest(appDatabase.db);
  console.log(applied.length ? `Migrerede: ${applied.join(", ")}` : "Databasen er allerede opdateret.");
} finally {
  await appDatabase.close();
}
