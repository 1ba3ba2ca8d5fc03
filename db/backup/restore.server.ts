import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { databaseKind, openDatabase, sqlitePath, type DatabaseKind } from "../../app/lib/db/database.server";
import { migrateToLatest } from "../migrations/migrate.server";
import { backupKindOf } from "./backup-file";
import { KIND_NAMES } from "./kind-names";
import { describeData, tablesHoldingData } from "./holds-data.server";
import { Refusal } from "./refusal";
import { restorePostgresDump } from "./restore-postgres.server";
import { restoreSqliteFile } from "./restore-sqlite.server";

export interface RestoreOptions {
  /** Overwrite a database that holds data (`--ja`); without it, such a database is refused. */
  overwrite?: boolean;
}

export interface RestoreResult {
  kind: DatabaseKind;
  /** The migrations run after the restore: those the backup was made before. */
  migrated: string[];
  elapsedMs: number;
}

/** What the target holds, said for a message; null when it holds no data or does not exist yet. */
async function dataInTarget(databaseUrl: string): Promise<string | null> {
  if (databaseKind(databaseUrl) === "sqlite" && !existsSync(sqlitePath(databaseUrl))) return null;
  const target = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    const holding = await tablesHoldingData(target.db);
    return holding.length > 0 ? await describeData(target.db, holding) : null;
  } finally {
    await target.close();
  }
}

/**
 * Restores a backup of `npm run db:backup` into the database at `databaseUrl`, then runs the
 * migrations the backup was made before. A database that holds data is overwritten only when
 * asked; a backup of the other kind of database is refused (`npm run db:copy` moves a site from
 * SQLite to PostgreSQL).
 */
export async function restoreDatabase(databaseUrl: string, file: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const started = performance.now();
  const kind = databaseKind(databaseUrl);
  if (!existsSync(file)) throw new Refusal(`${file} findes ikke.`);
  const backupKind = backupKindOf(file);
  if (!backupKind) throw new Refusal(`${file} er ikke en sikkerhedskopi fra npm run db:backup (hverken en SQLite-database eller en pg_dump-fil).`);
  if (backupKind !== kind) {
    throw new Refusal(
      `${file} er en sikkerhedskopi af ${KIND_NAMES[backupKind]}, men DATABASE_URL er en ${KIND_NAMES[kind]}-database. ` +
        "Gendan den i en database af samme slags; npm run db:copy flytter et site fra SQLite til PostgreSQL.",
    );
  }
  const data = await dataInTarget(databaseUrl);
  if (data !== null && !options.overwrite) throw new Refusal(`Databasen indeholder allerede data (${data}). Brug --ja for at overskrive den med sikkerhedskopien.`);

  if (kind === "sqlite") {
    const target = sqlitePath(databaseUrl);
    mkdirSync(path.dirname(target), { recursive: true });
    restoreSqliteFile(file, target);
  } else {
    await restorePostgresDump(file, databaseUrl);
  }

  const restored = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    const migrated = await migrateToLatest(restored.db);
    return { kind, migrated, elapsedMs: performance.now() - started };
  } finally {
    await restored.close();
  }
}
