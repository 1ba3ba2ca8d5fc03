import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { openDatabase, sqlitePath } from "../../app/lib/db/database.server";
import { appTables, countRows } from "../../db/backup/app-tables.server";
import { backupDatabase } from "../../db/backup/backup.server";
import { tablesHoldingData } from "../../db/backup/holds-data.server";
import { Refusal } from "../../db/backup/refusal";
import { restoreDatabase } from "../../db/backup/restore.server";
import { sqliteIntegrityProblems } from "../../db/backup/sqlite-integrity.server";
import { migrations } from "../../db/migrations/index";
import { migrateToLatest } from "../../db/migrations/migrate.server";
import { seedDemoData } from "../../db/seed/seed.server";
import { runScript } from "../support/run-script";
import { createEmptyDatabase, createTestDatabase, type EmptyDatabase, type TestDatabase } from "../support/test-database";

/**
 * npm run db:backup and db:restore (db/backup/): a backup taken while another process writes holds
 * every write acknowledged before it began and restores whole; a database that holds data is
 * overwritten only when asked; a backup made before the latest migration is migrated once restored.
 */

const { kind } = inject("testDatabase");
const EXTENSION = kind === "sqlite" ? "db" : "dump";
const LATEST_MIGRATION = Object.keys(migrations).at(-1)!;
const WRITER = path.resolve(import.meta.dirname, "../support/write-loop.ts");

/** The site writing beside the backup (tests/support/write-loop.ts): the numbers of the writes it has seen committed. */
function startWriter(url: string) {
  const child = spawn(process.execPath, ["--import", "tsx", WRITER, url], { stdio: ["pipe", "pipe", "pipe"] });
  const acknowledged: number[] = [];
  let pending = "";
  let errors = "";
  child.stdout.on("data", (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split("\n");
    pending = lines.pop()!;
    acknowledged.push(...lines.map(Number));
  });
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
  return {
    acknowledged,
    /** Until this many writes are acknowledged: the writer is under way. */
    async waitFor(count: number) {
      await expect.poll(() => acknowledged.length, { timeout: 20_000, message: `the writer stopped: ${errors}` }).toBeGreaterThanOrEqual(count);
    },
    async stop() {
      child.stdin.end();
      expect(await exited, errors).toBe(0);
    },
  };
}

describe(`backups on ${kind}`, () => {
  let source: TestDatabase;
  let folder: string;
  const targets: EmptyDatabase[] = [];
  const emptyTarget = async () => {
    const target = await createEmptyDatabase();
    targets.push(target);
    return target;
  };
  /** Every table of the site in a database, counted. */
  const countsIn = async (url: string) => {
    const opened = openDatabase(url, { poolSize: 1 });
    try {
      return await countRows(opened.db, await appTables(opened.db));
    } finally {
      await opened.close();
    }
  };

  beforeAll(async () => {
    source = await createTestDatabase();
    // Markets, schedules, the search index, the demo forum and its accounts: rows in most tables, the auth library's too.
    await seedDemoData(source.db, { count: 40, today: "2027-03-15" });
    folder = mkdtempSync(path.join(tmpdir(), "lg-backups-"));
  }, 120_000);

  afterAll(async () => {
    await source?.destroy();
    for (const target of targets) await target.remove();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("counts a freshly migrated database as holding no data", async () => {
    const fresh = await createTestDatabase();
    try {
      expect(await tablesHoldingData(fresh.db)).toEqual([]);
    } finally {
      await fresh.destroy();
    }
    expect(await tablesHoldingData(source.db)).toEqual(expect.arrayContaining(["markets", "forum_posts", "user"]));
  });

  it("takes a backup while another process writes, holding every write acknowledged before it began", async () => {
    const file = path.join(folder, `mens-der-skrives.${EXTENSION}`);
    const writer = startWriter(source.url);
    let acknowledgedBefore: number[];
    try {
      await writer.waitFor(20);
      acknowledgedBefore = [...writer.acknowledged];
      const backup = await backupDatabase(source.url, file);
      expect(backup).toMatchObject({ kind, file });
      expect(backup.bytes).toBeGreaterThan(0);
      // The writer went on beside the backup and after it: nothing waited for the other.
      await writer.waitFor(acknowledgedBefore.length + 20);
    } finally {
      await writer.stop();
    }
    if (kind === "sqlite") expect(sqliteIntegrityProblems(file)).toEqual([]);

    const target = await emptyTarget();
    expect(await restoreDatabase(target.url, file)).toMatchObject({ kind, migrated: [] });
    const restored = openDatabase(target.url, { poolSize: 1 });
    try {
      const paths = new Set((await restored.db.selectFrom("page_invalidations").select("path").execute()).map((row) => row.path));
      expect(acknowledgedBefore.filter((n) => !paths.has(`/skrivning/${n}`))).toEqual([]);
      expect(paths.size).toBeGreaterThanOrEqual(acknowledgedBefore.length);
    } finally {
      await restored.close();
    }
    if (kind === "sqlite") expect(sqliteIntegrityProblems(sqlitePath(target.url))).toEqual([]);
    // Every other table as in the source, whose writer has stopped.
    const { page_invalidations: _written, ...restoredCounts } = Object.fromEntries(await countsIn(target.url));
    const { page_invalidations: _writing, ...sourceCounts } = Object.fromEntries(await countsIn(source.url));
    expect(restoredCounts).toEqual(sourceCounts);
    expect(sourceCounts.markets).toBe(40);
  });

  it("restores over a database that holds data only when told to, and then holds exactly the backup", async () => {
    const file = path.join(folder, `stille.${EXTENSION}`);
    await backupDatabase(source.url, file);
    const target = await emptyTarget();
    await restoreDatabase(target.url, file);
    const marked = openDatabase(target.url, { poolSize: 1 });
    await marked.db.insertInto("site_state").values({ key: "kun-i-maalet", value: "1", updated_at: new Date().toISOString() }).execute();
    await marked.close();

    const refused = restoreDatabase(target.url, file);
    await expect(refused).rejects.toBeInstanceOf(Refusal);
    await expect(refused).rejects.toThrow(
      /^Databasen indeholder allerede data \(\w+: [\d.]+ rækker, .+ og \d+ andre tabeller\)\. Brug --ja for at overskrive den med sikkerhedskopien\.$/,
    );
    const kept = openDatabase(target.url, { poolSize: 1 });
    try {
      expect(await kept.db.selectFrom("site_state").select("key").where("key", "=", "kun-i-maalet").execute()).toHaveLength(1);
    } finally {
      await kept.close();
    }

    await restoreDatabase(target.url, file, { overwrite: true });
    expect(await countsIn(target.url)).toEqual(await countsIn(source.url));
  });

  it("restores a backup made one migration behind, and migrates it", async () => {
    const file = path.join(folder, `en-version-bagud.${EXTENSION}`);
    const older = await createTestDatabase();
    try {
      const { error, results } = await new Migrator({ db: older.db, provider: { getMigrations: () => Promise.resolve(migrations) } }).migrateDown();
      expect(error).toBeUndefined();
      expect(results).toEqual([expect.objectContaining({ migrationName: LATEST_MIGRATION, direction: "Down", status: "Success" })]);
      await older.db.insertInto("site_state").values({ key: "fra-en-aeldre-version", value: "1", updated_at: new Date().toISOString() }).execute();
      await backupDatabase(older.url, file);
    } finally {
      await older.destroy();
    }

    // Restored over a database of this version that holds data: the newer tables go, and come back empty.
    const target = await emptyTarget();
    const current = openDatabase(target.url, { poolSize: 1 });
    await migrateToLatest(current.db);
    await current.db.insertInto("site_state").values({ key: "fra-denne-version", value: "1", updated_at: new Date().toISOString() }).execute();
    await current.db.insertInto("live_events").values({ channel: "forum", payload: "{}", created_at: new Date().toISOString() }).execute();
    await current.close();
    expect(await restoreDatabase(target.url, file, { overwrite: true })).toMatchObject({ migrated: [LATEST_MIGRATION] });
    const restored = openDatabase(target.url, { poolSize: 1 });
    try {
      expect(await restored.db.selectFrom("site_state").select("key").execute()).toEqual([{ key: "fra-en-aeldre-version" }]);
      expect(await restored.db.selectFrom("markets").select("id").execute()).toEqual([]);
      expect(await restored.db.selectFrom("live_events").select("id").execute()).toEqual([]);
      expect(await migrateToLatest(restored.db)).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  // The commands' arguments, messages and exit codes are the same on both databases, and each run
  // starts a process (seconds on a busy machine): tested on SQLite, the modules above on both.
  it.runIf(kind === "sqlite")(
    "runs as npm run db:backup and npm run db:restore, in Danish, with exit codes 0 and 2",
    async () => {
      const file = path.join(folder, `kommando.${EXTENSION}`);
      const settings = { DATA_DIR: folder, SESSION_SECRET: "sikkerhedskopi-test" };
      const backup = await runScript("scripts/db-backup.ts", ["--til", file], { ...settings, DATABASE_URL: source.url });
      expect(backup).toMatchObject({ code: 0, stderr: "" });
      expect(backup.stdout).toContain(`Sikkerhedskopi af SQLite-databasen gemt i ${file}\n`);
      expect(backup.stdout).toMatch(/^[\d,]+ (B|kB|MB) på \d+,\d s \(SQLite's integritetstjek: ok\)\.$/m);
      expect(await runScript("scripts/db-backup.ts", ["--til", file], { ...settings, DATABASE_URL: source.url })).toMatchObject({
        code: 2,
        stderr: `${file} findes allerede. Vælg et andet navn med --til, så en ældre sikkerhedskopi ikke overskrives.\n`,
      });

      const target = await emptyTarget();
      const restore = (...args: string[]) => runScript("scripts/db-restore.ts", args, { ...settings, DATABASE_URL: target.url });
      expect(await restore(file)).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Gendannede .* på \d+,\d s\.\nSikkerhedskopien var allerede på nyeste version\.\n$/) });
      expect(await restore(file)).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/^Databasen indeholder allerede data \(.+\)\. Brug --ja for at overskrive den med sikkerhedskopien\.\n$/),
      });
      expect(await restore(file, "--ja")).toMatchObject({ code: 0, stderr: "" });
      expect(await restore()).toMatchObject({ code: 2, stderr: "Angiv sikkerhedskopien, der skal gendannes.\nBrug: npm run db:restore -- FIL [--ja]\n" });
      expect(await countsIn(target.url)).toEqual(await countsIn(source.url));
    },
    60_000,
  );
});
