import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
const FUZZ_FILE = "tests/integration/fuzz-forms.test.ts";

/** The files that sweep the whole site (every page, form or redirect): npm test runs them, the quick loop does not (vitest.quick.config.ts). */
export const SITE_SWEEPS = [FUZZ_FILE, "tests/integration/seo-audit.test.ts", "tests/integration/security/open-redirects.test.ts"];
const POSTGRES_SWEEP = "tests/integration/postgres-sweep.test.ts";

/**
 * The integration files that run on PostgreSQL as well as SQLite: each proves something that
 * depends on the database (queries, writes, migrations, search and ranking, locking and races,
 * dialect code, counts, ordering, date arithmetic, seeding, the daily job, counters stored in the
 * database). Every other integration file runs on SQLite only: it checks what the site answers
 * (status, redirects, messages, permissions, page content), which the database does not change,
 * and the PostgreSQL sweep (POSTGRES_SWEEP) opens every route there once so that nothing
 * dialect-specific hides behind a page. A new file that proves a database fact goes on this list.
 */
const ON_BOTH_DATABASES = [
  "account",
  "admin-log",
  "admin-markets",
  "admin-merge",
  "admin-recent-changes",
  "auth-roles",
  "auth-sessions",
  "cache-generation",
  "calendar",
  "contact",
  "daily-job",
  "database",
  "db-backup",
  "filter-parity",
  "forum-queries",
  "forum-reading",
  "healthz",
  "image-cleanup",
  "import",
  "landing-data",
  "live-updates",
  "map-markers",
  "market-cards",
  "market-claims",
  "market-drafts",
  "market-images",
  "market-list",
  "market-races",
  "market-search",
  "market-submissions",
  "market-views",
  "market-writes",
  "measurements",
  "occurrences",
  "owner-markets",
  "permissions",
  "profile-picture",
  "rate-limit",
  "review-queue",
  "saved-markets",
  "seed",
  "sign-in-limits",
  "sitemap",
].map((name) => `tests/integration/${name}.test.ts`);

// A renamed or deleted file would otherwise drop off PostgreSQL without a word.
const missing = ON_BOTH_DATABASES.filter((file) => !existsSync(fileURLToPath(new URL(file, import.meta.url))));
if (missing.length > 0) throw new Error(`vitest.config.ts lists integration files that do not exist: ${missing.join(", ")}`);

const TEST_ENV = { TZ: "UTC", LOG_LEVEL: "silent" };

/**
 * The integration suite serves the production bundle, whose React, React DOM and Express choose
 * their production builds from NODE_ENV when they are loaded, as under `npm start`. Vitest's own
 * "test" loaded React's development builds, which are not what a visitor is served and took the
 * SEO audit 36 s instead of 23.5 s (decision 0040).
 */
const PRODUCTION_REACT = { ...TEST_ENV, NODE_ENV: "production" };

/**
 * One `vitest run` runs everything: unit tests next to the code, the integration suite on SQLite
 * and its database-level files on PostgreSQL too, and the browser suite against one built server.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    env: TEST_ENV,
    // Every timer but \`performance\`: unit files share a worker (isolate: false), and a fetch still
    // finishing from the file before calls performance.markResourceTiming, which a fake lacks.
    fakeTimers: { toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "setImmediate", "clearImmediate", "Date"] },
    // Browser files wait on pages between bursts of work, so more files than cores keep both busy;
    // more than three do not: with five the same run took 376 s instead of 330 s, the two cores
    // already full (Chromium's renderers most of it), and every file twice as long.
    maxWorkers: 3,
    // Time limits are for tests that hang, not for speed (npm run bench measures that). With the
    // whole suite sharing two cores a test may wait several times as long as it takes alone, so
    // the limits leave room for that: a request-level test that takes 1 s alone has taken over 5.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll's default second was too short for a page navigating on a busy machine.
    expect: { poll: { timeout: 10_000 } },
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    setupFiles: ["./tests/support/count-assertions.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          // Pure functions, no state between files: one module cache per worker instead of a fresh
          // one per file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration:sqlite",
          env: PRODUCTION_REACT,
          include: ["tests/integration/**/*.test.ts"],
          // One worker runs file after file: each file's sites are its own (createSite gives each a
          // context of its own, app/lib/site-context.server.ts), and the bundle and the helpers are
          // loaded once per worker instead of once per file.
          isolate: false,
          exclude: [POSTGRES_SWEEP],
          globalSetup: ["tests/support/setup-sqlite.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration:postgres",
          env: PRODUCTION_REACT,
          isolate: false,
          // The fuzzing of every form works at the level of requests, where the two databases answer
          // alike: npm test runs it on SQLite, `npm run fuzz -- --database postgres` here.
          include: [...ON_BOTH_DATABASES, POSTGRES_SWEEP, ...(process.env.FUZZ_DATABASE === "postgres" ? [FUZZ_FILE] : [])],
          globalSetup: ["tests/support/setup-postgres.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          // The files share the suite's server and Chromium anyway; loading playwright and the
          // helpers once per worker rather than once per file.
          isolate: false,
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/setup-server.ts"],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
