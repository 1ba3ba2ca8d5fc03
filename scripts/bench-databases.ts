import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * Where the benchmark keeps a large database between runs: data/bench/<name>.db for SQLite, the
 * PostgreSQL database loppeguiden_bench_<name> (made when missing) beside the tests' own.
 */
export async function benchDatabaseUrl(kind: "sqlite" | "postgres", name: string, root: string): Promise<string> {
  if (kind === "sqlite") {
    mkdirSync(path.join(root, "data/bench"), { recursive: true });
    return `file:${path.join(root, "data/bench", `${name}.db`)}`;
  }
  const admin = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const database = `loppeguiden_bench_${name.replace(/-/g, "_")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = $1", [database]);
  if (!exists.rowCount) await client.query(`create database "${database}"`);
  await client.end();
  const parsed = new URL(admin);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
