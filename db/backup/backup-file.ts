import { closeSync, openSync, readSync } from "node:fs";
import path from "node:path";
import type { DatabaseKind } from "../../app/lib/db/database.server";

/** "20260521-142503": the moment in UTC, so that the names sort as the backups were taken. */
function utcStamp(moment: Date): string {
  return moment.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
}

/**
 * Where `npm run db:backup` writes when not told: DATA_DIR/backups/loppeguiden-<UTC time>.db for
 * SQLite (a database file of its own), .dump for PostgreSQL (pg_dump's custom format).
 */
export function defaultBackupFile(dataDir: string, kind: DatabaseKind, moment: Date = new Date()): string {
  return path.join(dataDir, "backups", `loppeguiden-${utcStamp(moment)}.${kind === "sqlite" ? "db" : "dump"}`);
}

/** The first bytes of each kind of file: SQLite's header, and pg_dump's custom format. */
const SIGNATURES: readonly (readonly [DatabaseKind, string])[] = [
  ["sqlite", "SQLite format 3\0"],
  ["postgres", "PGDMP"],
];

/** Which database a backup file is of, read from its first bytes; null for any other file. */
export function backupKindOf(file: string): DatabaseKind | null {
  const head = Buffer.alloc(16);
  const handle = openSync(file, "r");
  let read: number;
  try {
    read = readSync(handle, head, 0, head.length, 0);
  } finally {
    closeSync(handle);
  }
  const start = head.subarray(0, read).toString("latin1");
  return SIGNATURES.find(([, signature]) => start.startsWith(signature))?.[0] ?? null;
}
