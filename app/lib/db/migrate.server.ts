import { Migrator, type Kysely } from "kysely";
import { migrations } from "../../../db/migrations";

/** Brings the schema up to date; throws with the failing migration's name when one fails. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works below our typed schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === "Error");
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Migrering mislykkedes${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
}
