// Starts Loppeguiden: the built production server, or Vite's dev server with NODE_ENV=development
// (npm run dev). Plain JavaScript so that `npm start` needs nothing but Node and the build.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { setFlagsFromString } from "node:v8";
import "./env-file.js";

// V8 lets the heap grow to several times what is live before it collects: serving cached pages, the
// server peaked at 373 MiB resident. A growing factor of 2.5 collects sooner (299 MiB); a lower one
// saves more but collects often enough to slow the pages rendered anew: at 1.6 a landing page of
// 100,000 markets had a p95 of 41 ms instead of 27 (decisions 0023, 0041).
// Read at each collection, so setting it here, before anything is loaded, is in time.
setFlagsFromString("--heap-growing-percent=150");

const FORCED_EXIT_MS = 10_000;
// Production unless asked otherwise: `node server/main.js` on a server must never start Vite.
process.env.NODE_ENV ??= "production";
const production = process.env.NODE_ENV === "production";

async function load() {
  if (production) return { start: (await import("../build/server/index.js")).start, options: {} };
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { start } = await vite.ssrLoadModule("./server/app.ts");
  return {
    start,
    options: {
      devMiddleware: vite.middlewares,
      loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
    },
  };
}

/**
 * WEB_CONCURRENCY: how many server processes share the port (node:cluster), each a whole instance
 * as on separate machines (docs/deploy.md). Read here, before anything is loaded, because it
 * decides whether this process serves at all. Default: every core in production, 1 in development.
 */
function workerCount() {
  const setting = (process.env.WEB_CONCURRENCY ?? "").trim();
  if (setting === "") return production ? availableParallelism() : 1;
  if (!/^\d+$/.test(setting) || Number(setting) < 1) throw new Error(`WEB_CONCURRENCY skal være et helt tal over 0, ikke "${setting}"`);
  return Number(setting);
}

/** A worker that dies is started again, but not in a loop: one that dies within this time of starting waits longer each time. */
const RESTART_WINDOW_MS = 10_000;
const RESTART_MAX_DELAY_MS = 30_000;

/**
 * The primary process only starts, restarts and stops the workers. The first worker starts alone
 * (it migrates the database and seeds an empty one), the others once it listens. SIGTERM or
 * SIGINT is passed to every worker, which drains itself as a single server does; SIGHUP restarts
 * them one at a time, each old one stopped only once its successor listens.
 */
function runPrimary(count) {
  let stopping = false;
  let stoppedBadly = false;
  let quickDeaths = 0;
  const startedAt = new Map();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };
  /** True once the worker listens; false if it died first. */
  const listening = (worker) =>
    new Promise((resolve) => {
      worker.once("listening", () => resolve(true));
      worker.once("exit", () => resolve(false));
    });

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping || worker.replaced || worker.onTrial) {
      stoppedBadly ||= stopping && code !== 0;
      if (stopping && startedAt.size === 0) process.exit(stoppedBadly ? 1 : 0);
      return;
    }
    quickDeaths = lived < RESTART_WINDOW_MS ? quickDeaths + 1 : 0;
    const delay = Math.min(RESTART_MAX_DELAY_MS, quickDeaths === 0 ? 0 : 1000 * 2 ** (quickDeaths - 1));
    console.error(`Proces ${worker.process.pid} stoppede (${signal ?? code}); starter en ny om ${delay} ms`);
    setTimeout(() => stopping || fork(), delay);
  });

  const stopAll = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: lukker ${startedAt.size} processer ned`);
    for (const worker of Object.values(cluster.workers ?? {})) worker.process.kill("SIGTERM");
    // Each worker forces its own exit after FORCED_EXIT_MS; this is the primary's own limit.
    setTimeout(() => process.exit(1), FORCED_EXIT_MS + 2_000).unref();
    if (startedAt.size === 0) process.exit(0);
  };
  let restarting = false;
  const restartOneByOne = async () => {
    if (restarting) return;
    restarting = true;
    try {
      for (const old of Object.values(cluster.workers ?? {})) {
        if (stopping) return;
        const successor = fork();
        // Until it listens, a successor that dies is not started again: the old one still serves.
        successor.onTrial = true;
        const started = await listening(successor);
        successor.onTrial = false;
        if (!started) {
          // A new version that cannot start: the running processes go on serving the old one.
          console.error("En ny proces kunne ikke starte; de kørende fortsætter");
          return;
        }
        old.replaced = true;
        old.process.kill("SIGTERM");
      }
      console.log("Alle processer er startet igen");
    } finally {
      restarting = false;
    }
  };

  process.once("SIGTERM", () => stopAll("SIGTERM"));
  process.once("SIGINT", () => stopAll("SIGINT"));
  process.on("SIGHUP", () => void restartOneByOne());

  const first = fork();
  void listening(first)
    .then(() => Promise.all(Array.from({ length: count - 1 }, () => listening(fork()))))
    .then(() => console.log(`Loppeguiden kører i ${count} processer`));
}

const workers = workerCount();
if (workers > 1 && cluster.isPrimary) {
  runPrimary(workers);
} else {
  await serve();
}

async function serve() {
  const { start, options } = await load();
  const running = await start(options);
  if (cluster.isPrimary) console.log(`Loppeguiden kører på ${running.url}`);
  // Not once: a worker may get the signal twice (from systemd to the whole group, and from the
  // primary), and a second one must not end it in the middle of draining.
  process.on("SIGTERM", () => void shutdown(running, "SIGTERM"));
  process.on("SIGINT", () => void shutdown(running, "SIGINT"));
  // One process has no one to restart it one at a time: a reload must not end it.
  if (cluster.isPrimary) process.on("SIGHUP", () => console.log("SIGHUP: én proces; genstart tjenesten for at indlæse en ny version"));
}

let shuttingDown = false;

async function shutdown(running, signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal}: lukker ned`);
  const forced = setTimeout(() => {
    console.error("Nedlukningen tog for lang tid; afbryder");
    process.exit(1);
  }, FORCED_EXIT_MS);
  forced.unref();
  try {
    await running.close();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
