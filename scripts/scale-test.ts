import "../server/env-file.js";
import { execFileSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { todayInDenmark } from "../app/lib/dates";
import { openDatabase, type AppDatabase } from "../app/lib/db/database.server";
import { migrateToLatest } from "../db/migrations/migrate.server";
import { seedDemoData } from "../db/seed/seed.server";
import {
  cachedPagesFollowWrites,
  dailyJobOnce,
  liveAcrossInstances,
  pictureOnEveryInstance,
  rateLimitAcrossInstances,
  readLoad,
  sessionOnEveryInstance,
  signUp,
  type CheckResult,
} from "./scale/checks";
import { FAIL_TIMEOUT_MS, startProxiedSite, type ProxiedSite } from "./scale/proxied-site";

/**
 * npm run scale-test: a fresh PostgreSQL database with the demo data, three instances of the
 * built server and nginx with round-robin in front (docs/deploy.md's setup on one machine), and
 * through nginx each property several machines must have: sessions, rate limits, the page cache's
 * invalidation, uploads, live updates and the daily job across instances; a SIGKILL under a read
 * load and a rolling restart under load. Prints a table and exits 1 when a property fails.
 * SCALE_DATABASE_URL names the PostgreSQL server (default: the local one as postgres).
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const ADMIN_URL = process.env.SCALE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const POLL_MS = 500;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** The demo data, without claiming the day's job: the instances are to share it out. */
async function seededDatabase(name: string): Promise<string> {
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString(), { poolSize: 2 });
  try {
    await migrateToLatest(database.db);
    await seedDemoData(database.db, { today: todayInDenmark() });
  } finally {
    await database.close();
  }
  return url.toString();
}

async function anyMarketSlug(database: AppDatabase): Promise<string> {
  const row = await database.db.selectFrom("markets").select("slug").where("status", "=", "published").orderBy("id").limit(1).executeTakeFirstOrThrow();
  return row.slug;
}

const READ_PATHS = ["/", "/register", "/community", "/loppemarkeder", "/kalender"];

/** One instance killed outright two seconds into a read load through nginx, then started again. */
async function killUnderLoad(site: ProxiedSite): Promise<CheckResult> {
  const load = readLoad(site.url, READ_PATHS);
  await pause(2_000);
  site.kill(2);
  await pause(4_000);
  const { ok, failed } = await load.stop();
  await site.restart(2);
  const others = await Promise.all(site.instances.slice(0, 2).map(async (instance) => (await fetch(`${instance.url}/readyz`)).status));
  return {
    property: "SIGKILL af én instans under læsning: nginx prøver igen, de andre svarer",
    ok: failed.length === 0 && others.every((status) => status === 200),
    figures: `${ok} svar 200, ${failed.length} fejlede${failed.length ? ` (${[...new Set(failed)].join(", ")})` : ""}`,
  };
}

/** Every instance stopped gracefully and started again, one at a time, under load. */
async function rollingRestart(site: ProxiedSite): Promise<CheckResult> {
  const load = readLoad(site.url, READ_PATHS);
  const started = Date.now();
  for (let i = 0; i < site.instances.length; i++) {
    await site.restart(i);
    await pause(FAIL_TIMEOUT_MS + 1_000);
  }
  const took = Date.now() - started;
  const { ok, failed } = await load.stop();
  return {
    property: "Genstart af alle tre én ad gangen under belastning",
    ok: failed.length === 0,
    figures: `${ok} svar 200, ${failed.length} fejlede${failed.length ? ` (${[...new Set(failed)].join(", ")})` : ""}, på ${(took / 1000).toFixed(1)} s`,
  };
}

/** A check that hangs is a failed check, not a hung script. */
async function within<T>(what: string, work: Promise<T>, ms = 90_000): Promise<T> {
  console.log(`… ${what}`);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: intet svar inden for ${ms / 1000} s`)), ms)));
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function printTable(rows: CheckResult[]): void {
  const table = [["egenskab", "", "tal"], ...rows.map((row) => [row.property, row.ok ? "ok" : "FEJL", row.figures])];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  for (const row of table) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
}

async function main(): Promise<number> {
  execFileSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: "ignore" });
  const name = `loppeguiden_scale_${Date.now().toString(36)}`;
  console.log(`PostgreSQL-database ${name} med demodata …`);
  const databaseUrl = await seededDatabase(name);
  const database = openDatabase(databaseUrl, { poolSize: 2 });
  let site: ProxiedSite | null = null;
  const results: CheckResult[] = [];
  try {
    site = await startProxiedSite({ instances: 3, databaseUrl, env: { RATE_LIMIT_CONTACT: "3/3600", EMAIL_VERIFICATION: "0", CACHE_POLL_MS: String(POLL_MS) } });
    console.log(`3 instanser bag nginx på ${site.url}`);
    const running = site;
    const writer = await within("opretter to konti", signUp(running.url, "Skala Skribent"));
    const replier = await signUp(running.url, "Skala Svarer");
    results.push(await within("sessionen", sessionOnEveryInstance(running, writer)));
    results.push(await within("grænsen pr. adresse", rateLimitAcrossInstances(running)));
    const cache = await within("de gemte sider", cachedPagesFollowWrites(running, writer, await anyMarketSlug(database), POLL_MS));
    results.push(cache);
    results.push(await within("billedet", pictureOnEveryInstance(running, writer, database)));
    results.push(await within("live-strømmen", liveAcrossInstances(running, replier, cache.topicId)));
    results.push(dailyJobOnce(running));
    results.push(await within("SIGKILL under læsning", killUnderLoad(running)));
    results.push(await within("genstart én ad gangen", rollingRestart(running)));
  } finally {
    await site?.stop();
    await database.close();
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  printTable(results);
  return results.every((result) => result.ok) ? 0 : 1;
}

process.exitCode = await main();
