import "../server/env-file.js";
import { parseArgs } from "node:util";
import { loadConfig } from "../app/lib/config.server";
import { openDatabase } from "../app/lib/db/database.server";
import { migrateToLatest } from "../db/migrations/migrate.server";
import { isLocalDate } from "../app/lib/dates";
import { DEFAULT_DEMO_COUNT, DEFAULT_DEMO_SEED } from "../db/seed/generate";
import { DemoDataExistsError, seedDemoData, type SeedProgress } from "../db/seed/seed.server";

/**
 * `npm run db:seed`: the demo data set in the configured database.
 *   --count 100000   a large set, for benchmarks
 *   --reset          deletes the existing demo markets and the demo forum first (nobody else's)
 *   --seed 7         another, equally deterministic, set
 *   --today 2026-05-01  the date the schedules are made around (default: today in Denmark)
 */

const { values } = parseArgs({
  options: {
    count: { type: "string" },
    seed: { type: "string" },
    reset: { type: "boolean", default: false },
    today: { type: "string" },
  },
});

function positiveInteger(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${flag} skal være et helt tal større end 0, ikke "${value}".`);
    process.exit(2);
  }
  return n;
}

const count = positiveInteger(values.count, DEFAULT_DEMO_COUNT, "count");
const seed = positiveInteger(values.seed, DEFAULT_DEMO_SEED, "seed");
if (values.today !== undefined && !isLocalDate(values.today)) {
  console.error(`--today skal være en dato som 2026-05-01, ikke "${values.today}".`);
  process.exit(2);
}

const number = new Intl.NumberFormat("da-DK");
const seconds = (ms: number) => `${new Intl.NumberFormat("da-DK", { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(ms / 1000)} s`;
const PHASES: Record<SeedProgress["phase"], string> = { markets: "Markeder", occurrences: "Datoer", search: "Søgeindeks" };

const appDatabase = openDatabase(loadConfig().databaseUrl);
try {
  await migrateToLatest(appDatabase.db);
  let lastLine = 0;
  const result = await seedDemoData(appDatabase.db, {
    count,
    seed,
    reset: values.reset,
    ...(values.today ? { today: values.today } : {}),
    onProgress: ({ phase, done, total }) => {
      // Large sets take a while: a line every few seconds shows it is moving.
      if (total < 10_000 || Date.now() - lastLine < 3000) return;
      lastLine = Date.now();
      console.log(`  ${PHASES[phase]}: ${number.format(done)} af ${number.format(total)}`);
    },
  });
  const { steps } = result;
  if (result.deleted) console.log(`Slettede ${number.format(result.deleted)} demomarkeder.`);
  console.log(
    `Oprettede ${number.format(result.markets)} demomarkeder med ${number.format(result.schedules)} planer ` +
      `og ${number.format(result.occurrences)} datoer i ${appDatabase.kind === "postgres" ? "PostgreSQL" : "SQLite"} på ${seconds(result.elapsedMs)} ` +
      `(generering ${seconds(steps.generate)}, indsættelse ${seconds(steps.insert)}, datoer ${seconds(steps.occurrences)}, søgeindeks ${seconds(steps.search)}).`,
  );
  console.log(`Forummet fik ${number.format(result.forum.topics)} emner med ${number.format(result.forum.posts)} indlæg af ${number.format(result.forum.accounts)} demobrugere.`);
} catch (error) {
  if (!(error instanceof DemoDataExistsError)) throw error;
  console.error(`Databasen har allerede ${number.format(error.existing)} demomarkeder. Brug --reset for at slette dem og lave nye.`);
  process.exitCode = 1;
} finally {
  await appDatabase.close();
}
