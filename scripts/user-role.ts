import "../server/env-file.js";
import { describeSetRole, setUserRole } from "../app/people/set-role.server";
import { isRole, ROLES } from "../app/auth/roles";
import { loadConfig } from "../app/lib/config.server";
import { openDatabase } from "../app/lib/db/database.server";
import { migrateToLatest } from "../db/migrations/migrate.server";

/**
 * npm run user:role -- e-mail rolle [begrundelse]: gives an account a role in the configured
 * database, recorded in the admin log with the reason. Exit code 0 when done, 1 when no account has
 * that e-mail or the change is refused (the last admin, an address in ADMIN_EMAILS), 2 for wrong
 * use or a failure.
 */
const [email, role, ...words] = process.argv.slice(2);
if (!email || !role) {
  console.error(`Brug: npm run user:role -- e-mail rolle [begrundelse]\nRollerne er: ${ROLES.join(", ")}.`);
  process.exit(2);
}
if (!isRole(role)) {
  console.error(describeSetRole({ kind: "unknown-role", given: role }));
  process.exit(2);
}

const settings = loadConfig();
const appDatabase = openDatabase(settings.databaseUrl);
try {
  await migrateToLatest(appDatabase.db);
  const result = await setUserRole(appDatabase.db, email, role, { adminEmails: settings.adminEmails, reason: words.join(" ") || null });
  const message = describeSetRole(result);
  if (result.kind === "updated") console.log(message);
  else console.error(message);
  process.exitCode = result.kind === "updated" ? 0 : 1;
} catch (error) {
  console.error(`Rollen blev ikke ændret: ${(error as Error).message}`);
  process.exitCode = 2;
} finally {
  await appDatabase.close();
}
