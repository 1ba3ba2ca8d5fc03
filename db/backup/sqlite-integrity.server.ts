import SQLite from "better-sqlite3";

/**
 * What SQLite's own check finds wrong with a database file: empty when it says "ok". Opened with
 * better-sqlite3 itself rather than openDatabase, which would switch a backup file to WAL mode and
 * leave -wal and -shm files beside it; a file that is no database at all is one problem.
 */
export function sqliteIntegrityProblems(file: string): string[] {
  let database: SQLite.Database | null = null;
  try {
    database = new SQLite(file, { fileMustExist: true });
    const rows = database.pragma("integrity_check") as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).filter((message) => message !== "ok");
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  } finally {
    database?.close();
  }
}
