import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import SQLite from "better-sqlite3";
import { databaseKind, sqlitePath, type DatabaseKind } from "../../app/lib/db/database.server";
import { runPostgresTool } from "./postgres-tools.server";
import { Refusal } from "./refusal";
import { sqliteIntegrityProblems } from "./sqlite-integrity.server";

export interface BackupResult {
  kind: DatabaseKind;
  file: string;
  bytes: number;
  elapsedMs: number;
}

/**
 * Pages per step of SQLite's online backup: all of them in one. A backup copied in small steps
 * starts again whenever another connection writes between two of them, so under a steady stream of
 * writes it might never finish; one step copies the database as it stood when the step began, and a
 * reader in WAL mode does not hold up the server's writes meanwhile.
 */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the database at `databaseUrl` into `file` while the site keeps running: SQLite by its
 * online backup, checked with integrity_check; PostgreSQL with pg_dump's custom format, whose one
 * snapshot holds every transaction committed before it began. The copy is written beside the file
 * and renamed into place only once complete, so a file by that name is always a whole backup.
 */
export async function backupDatabase(databaseUrl: string, file: string): Promise<BackupResult> {
  const started = performance.now();
  const kind = databaseKind(databaseUrl);
  if (existsSync(file)) throw new Refusal(`${file} findes allerede. Vælg et andet navn med --til, så en ældre sikkerhedskopi ikke overskrives.`);
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    if (kind === "sqlite") await backupSqlite(sqlitePath(databaseUrl), partial);
    else await runPostgresTool("pg_dump", ["--format=custom", `--file=${partial}`], databaseUrl);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { kind, file, bytes: statSync(file).size, elapsedMs: performance.now() - started };
}

async function backupSqlite(source: string, partial: string): Promise<void> {
  if (source === ":memory:" || !existsSync(source)) throw new Refusal(`Der er ingen SQLite-database at tage en sikkerhedskopi af: ${source} findes ikke.`);
  // The backup API belongs to the driver's own connection, which openDatabase keeps inside Kysely.
  const database = new SQLite(source, { fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    await database.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    database.close();
  }
  // The copy keeps the WAL mode of its source; a backup is one file, readable without a -wal beside it.
  const copy = new SQLite(partial, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  const problems = sqliteIntegrityProblems(partial);
  if (problems.length > 0) throw new Error(`Sikkerhedskopien bestod ikke SQLite's integritetstjek: ${problems.slice(0, 5).join("; ")}`);
}
