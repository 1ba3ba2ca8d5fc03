import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { Refusal } from "./refusal";
import { sqliteIntegrityProblems } from "./sqlite-integrity.server";

/** Files SQLite keeps beside a database in WAL mode; they belong to the file they were made for. */
const WAL_FILES = ["-wal", "-shm"];

/**
 * A -wal file left once every connection has closed: SQLite folds the log into the database and
 * removes it when the last connection closes, so one that stays means another connection is open,
 * the site's most likely. Replacing the file under it would leave it writing to the old one.
 */
function refuseWhileInUse(target: string): void {
  const wal = `${target}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) {
    throw new Refusal(`${target} er i brug (${path.basename(wal)} er ikke lukket). Stop serveren og andre programmer, der bruger databasen, før den gendannes.`);
  }
}

/** Writes the file's content to the disk before it is renamed, so a crash cannot leave a name on an empty file. */
function syncToDisk(file: string): void {
  const handle = openSync(file, "r");
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
}

/**
 * Puts an SQLite backup in the place of the target file at once: the backup is copied beside the
 * target (the same file system, so the rename is atomic), checked with integrity_check there, and
 * renamed over the target; the target's stale -wal and -shm go with it. At every moment the target
 * is either the old database or the whole backup. The server must be stopped: it would keep writing
 * to the file it opened, which is no longer the database.
 */
export function restoreSqliteFile(backup: string, target: string): void {
  refuseWhileInUse(target);
  const staging = path.join(path.dirname(target), `.${path.basename(target)}.gendannes-${process.pid}`);
  try {
    copyFileSync(backup, staging);
    const problems = sqliteIntegrityProblems(staging);
    if (problems.length > 0) throw new Error(`Sikkerhedskopien bestod ikke SQLite's integritetstjek: ${problems.slice(0, 5).join("; ")}`);
    syncToDisk(staging);
    for (const suffix of WAL_FILES) rmSync(`${target}${suffix}`, { force: true });
    renameSync(staging, target);
    syncToDisk(path.dirname(target));
  } finally {
    rmSync(staging, { force: true });
    for (const suffix of WAL_FILES) rmSync(`${staging}${suffix}`, { force: true });
  }
}
