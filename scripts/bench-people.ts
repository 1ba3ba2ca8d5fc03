import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { openDatabase, type AppDatabase } from "../app/lib/db/database.server";
import { dialectOf } from "../app/lib/db/dialect.server";
import { searchPeople } from "../app/people/people-search.server";
import { migrateToLatest } from "../db/migrations/migrate.server";
import { benchDatabaseUrl } from "./bench-databases";

/**
 * The admin's search of people (/dashboard/admin/brugere) over `count` accounts, on SQLite and
 * PostgreSQL: server time p50/p95 of searches by part of a name, part of an address, one exact
 * address, a word nobody has, and the list without a search on its first and a later page. The
 * databases are kept (data/bench/people-N.db, loppeguiden_bench_people_N) for the next run.
 */

const FIRST = ["Mette", "Anne", "Hanne", "Lars", "Jens", "Peter", "Søren", "Kirsten", "Niels", "Rasmus", "Ida", "Freja", "Mads", "Emma", "Jonas", "Line"];
const LAST = ["Jensen", "Nielsen", "Hansen", "Pedersen", "Andersen", "Christensen", "Larsen", "Sørensen", "Rasmussen", "Jørgensen", "Madsen", "Kristensen", "Olsen", "Thomsen"];

/** `count` accounts with profiles, one a minute back from now, in batches. */
async function seedPeople(database: AppDatabase, count: number): Promise<void> {
  const have = Number(
    (
      await database.db
        .selectFrom("user")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (have >= count) return;
  const postgres = dialectOf(database.db) === "postgres";
  const started = Date.now();
  for (let from = have; from < count; from += 1000) {
    await database.db.transaction().execute(async (trx) => {
      const users = Array.from({ length: Math.min(1000, count - from) }, (_, offset) => {
        const i = from + offset;
        const first = FIRST[i % FIRST.length]!;
        const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
        const at = new Date(started - i * 60_000).toISOString();
        return {
          id: randomUUID(),
          name: `${first} ${last}`,
          email: `${first}.${last}${i}@example.dk`.toLowerCase(),
          emailVerified: postgres ? true : 1,
          image: null,
          createdAt: at,
          updatedAt: at,
        };
      });
      await trx.insertInto("user").values(users).execute();
      await trx
        .insertInto("profiles")
        .values(users.map((user) => ({ id: randomUUID(), auth_user_id: user.id, email: user.email, created_at: user.createdAt, updated_at: user.createdAt })))
        .execute();
    });
  }
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

export async function benchPeople(count: number, root: string): Promise<string[][]> {
  const rows = [["database", "konti", "søgning", "træffere", "p50", "p95"]];
  const searches: [string, string, number][] = [
    ["navn", "mette", 0],
    ["efternavn og nummer", "jensen12", 0],
    ["e-mail", "søren.hansen4", 0],
    ["hel adresse", "niels.jensen8@example.dk", 0],
    ["ingen", "zebra", 0],
    ["alle, side 1", "", 0],
    ["alle, side 40", "", 39 * 50],
  ];
  for (const kind of ["sqlite", "postgres"] as const) {
    const database = openDatabase(await benchDatabaseUrl(kind, `people-${count}`, root));
    try {
      await migrateToLatest(database.db);
      console.log(`${kind}: ${count.toLocaleString("da-DK")} konti …`);
      await seedPeople(database, count);
      for (const [label, query, offset] of searches) {
        const run = () => searchPeople(database.db, query, { offset, limit: 50 });
        for (let i = 0; i < 5; i++) await run();
        const times: number[] = [];
        let total = 0;
        for (let i = 0; i < 60; i++) {
          const started = performance.now();
          total = (await run()).total;
          times.push(performance.now() - started);
        }
        rows.push([
          kind,
          count.toLocaleString("da-DK"),
          `${label} (${query || "–"})`,
          total.toLocaleString("da-DK"),
          `${percentile(times, 50).toFixed(1)} ms`,
          `${percentile(times, 95).toFixed(1)} ms`,
        ]);
      }
    } finally {
      await database.close();
    }
  }
  return rows;
}
