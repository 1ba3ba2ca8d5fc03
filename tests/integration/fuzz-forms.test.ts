import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { fuzzForms, fuzzTargets, pagesAfterwards, type FuzzTarget } from "../support/fuzz/fuzz-forms";
import { makeWorld, type FuzzWorld } from "../support/fuzz/world";
import { startSite, type Site } from "../support/site";

/**
 * Every form and every route that takes a post, found from the pages and the route table, sent
 * adversarial posts by a visitor, an owner, another account and an admin
 * (tests/support/fuzz/fuzz-forms.ts says what each answer must be). `npm test` sends one post per
 * form and person with a fixed seed, on SQLite; `npm run fuzz -- --runs 10000` sends that many in
 * all with a new seed (printed, and replayed with `--seed`), which scripts/fuzz.ts hands over in
 * FUZZ_SEED and FUZZ_RUNS.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
/** Posts in all; 0 is one per form and person. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 0);

let site: Site;
let world: FuzzWorld;
let targets: FuzzTarget[];

beforeAll(async () => {
  site = await startSite();
  world = await makeWorld(site);
  targets = await fuzzTargets(site, world);
});

afterAll(async () => {
  await site?.close();
});

test(`every form found on the pages, and every route that takes a post, on ${inject("testDatabase").kind}`, () => {
  const found = targets.filter((target) => target.page !== null).map((target) => target.route.pattern);
  // The forms a page shows a person: if the crawl stops finding them, the fuzz below tests little.
  expect([...new Set(found)]).toEqual(
    expect.arrayContaining([
      "/sign-in",
      "/sign-up",
      "/kontakt",
      "/dashboard/indstillinger",
      "/manage-market/:id",
      "/opret-marked/:draftId/:step",
      "/dashboard/admin/godkendelser/:id",
      "/dashboard/market-claims",
      "/markeder/:slug/ejerskab",
      "/gem/:id",
    ]),
  );
});

// A limit for a hang: a post takes tens of milliseconds.
test(`adversarial posts to every form never give a server error or an unbounded answer (seed ${SEED})`, { timeout: 60_000 + RUNS * 1_000 }, async () => {
  const failures = await fuzzForms(site, world, targets, { seed: SEED, runs: RUNS });
  expect(failures).toEqual([]);
  expect(await pagesAfterwards(world)).toEqual([]);
});
