import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
const FUZZ_FILE = "tests/integration/fuzz-forms.test.ts";

/**
 * One `vitest run` runs everything: unit tests next to the code, the integration suite once per
 * database, and the browser suite against one built server.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    env: { TZ: "UTC", LOG_LEVEL: "silent" },
    // Every timer but \`performance\`: unit files share a worker (isolate: false), and a fetch still
    // finishing from the file before calls performance.markResourceTiming, which a fake lacks.
    fakeTimers: { toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "setImmediate", "clearImmediate", "Date"] },
    // Browser files wait on pages between bursts of work, so more files than cores keep both busy.
    // With today's suite three take as long as four (15:26 against 15:45 for all 2,688 tests) with a
    // quarter less summed test time (2,381 s against 3,208 s), so fewer tests come near a time limit.
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
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/setup-sqlite.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration:postgres",
          include: ["tests/integration/**/*.test.ts"],
          // The fuzzing of every form works at the level of requests, where the two databases answer
          // alike: npm test runs it on SQLite, `npm run fuzz -- --database postgres` here.
          exclude: process.env.FUZZ_DATABASE === "postgres" ? [] : [FUZZ_FILE],
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
