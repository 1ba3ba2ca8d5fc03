import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type Driver, type SqliteDialectConfig } from "kysely";
import { lazyModule } from "../memo/lazy-module.server";
import type { Database } from "./schema";

/** Only a PostgreSQL site loads the driver. */
const pg = lazyModule<typeof import("pg")>("pg");

/*
 * SQLite transactions that take the write lock when they begin (BEGIN IMMEDIATE). A plain BEGIN
 * reads first and asks for the lock at its first write; when another connection (a second
 * instance, a script, a test beside the server) has written in between, SQLite cannot upgrade the
 * transaction and answers "database is locked" at once, without waiting out busy_timeout. Taking
 * the lock first makes a second writer wait its turn instead.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class WriteLockingSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.settings);
  }
}

export type DatabaseKind = "sqlite" | "postgres";

export interface AppDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** True when a trivial query answers within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export function databaseKind(url: string): DatabaseKind {
  return /^postgres(ql)?:\/\//.test(url) ? "postgres" : "sqlite";
}

/** "file:/abs/path.db", "sqlite:rel.db" or a plain path; ":memory:" for a throwaway database. */
export function sqlitePath(url: string): string {
  const bare = url.replace(/^(file|sqlite):(\/\/)?/, "");
  return bare === ":memory:" ? bare : path.resolve(bare);
}

export interface OpenOptions {
  /** PostgreSQL only: how long to wait for a connection before a query fails. */
  connectTimeoutMs?: number;
  poolSize?: number;
}

export function openDatabase(url: string, options: OpenOptions = {}): AppDatabase {
  const kind = databaseKind(url);
  let db: Kysely<Database>;
  if (kind === "postgres") {
    const pool = new (pg().Pool)({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 3000,
      // The planner's JIT compilation costs 200–300 ms on our list queries and never pays off.
      options: "-c jit=off",
    });
    // An idle client that loses its server emits "error"; without a listener that crashes the process.
    pool.on("error", () => {});
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    const file = sqlitePath(url);
    if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = NORMAL");
    db = new Kysely<Database>({ dialect: new WriteLockingSqliteDialect({ database: sqlite }) });
  }

  let closed = false;
  return {
    db,
    kind,
    async ping(timeoutMs = 2000) {
      if (closed) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const query = sql`select 1 as ok`
        .execute(db)
        .then(() => true)
        .catch(() => false);
      try {
        return await Promise.race([query, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
