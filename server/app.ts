import http from "node:http";
import type { Logger } from "pino";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { loadConfig, type Config } from "../app/lib/config.server";
import { openDatabase, type AppDatabase } from "../app/lib/db/database.server";
import { migrateToLatest } from "../db/migrations/migrate.server";
import { createLogger } from "../app/lib/logger.server";
import { accountLifecycle } from "../app/account/account-lifecycle.server";
import { createAuth, type Auth } from "../app/auth/auth.server";
import { createMailer } from "../app/mail/mailer.server";
import { forgetEndedRateLimitWindows } from "../app/lib/rate-limit.server";
import { forgetOldMeasurements } from "../app/measurements/store.server";
import { removeOldOrphans } from "../app/image-cleanup/orphans.server";
import { createStorage } from "../app/lib/storage/index.server";
import { runForSite, setProcessSite, type SiteContext } from "../app/lib/site-context.server";
import { claimDailyRefresh, runDailyOccurrenceJob } from "../app/jobs/daily-job.server";
import { todayInDenmark } from "../app/lib/dates";
import { warmLandingData } from "../app/landing/data.server";
import { ensureOpenings } from "../app/markets/search/openings.server";
import { ensureForumSearchIndex } from "../app/forum/search/forum-index.server";
import { DemoDataExistsError, isDatabaseEmpty, seedDemoData } from "../db/seed/seed.server";
import { forgetOldPageInvalidations, onCacheInvalidation, pollCacheInvalidations } from "../app/lib/cache-generation.server";
import { createExpressApp, type ReadinessState } from "./express-app";
import { createHttpServer } from "./http-server";
import { MarketViewCounter } from "../app/markets/views/market-views.server";
import { PageCache, nextDanishMidnight } from "./page-cache";
import { forgetOldEvents } from "../app/lib/realtime/events.server";
import { LiveHub } from "../app/lib/realtime/hub.server";
import { listenForEvents } from "../app/lib/realtime/pg-listener.server";

/**
 * How often a hub reads the events table when nothing told it of new rows, while streams are open:
 * a NOTIFY lost while the listener reconnected, or (SQLite) another process's write. One indexed
 * read of nothing, four times a second; at 1 s another process's reply took 1.0 s to reach 5,000
 * streams (p95, npm run bench), at 250 ms 0.43 s.
 */
const LIVE_POLL_MS = 250;

/** The route modules as React Router serves them: tests/integration/access.test.ts reads each route's declared access there. */
export const routeModules: ServerBuild["routes"] = (serverBuild as unknown as ServerBuild).routes;

export interface StartOptions {
  /** Development: Vite's middleware and a build that reloads on change. */
  devMiddleware?: RequestHandler;
  loadBuild?: () => Promise<ServerBuild>;
}

export interface RunningServer {
  server: http.Server;
  url: string;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

export interface SiteOptions extends StartOptions {
  /** PostgreSQL: connections in the pool (DATABASE_POOL_SIZE when absent). */
  poolSize?: number;
  /** What /readyz says of the instance (start() warms it first); absent: ready. */
  readiness?: () => ReadinessState;
}

/** Everything a request meets, without a port to listen on or the timers that run beside it. */
export interface Site {
  /** What the HTTP server calls for every request: the page cache, then the Express app. */
  handle: http.RequestListener;
  /** Its settings, database, store, logger, mailer and auth library; each request is answered inside it. */
  context: SiteContext;
  appDatabase: AppDatabase;
  pageCache: PageCache | null;
  /** Writes the market page views counted since the last call; returns how many. */
  flushMarketViews: () => Promise<number>;
  /** Stops emptying the page cache on this instance's own writes. */
  stopClearingOnWrites: () => void;
  /** Ends the live streams and stops listening for events (before the HTTP server closes). */
  stopLive: () => Promise<void>;
}

/**
 * Makes a site from its settings: opens and migrates the database (seeding an empty one when so
 * configured), makes its store, logger, mailer and auth library, and builds the Express app around the React Router build,
 * as start() serves it. Every request is answered inside the site's context
 * (app/lib/site-context.server.ts), so config(), database(), storage() and logger() are this site's
 * there, and one process can hold many sites. The request-level tests build theirs with this
 * (tests/support/site.ts), so they meet the same middleware and pages as production, with none of
 * the daily jobs.
 */
export async function createSite(settings: Config, options: SiteOptions = {}): Promise<Site> {
  const log = createLogger(settings.logLevel);
  const appDatabase = openDatabase(settings.databaseUrl, { poolSize: options.poolSize ?? settings.databasePoolSize });
  const parts = { config: settings, database: appDatabase, storage: createStorage(settings), logger: log, mailer: createMailer(settings, log) };
  let authLibrary: Auth | null = null;
  const context: SiteContext = {
    ...parts,
    // Made at first use, after the migrations below: the library checks its tables as it is made.
    get auth() {
      return (authLibrary ??= createAuth({ ...parts, lifecycle: accountLifecycle(parts) }));
    },
  };
  try {
    await runForSite(context, () => prepareDatabase(context));
  } catch (error) {
    await appDatabase.close();
    throw error;
  }

  // Live updates: the hub reads new events for the streams; on PostgreSQL a connection of its own
  // hears the other instances' NOTIFY (app/lib/realtime/).
  const hub = new LiveHub(appDatabase.db);
  await hub.start(LIVE_POLL_MS);
  const listener = appDatabase.kind === "postgres" ? listenForEvents(settings.databaseUrl, () => hub.wake(), log) : null;
  const stopLive = async () => {
    hub.close();
    await listener?.close();
  };

  const clientDir = options.devMiddleware ? undefined : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
  const pageCache = settings.pageCacheBytes > 0 && !options.devMiddleware ? new PageCache({ maxBytes: settings.pageCacheBytes }) : null;
  const app = createExpressApp({
    build: options.loadBuild ?? serverBuild,
    appDatabase,
    config: settings,
    logger: log,
    clientDir,
    devMiddleware: options.devMiddleware,
    pageCache: pageCache ?? undefined,
    storage: context.storage,
    auth: context.auth,
    hub,
    readiness: options.readiness,
  });
  // Writes in this process empty its page cache, or drop the pages they name, at once, so the next
  // visitor sees them (a request-level test too); other instances' writes are polled for in
  // start(). A process holding several sites (the tests) applies any site's write to them all: more
  // than needed, never stale.
  const stopClearingOnWrites = pageCache ? onCacheInvalidation((change) => pageCache.forget(change)) : () => {};
  const marketViews = new MarketViewCounter();
  const handle: http.RequestListener = (req, res) =>
    runForSite(context, () => {
      // Before the page cache, so that a page it answers is counted too.
      marketViews.watch(req, res);
      if (pageCache?.serve(req, res)) return;
      app(req, res);
    });
  return { handle, context, appDatabase, pageCache, flushMarketViews: () => marketViews.flush(appDatabase.db), stopClearingOnWrites, stopLive };
}

/** Migrates the site's database, and seeds the demo data into an empty one when so configured. */
async function prepareDatabase({ config: settings, database: appDatabase, logger: log }: SiteContext): Promise<void> {
  const applied = await migrateToLatest(appDatabase.db);
  if (applied.length > 0) log.info({ migrations: applied }, "database migrated");
  if (await ensureForumSearchIndex(appDatabase.db)) log.info("forum posts written before the forum's search index indexed");
  if (settings.seedDemoData && (await isDatabaseEmpty(appDatabase.db))) {
    try {
      const today = todayInDenmark();
      const seeded = await seedDemoData(appDatabase.db, { today });
      // Seeding has just computed today's occurrences and index: today's daily job is done.
      await claimDailyRefresh(appDatabase.db, today);
      log.info({ markets: seeded.markets, ms: seeded.elapsedMs }, "demo data seeded into the empty database");
    } catch (error) {
      // Two instances starting on one empty database: the other one seeded first.
      if (!(error instanceof DemoDataExistsError)) throw error;
      log.warn("demo data was seeded by another instance");
    }
  }
}

/** How long market page views wait in memory before they are written (app/markets/views/). */
const MARKET_VIEWS_FLUSH_MS = 60_000;

/** Opens and migrates the database, then serves the site on PORT. */
export async function start(options: StartOptions = {}): Promise<RunningServer> {
  const settings = loadConfig();
  let readiness: ReadinessState = "starting";
  const { handle, context, appDatabase, pageCache, flushMarketViews, stopClearingOnWrites, stopLive } = await createSite(settings, {
    ...options,
    readiness: () => readiness,
  });
  // The daily job, the warming after writes and the timers below run outside any request.
  setProcessSite(context);
  const log = context.logger;

  const stopDailyJob = scheduleDailyJob(context);
  const stopWarmingLandingData = warmLandingDataAfterWrites(appDatabase, log);
  const stopWatchingWrites = pageCache ? watchCacheGeneration(pageCache, appDatabase, settings.cacheGenerationPollMs) : () => {};
  const writeViews = () => flushMarketViews().catch((error: unknown) => log.warn({ err: error }, "writing the market page views failed"));
  // writeViews logs its own failure, so nothing waits for it here.
  const viewsTimer = setInterval(() => void writeViews(), MARKET_VIEWS_FLUSH_MS);
  viewsTimer.unref();
  const server = createHttpServer(handle, settings.httpTimeouts);
  await new Promise<void>((resolve) => server.listen(settings.port, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : settings.port;
  log.info({ port, database: appDatabase.kind }, "Loppeguiden is listening");
  // Ready once the landing pages' numbers are read (seconds at 100,000 markets) and the busiest
  // pages rendered once: a proxy that asks /readyz sends no visitor here to wait for either after
  // a (rolling) restart.
  void warmLandingData(appDatabase.db)
    .catch((error: unknown) => log.warn({ err: error }, "reading the landing pages' numbers failed"))
    .then(() => renderOnce(`http://127.0.0.1:${port}`, WARM_UP_PAGES))
    .finally(() => {
      if (readiness === "starting") readiness = "ready";
      log.info("Loppeguiden is ready");
    });

  let closing: Promise<void> | null = null;
  return {
    server,
    url: `http://localhost:${port}`,
    close() {
      closing ??= (async () => {
        readiness = "stopping";
        stopWatchingWrites();
        stopClearingOnWrites();
        stopDailyJob();
        stopWarmingLandingData();
        clearInterval(viewsTimer);
        // A live stream never ends by itself: ended here, its browser reconnects to another instance.
        await stopLive();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections with no request in flight would hold close() open.
          server.closeIdleConnections();
        });
        await writeViews();
        await appDatabase.close();
        log.info("Loppeguiden stopped");
      })();
      return closing;
    },
  };
}

/**
 * The pages most visitors come to. The first render of a kind of page compiles its code and reads
 * cold rows: 150 ms instead of 30 for a landing page at 100,000 markets (npm run bench). Asked as a
 * visitor would, so the page cache keeps the copies too.
 */
const WARM_UP_PAGES = ["/", "/register", "/loppemarkeder"];
const WARM_UP_TIMEOUT_MS = 10_000;

async function renderOnce(origin: string, paths: string[]): Promise<void> {
  for (const page of paths) {
    try {
      await (await fetch(origin + page, { signal: AbortSignal.timeout(WARM_UP_TIMEOUT_MS) })).arrayBuffer();
    } catch {
      // A page that fails here fails for its first visitor too, and is logged then.
    }
  }
}

/** More paths than this since the last poll: emptying the whole cache is as good and cheaper. */
const INVALIDATIONS_PER_POLL = 1000;

/**
 * Within one poll, empties the page cache when other instances sharing the database bump the
 * generation, and drops the pages they name by path (decision 0034): one query a poll. This
 * instance's own writes take effect at once (createSite).
 */
function watchCacheGeneration(cache: PageCache, appDatabase: AppDatabase, pollMs: number): () => void {
  const poll = pollCacheInvalidations(appDatabase.db, { maxPaths: INVALIDATIONS_PER_POLL });
  let polling = false;
  const timer = setInterval(() => {
    // A slow database: the next tick waits for this poll rather than reading beside it.
    if (polling) return;
    polling = true;
    poll()
      .then((change) => change && cache.forget(change))
      .catch(() => cache.clear())
      .finally(() => (polling = false));
  }, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Writes often come in bursts (an import, an editor saving twice): one read after the last. */
const LANDING_WARM_DELAY_MS = 250;

/**
 * The landing pages' numbers take a second or two to read at 100,000 markets (landing/data.server.ts).
 * start() reads them before the instance says it is ready; this reads them again shortly after each
 * write in this instance that bumps the generation (a path invalidation leaves them as they are),
 * so that the next visitor does not wait for them. The delay also lets the write's transaction commit first.
 */
function warmLandingDataAfterWrites(appDatabase: AppDatabase, log: Logger): () => void {
  let timer: NodeJS.Timeout | undefined;
  const warm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      warmLandingData(appDatabase.db).catch((error: unknown) => log.warn({ err: error }, "reading the landing pages' numbers failed"));
    }, LANDING_WARM_DELAY_MS);
    timer.unref();
  };
  const unsubscribe = onCacheInvalidation((change) => {
    if (change.kind === "all") warm();
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

/**
 * Five minutes past each Danish midnight (and once at start), the 18-month horizon moves on (and
 * the contact details of claims decided 90 days ago go), the rate-limit counters whose windows have
 * ended, the page invalidations older than a day and the measurements older than the report's 30
 * days are forgotten, and stored files nothing has referred to for a week are removed.
 */
const DAILY_JOB_OFFSET_MS = 5 * 60 * 1000;

function scheduleDailyJob({ database: appDatabase, storage: store, logger: log }: SiteContext): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    try {
      const result = await runDailyOccurrenceJob(appDatabase.db, log, todayInDenmark());
      if (result) log.info({ markets: result.markets, occurrences: result.occurrences, failed: result.failed.length }, "occurrences refreshed");
    } catch (error) {
      log.error({ err: error }, "daily occurrence refresh failed");
    }
    try {
      // The job above moves the "Åbent nu" window on; this writes it whole where nothing did (the
      // first start with the table, or days without the job), so that the fast reading holds.
      if (await ensureOpenings(appDatabase.db, todayInDenmark())) log.info("opening hours of today and tomorrow written");
    } catch (error) {
      log.error({ err: error }, "writing the opening hours failed");
    }
    try {
      // Every instance may do this: deleting what is already gone costs nothing.
      const forgotten = await forgetEndedRateLimitWindows(appDatabase.db);
      if (forgotten > 0) log.info({ counters: forgotten }, "ended rate-limit counters forgotten");
    } catch (error) {
      log.error({ err: error }, "forgetting ended rate-limit counters failed");
    }
    try {
      // Every instance may do this too; the polls have read these rows a day ago.
      const forgotten = await forgetOldPageInvalidations(appDatabase.db);
      if (forgotten > 0) log.info({ rows: forgotten }, "page invalidations older than a day forgotten");
    } catch (error) {
      log.error({ err: error }, "forgetting old page invalidations failed");
    }
    try {
      const forgotten = await forgetOldEvents(appDatabase.db);
      if (forgotten > 0) log.info({ rows: forgotten }, "live events older than a day forgotten");
    } catch (error) {
      log.error({ err: error }, "forgetting old live events failed");
    }
    try {
      const forgotten = await forgetOldMeasurements(appDatabase.db, todayInDenmark());
      if (forgotten > 0) log.info({ rows: forgotten }, "measurements older than the report forgotten");
    } catch (error) {
      log.error({ err: error }, "forgetting old measurements failed");
    }
    try {
      // Every instance may do this too: each file is checked against the references as it is now.
      const removed = await removeOldOrphans(store, appDatabase.db);
      if (removed.count > 0) log.info({ files: removed.count, bytes: removed.bytes }, "stored files nothing refers to removed");
    } catch (error) {
      log.error({ err: error }, "removing stored files nothing refers to failed");
    }
    if (stopped) return;
    timer = setTimeout(() => void run(), nextDanishMidnight(Date.now()) + DAILY_JOB_OFFSET_MS - Date.now());
    timer.unref();
  };
  // run logs each step's failure itself and never rejects.
  timer = setTimeout(() => void run(), 0);
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
