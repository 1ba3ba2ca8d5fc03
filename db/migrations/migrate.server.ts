import { getMigrations } from "better-auth/db/migration";
import { Migrator, type Kysely } from "kysely";
import { migrations } from "./index";
import { dialectOf } from "../../app/lib/db/dialect.server";

/**
 * The auth library's tables (user, session, account, verification), made from code as foundations §2
 * says: its command line needs a newer Node. They depend only on the database, not on the other
 * auth settings, as long as no plugin adds tables.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the library works below our typed schema
async function migrateAuthTables(db: Kysely<any>): Promise<string[]> {
  const { toBeCreated, toBeAdded, runMigrations } = await getMigrations({ database: { db, type: dialectOf(db) } });
  if (!toBeCreated.length && !toBeAdded.length) return [];
  await runMigrations();
  return [...toBeCreated.map((table) => `auth:${table.table}`), ...toBeAdded.map((table) => `auth:${table.table}+`)];
}

/**
 * Brings the schema up to date, the auth library's tables first (profiles refer to its users);
 * throws with the failing migration's name when one fails. Returns what was applied.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works below our typed schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const authApplied = await migrateAuthTables(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === "Error");
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Migrering mislykkedes${name}: ${reasonOf(error)}`, {
      cause: error,
    });
  }
  return [...authApplied, ...results.filter((r) => r.status === "Success").map((r) => r.migrationName)];
}

/** What a failed migration threw, for the message: an error's own message, else the value as text. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
