import { spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { parseArgs } from "node:util";

/**
 * `npm run fuzz -- --runs 10000 [--seed N] [--database sqlite|postgres]`: the fuzzing of every
 * form (tests/integration/fuzz-forms.test.ts) run deep, against the build (`npm run build` first).
 * Each run takes a new seed and prints it; `--seed` replays a run exactly. `npm test` runs the same
 * file with a fixed seed and one post per form and person.
 */

const FILE = "tests/integration/fuzz-forms.test.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "10000" },
    seed: { type: "string" },
    database: { type: "string", default: "sqlite" },
  },
});

const runs = Number(values.runs);
const seed = values.seed === undefined ? randomInt(2 ** 31 - 1) : Number(values.seed);
if (!Number.isSafeInteger(runs) || runs < 1 || !Number.isSafeInteger(seed) || !["sqlite", "postgres"].includes(values.database)) {
  console.error("Brug: npm run fuzz -- [--runs N] [--seed N] [--database sqlite|postgres]");
  process.exit(2);
}

console.log(`Fuzzing every form: ${runs} posts on ${values.database}, seed ${seed} (replay: npm run fuzz -- --runs ${runs} --seed ${seed} --database ${values.database})`);
const result = spawnSync("npx", ["vitest", "run", "--project", `integration:${values.database}`, FILE], {
  stdio: "inherit",
  env: { ...process.env, FUZZ_SEED: String(seed), FUZZ_RUNS: String(runs), FUZZ_DATABASE: values.database },
});
console.log(`Seed ${seed}`);
process.exit(result.status ?? 1);
