import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import sharp from "sharp";
import { openDatabase, type AppDatabase } from "../app/lib/db/database.server";
import { updatePlannerStatistics } from "../app/lib/db/dialect.server";
import { migrateToLatest } from "../db/migrations/migrate.server";
import { addDays, localDateTimeToInstant, todayInDenmark, weekendOf } from "../app/lib/dates";
import type { MarketFilters } from "../app/filters/filters";
import { countPublishedMarkets, findMarkets } from "../app/register/market-list.server";
import { findMapMarkers } from "../app/map/markers.server";
import { ensureOpenings } from "../app/markets/search/openings.server";
import { encodeMapMarkers } from "../app/map/wire";
import { REGION_OPTIONS } from "../app/markets/regions";
import { seedDemoData } from "../db/seed/seed.server";
import { startBuiltServer } from "./built-server";
import { startNginx } from "./nginx";
import { signUp } from "./scale/checks";
import { waitUntilReady } from "./scale/proxied-site";
import { benchDatabaseUrl } from "./bench-databases";
import { benchAdmin } from "./bench-admin";
import { benchForum } from "./bench-forum";
import { benchLive } from "./bench-live";
import { benchPeople } from "./bench-people";
import { BUDGET_KB, budgetLines, MAP_BUDGET_KB } from "./page-weight";

/**
 * `npm run bench`: the performance goals of the issues, measured on this machine. Nothing here
 * fails; the figures go in the closing notes.
 *
 * 1. Anonymous page views (/, /register, a market page, the 404 page): requests per second and
 *    p99 at 50 connections, beside the same bytes served as a static file by nginx (installed
 *    when missing). The server and nginx run on core 0, the load generator on core 1.
 * 2. The JavaScript the home page, a landing page and a market page download, gzipped.
 * 3. With --markets N (default 100,000) demo markets on SQLite and on PostgreSQL: register search
 *    (text + region + dates), "Åbent nu" (at 8 instants of today and tomorrow, alone and with a
 *    type or a region) and the map endpoint for all of Denmark, server time p50/p95 and the
 *    map's JSON size. The large databases are kept under data/bench/ and in PostgreSQL
 *    (loppeguiden_bench_N) for the next run.
 * 4. On the same databases, the built server rendering large landing pages (/loppemarkeder-i-jylland)
 *    without the page cache. --skip-large leaves 3 and 4 out, --skip-pages the first two,
 *    --skip-landing the fourth; --only-landing runs the fourth alone.
 * 5. A market picture under /billeder (a 40 KB WebP from the disk store) and a missing one, as a
 *    visitor asks for them: requests per second and p99 at 50 connections. --skip-pictures leaves
 *    it out; --only-pictures runs it alone.
 * 6. The admin's search of people over --people N (default 100,000) accounts on SQLite and
 *    PostgreSQL, server time p50/p95 (scripts/bench-people.ts). --skip-people leaves it out;
 *    --only-people runs it alone.
 * 7. The forum with --forum-topics N (default 10,000) topics and --forum-posts N (default 200,000)
 *    posts on SQLite and PostgreSQL: /community, the last page of a 1,000-post topic, a person's
 *    discussions (following 200 topics) and the search, server time p50/p95
 *    (scripts/bench-forum.ts). --skip-forum leaves it out; --only-forum runs it alone.
 * 8. On the large databases of 3, the admins' market pages: the front page's queues, the recent
 *    changes (with --changes N, default 20,000, live edits), the list of every market, a merge's
 *    preview and five merges (scripts/bench-admin.ts). --skip-admin leaves it out; --only-admin
 *    runs it alone.
 * 9. Live updates: one server holding --streams N (default 5,000) open streams of a topic, made by a
 *    load generator on the other core; its resident memory before and after, and the time from each
 *    of 10 replies being written to its event reaching every stream, on SQLite and PostgreSQL
 *    (scripts/bench-live.ts). --skip-live leaves it out; --only-live runs it alone.
 * 10. Signed-in page views (never from the page cache) with WEB_CONCURRENCY=1 and =2, side by side.
 *    --skip-processes leaves it out; --only-processes runs it alone.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
const SECONDS = Number(option("seconds", "10"));
const CONNECTIONS = 50;
const LARGE = Number(option("markets", "100000"));
const SKIP_LARGE = args.includes("--skip-large");
const ROOT = path.resolve(import.meta.dirname, "..");

const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
  console.log();
};
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const ms = (value: number) => value.toFixed(1);

// ---------------------------------------------------------------------------------------------
// 1. Page views against nginx

interface LoadResult {
  rps: number;
  p99: number;
  statuses: string;
}

/** autocannon in its own process on core 1, so it does not take the server's core; `cookie` signs it in. */
function load(url: string, cookie?: string): LoadResult {
  const cli = path.join(ROOT, "node_modules/autocannon/autocannon.js");
  const headers = ["-H", "accept-encoding=gzip", ...(cookie ? ["-H", `cookie=${cookie}`] : [])];
  const run = (seconds: number) =>
    execFileSync("taskset", ["-c", "1", process.execPath, cli, "-c", String(CONNECTIONS), "-d", String(seconds), "-j", ...headers, url], {
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "ignore"],
    }).toString();
  run(2); // warm-up: the page cache fills, the JIT settles
  const result = JSON.parse(run(SECONDS)) as {
    requests: { average: number };
    latency: { p99: number };
    statusCodeStats?: Record<string, { count: number }>;
  };
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stats]) => `${code}×${stats.count}`)
    .join(" ");
  return { rps: result.requests.average, p99: result.latency.p99, statuses };
}

function pinToCore(pid: number, cores: number | string) {
  spawnSync("taskset", ["-a", "-p", "-c", String(cores), String(pid)], { stdio: "ignore" });
}
const ALL_CORES = `0-${availableParallelism() - 1}`;

/** nginx serving each page's bytes as a static file, gzipped exactly as our cache sends them. */
async function startStaticNginx(pages: { name: string; body: Buffer }[]) {
  const root = mkdtempSync(path.join(tmpdir(), "lg-pages-"));
  for (const page of pages) {
    writeFileSync(path.join(root, `${page.name}.html`), page.body);
    writeFileSync(path.join(root, `${page.name}.html.gz`), gzipSync(page.body));
  }
  const nginx = await startNginx({ http: "  gzip_static on;\n  keepalive_requests 1000000;", server: `    root ${root};`, readyPath: `/${pages[0]!.name}.html` });
  // The master forks one worker: pin both to the server's core.
  for (const pid of spawnSync("pgrep", ["-f", nginx.dir], { encoding: "utf8" }).stdout.trim().split("\n").filter(Boolean)) pinToCore(Number(pid), 0);
  return {
    url: (name: string) => `${nginx.url}/${name}.html`,
    stop: () => {
      nginx.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function peakResidentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(status.match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0) / 1024);
}

async function benchPages() {
  const server = await startBuiltServer({ LOG_LEVEL: "warn" });
  pinToCore(server.child.pid!, 0);
  try {
    const register = await (await fetch(`${server.url}/register`)).text();
    const marketPath = register.match(/href="(\/markeder\/[a-z0-9-]+)"/)?.[1];
    if (!marketPath) throw new Error("Fandt intet marked på /register");
    const pages = [
      { name: "forside", path: "/" },
      { name: "register", path: "/register" },
      { name: "marked", path: marketPath },
      { name: "404", path: "/findes-ikke" },
    ];
    const bodies = await Promise.all(pages.map(async (page) => ({ name: page.name, body: Buffer.from(await (await fetch(server.url + page.path)).arrayBuffer()) })));
    const nginx = await startStaticNginx(bodies);
    const rows = [["side", "sti", "svar", "req/s", "p99 ms", "nginx req/s", "nginx p99", "andel af nginx"]];
    try {
      for (const page of pages) {
        const ours = load(server.url + page.path);
        const theirs = load(nginx.url(page.name));
        rows.push([page.name, page.path, ours.statuses, ours.rps.toFixed(0), String(ours.p99), theirs.rps.toFixed(0), String(theirs.p99), (ours.rps / theirs.rps).toFixed(2)]);
      }
    } finally {
      nginx.stop();
    }
    console.log(`Sidevisninger for anonyme besøgende, ${CONNECTIONS} forbindelser, ${SECONDS} s pr. side (server og nginx på kerne 0, belastning på kerne 1)`);
    table(rows);
    console.log(`Serverens højeste residente hukommelse: ${peakResidentMiB(server.child.pid!)} MiB\n`);

    console.log(`JavaScript pr. side (mål: højst ${BUDGET_KB} KB gzip, kortet ${MAP_BUDGET_KB} KB):`);
    const weighed = ["/", "/loppemarkeder-i-koebenhavn", marketPath, "/register", "/kalender", "/markeder", "/sign-in"];
    for (const line of await budgetLines(server.url, weighed)) console.log(`  ${line}`);
    console.log();
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Queries on a large data set

const SEARCH_WORDS = ["loppemarked", "antik", "vinyl", "børnetøj", "kræmmer", "jul", "bøger", "design", "genbrug", "bytte"];

/** data/bench/markets-N.db on SQLite, loppeguiden_bench_N on PostgreSQL (the names of earlier runs). */
function largeDatabaseUrl(kind: "sqlite" | "postgres"): Promise<string> {
  return benchDatabaseUrl(kind, kind === "sqlite" ? `markets-${LARGE}` : String(LARGE), ROOT);
}

async function largeDatabase(kind: "sqlite" | "postgres"): Promise<AppDatabase> {
  const database = openDatabase(await largeDatabaseUrl(kind));
  await migrateToLatest(database.db);
  const count = await countPublishedMarkets(database.db);
  if (count < LARGE * 0.9) {
    console.log(`${kind}: lægger ${LARGE.toLocaleString("da-DK")} demomarkeder i databasen (første gang tager det minutter) …`);
    const started = performance.now();
    await seedDemoData(database.db, { count: LARGE, reset: true });
    console.log(`${kind}: ${LARGE.toLocaleString("da-DK")} markeder lagt ind på ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  // As the running server does after its daily job: today's opening hours, and statistics for the planner.
  await ensureOpenings(database.db, todayInDenmark());
  await updatePlannerStatistics(database.db);
  return database;
}

async function timed<T>(runs: number, make: (i: number) => Promise<T>): Promise<{ times: number[]; last: T }> {
  const times: number[] = [];
  let last!: T;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    last = await make(i);
    times.push(performance.now() - started);
  }
  return { times, last };
}

async function benchLarge() {
  const today = todayInDenmark();
  const { saturday, sunday } = weekendOf(today);
  const ranges = [
    { dateFrom: saturday, dateTo: sunday },
    { dateFrom: today, dateTo: addDays(today, 6) },
    { dateFrom: addDays(today, 30), dateTo: addDays(today, 60) },
  ];
  // Denmark at the map's start view: 1280 px wide shows it at zoom 7.
  const denmark = { south: 54.55, west: 8.05, north: 57.76, east: 15.2 };
  // "Åbent nu" as visitors ask it, today and tomorrow (after midnight), at 10, 13, 16 and 19 o'clock Danish time.
  const openInstants = [today, addDays(today, 1)].flatMap((date) => ["10:00", "13:00", "16:00", "19:00"].map((time) => localDateTimeToInstant(date, time)));
  const rows = [["database", "markeder", "søgning p50", "søgning p95", "åbent nu p50", "åbent nu p95", "kort p50", "kort p95", "kort-JSON"]];
  for (const kind of ["sqlite", "postgres"] as const) {
    const database = await largeDatabase(kind);
    try {
      const markets = await countPublishedMarkets(database.db);
      const search = (i: number) => {
        const filters: MarketFilters = {
          text: SEARCH_WORDS[i % SEARCH_WORDS.length],
          region: REGION_OPTIONS[(i * 7) % REGION_OPTIONS.length]!.value,
          ...ranges[i % ranges.length],
        };
        return findMarkets(database.db, filters, { page: 1, pageSize: 24, today });
      };
      await timed(20, search); // warm-up
      const searches = await timed(200, search);
      const openNow = (i: number) => {
        const narrowing: MarketFilters[] = [{}, { types: ["flea_market"] }, { region: REGION_OPTIONS[i % REGION_OPTIONS.length]!.value }];
        const filters: MarketFilters = { openAt: openInstants[i % openInstants.length], ...narrowing[i % narrowing.length] };
        return findMarkets(database.db, filters, { page: 1, pageSize: 24, today });
      };
      await timed(20, openNow); // warm-up
      const opens = await timed(200, openNow);
      const map = () => findMapMarkers(database.db, {}, { bbox: denmark, zoom: 7, today });
      await timed(3, map);
      const maps = await timed(50, map);
      const json = Buffer.byteLength(JSON.stringify(encodeMapMarkers(maps.last)));
      rows.push([
        kind,
        markets.toLocaleString("da-DK"),
        `${ms(percentile(searches.times, 50))} ms`,
        `${ms(percentile(searches.times, 95))} ms`,
        `${ms(percentile(opens.times, 50))} ms`,
        `${ms(percentile(opens.times, 95))} ms`,
        `${ms(percentile(maps.times, 50))} ms`,
        `${ms(percentile(maps.times, 95))} ms`,
        `${(json / 1024).toFixed(1)} KB`,
      ]);
    } finally {
      await database.close();
    }
  }
  console.log(
    "Servertid for registersøgning (tekst + område + datoer; mål p95 < 25 ms), Åbent nu (alene, med type eller område; mål p95 < 25 ms) og kortet over hele Danmark ved zoom 7 (mål < 50 ms og < 60 KB)",
  );
  table(rows);
}

// ---------------------------------------------------------------------------------------------
// 4. A landing page of a large area on the large data set, rendered by the built server

const LANDING_PATHS = ["/loppemarkeder-i-jylland", "/loppemarkeder", "/kraemmermarkeder-i-aarhus"];

async function benchLanding() {
  const rows = [["database", "side", "første ms", "p50 ms", "p95 ms"]];
  // The views are asked for from core 1, as the load generators of the other sections are: on the
  // server's core this process took turns with it.
  pinToCore(process.pid, 1);
  for (const kind of ["sqlite", "postgres"] as const) {
    // Seeded, migrated and analysed once by largeDatabase().
    await (await largeDatabase(kind)).close();
    const server = await startBuiltServer({ LOG_LEVEL: "warn", DATABASE_URL: await largeDatabaseUrl(kind), DEMO_DATA: "0" });
    pinToCore(server.child.pid!, 0);
    try {
      // As a proxy would: no visitor before the instance says it is ready (it warms up first).
      await waitUntilReady(server.url);
      for (const path of LANDING_PATHS) {
        // An Authorization header keeps the page cache out of it: every request renders the page.
        const render = async () => {
          const response = await fetch(server.url + path, { headers: { Authorization: "bench" } });
          if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
          await response.arrayBuffer();
        };
        const first = await timed(1, render);
        await timed(20, render);
        // Enough views that the 95th percentile is not decided by two of them.
        const { times } = await timed(200, render);
        rows.push([kind, path, ms(first.times[0]!), ms(percentile(times, 50)), ms(percentile(times, 95))]);
      }
    } finally {
      await server.stop();
    }
  }
  pinToCore(process.pid, ALL_CORES);
  console.log("Landingssider ved de store data, hele svartiden målt i samme maskine uden sidecache (mål p95 < 50 ms); første = første visning, når instansen siger, den er klar");
  table(rows);
}

// ---------------------------------------------------------------------------------------------
// 5. Stored pictures under /billeder

async function benchPictures() {
  const server = await startBuiltServer({ LOG_LEVEL: "warn" });
  pinToCore(server.child.pid!, 0);
  try {
    // A market's published picture, written into the server's own disk store as an upload would be.
    const key = "markets/00000000-0000-4000-8000-000000000000/0123456789abcdef-800.webp";
    const file = path.join(server.dataDir, "uploads", key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      await sharp({ create: { width: 800, height: 600, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 10 } } })
        .webp({ quality: 60 })
        .toBuffer(),
    );
    const rows = [["billede", "sti", "svar", "req/s", "p99 ms"]];
    for (const [name, url] of [
      ["offentligt", `/billeder/${key}`],
      ["mangler", "/billeder/markets/00000000-0000-4000-8000-000000000000/findes-ikke-800.webp"],
    ] as const) {
      const result = load(server.url + url);
      rows.push([name, url.length > 60 ? `${url.slice(0, 57)}…` : url, result.statuses, result.rps.toFixed(0), String(result.p99)]);
    }
    console.log(`Billeder under /billeder for en anonym besøgende, ${CONNECTIONS} forbindelser, ${SECONDS} s pr. billede (server på kerne 0, belastning på kerne 1)`);
    table(rows);
  } finally {
    await server.stop();
  }
}

async function runPeople() {
  const rows = await benchPeople(Number(option("people", "100000")), ROOT);
  console.log("Administratorens søgning efter brugere, 50 pr. side, servertid (mål p95 < 50 ms)");
  table(rows);
}

async function runForum() {
  const rows = await benchForum(Number(option("forum-topics", "10000")), Number(option("forum-posts", "200000")), ROOT);
  console.log("Forummet: det, sidernes loadere spørger databasen om, servertid (mål p95 < 20 ms)");
  table(rows);
}

async function runAdmin() {
  const rows = [["database", "side", "p50", "p95"]];
  for (const kind of ["sqlite", "postgres"] as const) {
    const database = await largeDatabase(kind);
    try {
      rows.push(...(await benchAdmin(kind, database, Number(option("changes", "20000")))));
    } finally {
      await database.close();
    }
  }
  console.log(`Administratorens markedssider ved ${LARGE.toLocaleString("da-DK")} markeder: det, loaderne spørger databasen om, servertid (mål p95 < 50 ms)`);
  table(rows);
}

async function runLive() {
  const rows = await benchLive(Number(option("streams", "5000")), 10, ROOT);
  console.log("Live opdateringer: åbne strømme, serverens hukommelse og tiden fra et svar skrives til alle strømme har det (mål < 200 MB ekstra, p95 < 500 ms)");
  table(rows);
}

/**
 * 10. Signed-in page views, which the page cache never answers, with WEB_CONCURRENCY=1 and =2:
 * what a second process on the second core adds. The load generator shares that core.
 */
async function benchProcesses() {
  const rows = [["side", "processer", "svar", "req/s", "p99 ms"]];
  const results = new Map<string, string[][]>();
  for (const processes of ["1", "2"]) {
    const server = await startBuiltServer({ LOG_LEVEL: "warn", WEB_CONCURRENCY: processes, EMAIL_VERIFICATION: "0" });
    try {
      await waitUntilReady(server.url);
      const person = await signUp(server.url, "Bench Bruger");
      const register = await (await fetch(`${server.url}/register`)).text();
      const marketPath = register.match(/href="(\/markeder\/[a-z0-9-]+)"/)?.[1] ?? "/markeder";
      for (const page of ["/register", marketPath, "/community"]) {
        const result = load(server.url + page, person.cookie);
        const key = page === marketPath ? "/markeder/{slug}" : page;
        results.set(key, [...(results.get(key) ?? []), [key, processes, result.statuses, result.rps.toFixed(0), String(result.p99)]]);
      }
    } finally {
      await server.stop();
    }
  }
  for (const pageRows of results.values()) rows.push(...pageRows);
  console.log(`Logget ind (ingen sidecache), ${CONNECTIONS} forbindelser, WEB_CONCURRENCY 1 og 2 på denne maskine`);
  table(rows);
}

// --only-X runs that section alone.
const SECTIONS_ALONE: Record<string, () => Promise<void>> = {
  processes: benchProcesses,
  live: runLive,
  admin: runAdmin,
  forum: runForum,
  people: runPeople,
  pictures: benchPictures,
  landing: benchLanding,
};
const alone = Object.keys(SECTIONS_ALONE).find((name) => args.includes(`--only-${name}`));
if (alone) {
  await SECTIONS_ALONE[alone]!();
  process.exit(0);
}
if (!args.includes("--skip-pages")) await benchPages();
if (!args.includes("--skip-pictures")) await benchPictures();
if (!SKIP_LARGE) {
  await benchLarge();
  if (!args.includes("--skip-landing")) await benchLanding();
  if (!args.includes("--skip-admin")) await runAdmin();
}
if (!args.includes("--skip-people")) await runPeople();
if (!args.includes("--skip-forum")) await runForum();
if (!args.includes("--skip-live")) await runLive();
if (!args.includes("--skip-processes")) await benchProcesses();
