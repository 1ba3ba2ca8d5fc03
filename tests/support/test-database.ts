import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type AppDatabase, type DatabaseKind } from "../../app/lib/db/database.server";
import { migrateToLatest } from "../../db/migrations/migrate.server";

export const DEFAULT_TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabaseTemplate {
  kind: DatabaseKind;
  /** SQLite: the migrated template file. PostgreSQL: the migrated template database's URL. */
  template: string;
  /** Every database made in this run starts with this, so teardown can find strays. */
  prefix: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

export function postgresAdminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(query: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL does not answer at ${postgresAdminUrl()} (${(error as Error).message}).\n` +
        "The integration suite needs it. Start it with\n" +
        "  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n" +
        "or run .ci/run, which installs and starts it, or point TEST_DATABASE_URL at another server.",
    );
  }
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString("hex")}`;
}

export type TestDatabase = AppDatabase & { url: string; destroy(): Promise<void> };

/** A copy of an SQLite file in a folder of its own, removed with it. */
export function copySqliteDatabase(source: string, prefix: string): TestDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const file = path.join(dir, "test.db");
  copyFileSync(source, file);
  const appDatabase = openDatabase(`file:${file}`);
  return {
    ...appDatabase,
    url: `file:${file}`,
    async destroy() {
      await appDatabase.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A database with nothing in it yet, not even the migrations: its address, and its removal. */
export interface EmptyDatabase {
  kind: DatabaseKind;
  url: string;
  remove(): Promise<void>;
}

/**
 * The address of a new, empty database for a restore or a copy to fill: on SQLite a file not yet
 * made, in a folder of its own; on PostgreSQL a database of its own, named so that the run's
 * teardown finds it if the test does not remove it.
 */
export async function createEmptyDatabase(kind: DatabaseKind = inject("testDatabase").kind): Promise<EmptyDatabase> {
  const { prefix } = inject("testDatabase");
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-empty-`));
    return { kind, url: `file:${path.join(dir, "empty.db")}`, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = uniqueName(`${prefix}_empty`);
  await adminQuery(`CREATE DATABASE "${name}"`);
  return {
    kind,
    url: withDatabaseName(postgresAdminUrl(), name),
    async remove() {
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/**
 * A fresh, migrated database for one test file: a copy of the template made once per run, which
 * is much faster than migrating again.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { kind, template, prefix } = inject("testDatabase");
  if (kind === "sqlite") return copySqliteDatabase(template, prefix);
  const name = uniqueName(prefix);
  const templateName = new URL(template).pathname.slice(1);
  await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
  const url = withDatabaseName(postgresAdminUrl(), name);
  const appDatabase = openDatabase(url, { poolSize: 4 });
  return {
    ...appDatabase,
    url,
    async destroy() {
      await appDatabase.close();
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** Makes and migrates the template; returns what the test files need to copy it. */
export async function createTemplate(kind: DatabaseKind): Promise<{ template: TestDatabaseTemplate; remove: () => Promise<void> }> {
  const prefix = uniqueName("lg_test");
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-template-`));
    const file = path.join(dir, "template.db");
    const appDatabase = openDatabase(`file:${file}`);
    await migrateToLatest(appDatabase.db);
    // Fold the write-ahead log into the file, so a plain copy holds everything.
    await appDatabase.close();
    return {
      template: { kind, template: file, prefix },
      async remove() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `${prefix}_template`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = withDatabaseName(postgresAdminUrl(), name);
  const appDatabase = openDatabase(url, { poolSize: 1 });
  try {
    await migrateToLatest(appDatabase.db);
  } finally {
    await appDatabase.close();
  }
  return {
    template: { kind, template: url, prefix },
    async remove() {
      const strays = await adminQuery(`SELECT datname FROM pg_database WHERE datname LIKE '${prefix}%'`);
      for (const row of strays.rows as { datname: string }[]) {
        await adminQuery(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
      }
    },
  };
}
