import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { adminHomeFigures } from "../app/account/admin-home.server";
import type { PermissionHolder } from "../app/auth/permissions";
import type { AppDatabase } from "../app/lib/db/database.server";
import { dialectOf, updatePlannerStatistics } from "../app/lib/db/dialect.server";
import { searchAllMarkets } from "../app/review/all-markets.server";
import { mergeMarkets, mergePreview } from "../app/review/merge-markets.server";
import { recentChanges } from "../app/review/recent-changes.server";
import { readStoredMarket } from "../app/revisions/revisions.server";
import { changedFields } from "../app/revisions/snapshot";

/**
 * The admins' market pages on the large databases (scripts/bench.ts section 3): the front page's
 * queues and counts, the recent changes (with `changes` live edits by 20 organizers, half of them
 * looked over), the list of every market searched three ways, a merge's preview, and five merges.
 * Server time of what each loader or action asks the database, p50/p95 (the merges: each one).
 */

const ORGANIZERS = 20;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** `changes` live edits of the first markets by organizers, once: a description changed each time. */
async function seedLiveChanges(database: AppDatabase, changes: number): Promise<void> {
  const db = database.db;
  const have = Number(
    (
      await db
        .selectFrom("market_revisions")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("kind", "=", "edit")
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (have >= changes) return;
  const postgres = dialectOf(db) === "postgres";
  const now = Date.now();
  const organizers = Array.from({ length: ORGANIZERS }, (_, i) => ({ id: randomUUID(), name: `Arrangør ${i + 1}`, email: `arrangoer-${randomUUID()}@example.dk` }));
  await db
    .insertInto("user")
    .values(
      organizers.map((person) => ({ ...person, emailVerified: postgres ? true : 1, image: null, createdAt: new Date(now).toISOString(), updatedAt: new Date(now).toISOString() })),
    )
    .execute();
  await db
    .insertInto("profiles")
    .values(
      organizers.map((person) => ({
        id: randomUUID(),
        auth_user_id: person.id,
        email: person.email,
        role: "organizer",
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
      })),
    )
    .execute();
  const markets = await db.selectFrom("markets").select("id").where("status", "=", "published").orderBy("id").limit(changes).execute();
  const template = (await readStoredMarket(db, markets[0]!.id))!.snapshot;
  for (let from = 0; from < changes; from += 1000) {
    const rows = markets.slice(from, from + 1000).map((market, offset) => {
      const i = from + offset;
      const before = { ...template, description: "Hyggeligt marked med kaffe og kage." };
      const after = { ...template, description: `Nu også med salg af cykler (${i}).` };
      const at = new Date(now - i * 60_000).toISOString();
      return {
        id: randomUUID(),
        market_id: market.id,
        kind: "edit",
        state: "applied",
        author_id: organizers[i % ORGANIZERS]!.id,
        before: JSON.stringify(before),
        after: JSON.stringify(after),
        changed_fields: JSON.stringify(changedFields(before, after)),
        created_at: at,
        looked_over_at: i % 2 === 0 ? at : null,
        looked_over_by: null,
      };
    });
    await db.insertInto("market_revisions").values(rows).execute();
  }
  // As the daily job keeps them: the planner's figures know of the changes.
  await updatePlannerStatistics(db);
}

async function timed(run: () => Promise<unknown>, runs = 60): Promise<number[]> {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

export async function benchAdmin(kind: "sqlite" | "postgres", database: AppDatabase, changes: number): Promise<string[][]> {
  const db = database.db;
  await seedLiveChanges(database, changes);
  const pair = await db.selectFrom("markets").select("id").where("status", "=", "published").orderBy("id", "desc").limit(12).execute();
  const measures: [string, () => Promise<unknown>][] = [
    ["forsiden: køer og tal", () => adminHomeFigures(db)],
    ["ændringer, ikke gennemset, side 1", () => recentChanges(db, { view: "new", offset: 0, limit: 20 })],
    ["ændringer, alle, side 50", () => recentChanges(db, { view: "all", offset: 49 * 20, limit: 20 })],
    ["alle markeder, side 1", () => searchAllMarkets(db, { query: "", status: null, offset: 0, limit: 50 })],
    ["alle markeder, søg «odense»", () => searchAllMarkets(db, { query: "odense", status: null, offset: 0, limit: 50 })],
    ["alle markeder, afventer", () => searchAllMarkets(db, { query: "", status: "pending", offset: 0, limit: 50 })],
    ["sammenlægning, forhåndsvisning", () => mergePreview(db, pair[0]!.id, pair[1]!.id)],
  ];
  const rows: string[][] = [];
  for (const [label, run] of measures) {
    const times = await timed(run);
    rows.push([kind, label, ms(percentile(times, 50)), ms(percentile(times, 95))]);
  }
  // Merges remove a market each: five pairs from the end of the list, each timed once.
  const admin: PermissionHolder = { id: randomUUID(), roles: ["visitor", "admin"] };
  const merges: number[] = [];
  for (let i = 2; i < 12; i += 2) {
    const started = performance.now();
    const outcome = await mergeMarkets(db, admin, { duplicateId: pair[i]!.id, keptId: pair[i + 1]!.id });
    merges.push(performance.now() - started);
    if (outcome.outcome !== "merged") throw new Error(`Sammenlægningen gik ikke: ${outcome.outcome}`);
  }
  rows.push([kind, "sammenlægning (5 gange)", ms(percentile(merges, 50)), ms(Math.max(...merges))]);
  return rows;
}
