import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql, type Insertable } from "kysely";
import { SEED_TOWNS } from "../db/seed/towns";
import { openDatabase } from "../app/lib/db/database.server";
import { dialectOf, toNumber } from "../app/lib/db/dialect.server";
import { migrateToLatest } from "../app/lib/db/migrate.server";
import { addDays, localDateTimeToInstant, todayInDenmark } from "../app/markets/dates";
import type { MarketFilters } from "../app/markets/filters";
import { findMarkets } from "../app/markets/market-list.server";
import { REGION_OPTIONS } from "../app/markets/regions";
import { indexMarkets, searchDb } from "../app/markets/search/index.server";
import type { MarketOccurrencesTable, MarketSchedulesTable, MarketsTable } from "../app/markets/schema";
import { danishSortKey } from "../app/markets/sorting";
import { MARKET_TYPES, SHOP_TYPES, type MarketType } from "../app/markets/types";

/**
 * Measures the market list query on a large database:
 *
 *   DATABASE_URL=file:/tmp/bench.db npx tsx scripts/bench-search.ts [markets] [queries]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lg_bench npx tsx scripts/bench-search.ts
 *
 * Fills the database up to `markets` synthetic published markets (default 100,000) with their
 * occurrences for the coming 18 months, indexes them, then times `queries` (default 200) mixed
 * list queries and prints p50/p95 server time per kind. The acceptance target is a register
 * search with text + region + dates under 25 ms p95 on both databases. Use a database of its
 * own: the script writes to it, and it refuses PostgreSQL's shared `test` database.
 */

const url = process.env.DATABASE_URL;
if (!url) throw new Error("Set DATABASE_URL to a database of its own (file:… or postgres://…).");
if (/^postgres/.test(url) && ["test", "postgres", ""].includes(new URL(url).pathname.slice(1))) {
  throw new Error("Create a database of its own for the benchmark; not the shared test or postgres database.");
}
const TARGET = Number(process.argv[2] ?? process.env.BENCH_MARKETS ?? 100_000);
const QUERIES = Number(process.argv[3] ?? process.env.BENCH_QUERIES ?? 200);

// mulberry32: the same markets and queries on every run.
let seed = 20260601;
const random = () => {
  let t = (seed = (seed + 0x6d2b79f5) >>> 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const TYPE_WORDS: Record<MarketType, string[]> = {
  flea_market: ["Loppemarked", "Loppemarkedet", "Loppetorv", "Børneloppemarked"],
  vendor_market: ["Kræmmermarked", "Kræmmerdage", "Sommermarked"],
  swap_market: ["Byttemarked", "Byttedag", "Tøjbyttemarked"],
  antique_market: ["Antikmarked", "Antik & Samlermarked", "Samlermesse"],
  shelf_market: ["Hyldemarked", "Stadebutik", "Hylde & Stand"],
  thrift_store: ["Genbrugsbutik", "Genbrug", "Røde Kors Butik", "Kirkens Korshær"],
  design_secondhand: ["Design & Vintage", "Secondhand Design", "Retro Møbler"],
  specialty_market: ["Pladebørs", "Bogmarked", "Legetøjsmarked"],
  themed_event: ["Julemarked", "Nattemarked", "Loppefest", "Høstmarked"],
};
const WORDS = (
  "tøj bøger møbler porcelæn legetøj vintage retro design kuriositeter antikviteter samlerobjekter plader vinyl " +
  "lamper smykker glas sølv kunst værktøj cykler børnetøj sko tasker keramik tekstiler kaffe kage pølser boder " +
  "stader stadeplads kræmmere sælgere handlende frivillige forening skole hal hallen torvet havnen parkeringsplads " +
  "skoven stranden kirken centret gården marken pladsen gratis entré toiletter parkering hunde mobilepay kontant " +
  "hyggelig stemning familie børn musik sommer vinter jul påske weekend lørdag søndag hver måned sæson udendørs " +
  "indendørs overdækket regnvejr mange god gode fund billige priser handel bytte sælg køb gamle ting skatte " +
  "indbo dødsbo oldsager samlere mønter frimærker postkort bøger tegneserier spil konsoller elektronik radio"
).split(" ");
const SYLLABLES = ["ber", "ga", "lund", "holm", "sko", "bak", "ke", "vang", "rød", "mo", "ses", "by", "lev", "strup", "hus", "tof", "ved", "ris", "dal", "ager"];
const inventedWord = () => {
  let word = "";
  for (let i = int(2, 4); i > 0; i--) word += pick(SYLLABLES);
  return word[0]!.toUpperCase() + word.slice(1);
};

const TIMES = [["10:00", "15:00"], ["09:00", "14:00"], ["10:00", "16:00"], ["08:00", "14:00"], ["11:00", "16:00"]] as const;

interface Occ { local_date: string; end_date: string; start: string; end: string }

/** Openings like the real ones: weekly in a season, monthly, yearly, once, or a multi-day event. */
function occurrences(today: string): Occ[] {
  const [start, end] = pick(TIMES);
  const horizon = addDays(today, 548);
  const first = addDays(today, int(-30, 120));
  const kind = random();
  const dates: { date: string; days: number }[] = [];
  if (kind < 0.35) {
    const summer = random() < 0.6;
    for (let d = first; d <= horizon; d = addDays(d, 7)) {
      const month = Number(d.slice(5, 7));
      if (!summer || (month >= 4 && month <= 9)) dates.push({ date: d, days: 1 });
    }
  } else if (kind < 0.65) {
    for (let d = first; d <= horizon; d = addDays(d, 28)) dates.push({ date: d, days: 1 });
  } else if (kind < 0.8) {
    for (let d = first; d <= horizon; d = addDays(d, 364)) dates.push({ date: d, days: int(1, 3) });
  } else {
    dates.push({ date: first, days: int(1, 3) });
  }
  return dates.map(({ date, days }) => ({ local_date: date, end_date: addDays(date, days - 1), start, end }));
}

const appDatabase = openDatabase(url, { poolSize: 4 });
const db = appDatabase.db;
const kind = dialectOf(db);
const today = todayInDenmark();
await migrateToLatest(db);

const existing = toNumber(
  (await db.selectFrom("markets").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n as string,
);
if (existing < TARGET) {
  console.log(`Inserting ${TARGET - existing} markets into ${kind} …`);
  const started = performance.now();
  const now = new Date().toISOString();
  const BATCH = 1000;
  for (let done = existing; done < TARGET; done += BATCH) {
    const markets: Insertable<MarketsTable>[] = [];
    const schedules: Insertable<MarketSchedulesTable>[] = [];
    const occurrenceRows: Insertable<MarketOccurrencesTable>[] = [];
    for (let i = done; i < Math.min(TARGET, done + BATCH); i++) {
      const town = pick(SEED_TOWNS);
      const type = pick(MARKET_TYPES);
      const isShop = SHOP_TYPES.includes(type);
      const name = `${pick(TYPE_WORDS[type])} ${random() < 0.5 ? town.name : `${pick(["ved", "i", "på"])} ${inventedWord()}`}`;
      const id = randomUUID();
      const description = Array.from({ length: int(40, 120) }, () => (random() < 0.05 ? inventedWord() : pick(WORDS))).join(" ");
      markets.push({
        id,
        slug: `bench-${i}`,
        name,
        sort_name: danishSortKey(name),
        type,
        description,
        venue_name: random() < 0.5 ? `${inventedWord()}hallen` : null,
        street: `${inventedWord()}vej ${int(1, 120)}`,
        postal_code: town.postalCode,
        city: town.city,
        municipality: town.municipality,
        latitude: town.lat + (random() - 0.5) * 0.05,
        longitude: town.lng + (random() - 0.5) * 0.08,
        setting: pick(["indoor", "outdoor", "both"]),
        entry_fee_dkk: random() < 0.6 ? 0 : int(5, 50),
        status: "published",
        source: "demo",
        created_at: now,
        updated_at: now,
      });
      const scheduleId = randomUUID();
      schedules.push({
        id: scheduleId,
        market_id: id,
        kind: isShop ? "opening_hours" : "rule",
        start_date: today,
        opening_hours: isShop
          ? JSON.stringify({ mon: [["10:00", "17:30"]], tue: [["10:00", "17:30"]], wed: [["10:00", "17:30"]], thu: [["10:00", "17:30"]], fri: [["10:00", "17:30"]], sat: [["10:00", "14:00"]] })
          : null,
        updated_at: now,
      });
      if (!isShop) {
        for (const o of occurrences(today)) {
          occurrenceRows.push({
            market_id: id,
            schedule_id: scheduleId,
            local_date: o.local_date,
            end_date: o.end_date,
            start_time: o.start,
            end_time: o.end,
            starts_at: localDateTimeToInstant(o.local_date, o.start).toISOString(),
            ends_at: localDateTimeToInstant(o.end_date, o.end).toISOString(),
            status: random() < 0.02 ? "cancelled" : "scheduled",
          });
        }
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("markets").values(markets).execute();
      await trx.insertInto("market_schedules").values(schedules).execute();
      for (let i = 0; i < occurrenceRows.length; i += 2500) {
        await trx.insertInto("market_occurrences").values(occurrenceRows.slice(i, i + 2500)).execute();
      }
    });
    await indexMarkets(db, markets.map((m) => m.id));
    if ((done / BATCH) % 10 === 0) process.stdout.write(`  ${done + markets.length}\n`);
  }
  console.log(`… in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

// A database filled before the search index changed: index what is missing.
const unindexed = await searchDb(db)
  .selectFrom("markets as m")
  .leftJoin("market_search as s", "s.market_id", "m.id")
  .select("m.id")
  .where("s.market_id", "is", null)
  .execute();
if (unindexed.length) {
  const started = performance.now();
  await indexMarkets(db, unindexed.map((row) => row.id));
  console.log(`Indexed ${unindexed.length} markets in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
await sql`analyze`.execute(db);

const TEXTS = ["loppemarked", "kræmmermarked", "antik", "genbrug", "byttemarked", "vintage møbler", "loppemarked børnetøj", "julemarked", "pladebørs vinyl", "lopemarked", "kobenhavn", "aarhus loppemarked", "odense", "porcelæn", "hyldemarked"];

type Kind = "text+region+dates" | "text" | "region+dates" | "all by date" | "type+location" | "open now" | "near";
function query(kindOfQuery: Kind): MarketFilters {
  const from = addDays(today, int(0, 90));
  const dates = { dateFrom: from, dateTo: addDays(from, pick([1, 2, 7, 30])) };
  switch (kindOfQuery) {
    case "text+region+dates":
      return { text: pick(TEXTS), region: pick(REGION_OPTIONS).value, ...dates };
    case "text":
      return { text: pick(TEXTS) };
    case "region+dates":
      return { region: pick(REGION_OPTIONS).value, ...dates };
    case "all by date":
      return {};
    case "type+location":
      return { types: [pick(MARKET_TYPES)], location: pick(REGION_OPTIONS).value, sort: "name" };
    case "open now":
      return { openAt: localDateTimeToInstant(from, pick(["10:30", "13:00", "16:00"])) };
    case "near": {
      const town = pick(SEED_TOWNS);
      return { near: { latitude: town.lat, longitude: town.lng }, sort: "distance", ...(random() < 0.5 ? { text: pick(TEXTS) } : {}) };
    }
  }
}

const MIX: [Kind, number][] = [
  ["text+region+dates", 0.4],
  ["text", 0.15],
  ["region+dates", 0.15],
  ["all by date", 0.05],
  ["type+location", 0.1],
  ["open now", 0.05],
  ["near", 0.1],
];
const plan: Kind[] = MIX.flatMap(([k, share]) => Array<Kind>(Math.round(share * QUERIES)).fill(k)).sort(() => random() - 0.5);

// Warm up: the first queries pay for the page cache and statement preparation.
for (const k of MIX.map(([k]) => k)) await findMarkets(db, query(k), { today });

const timings = new Map<Kind | "all", number[]>();
const slowest: { ms: number; kind: Kind; filters: MarketFilters; total: number }[] = [];
const record = (k: Kind | "all", ms: number) => timings.set(k, [...(timings.get(k) ?? []), ms]);
for (const k of plan) {
  const filters = query(k);
  const page = int(1, 3);
  const started = performance.now();
  const result = await findMarkets(db, filters, { today, page, pageSize: 20 });
  const ms = performance.now() - started;
  slowest.push({ ms, kind: k, filters, total: result.total });
  record(k, ms);
  record("all", ms);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
console.log(`\n${kind}, ${Math.max(existing, TARGET)} markets, ${plan.length} queries (ms)`);
console.log("kind".padEnd(20), "n".padStart(4), "p50".padStart(8), "p95".padStart(8), "max".padStart(8));
for (const [k, values] of timings) {
  console.log(
    k.padEnd(20),
    String(values.length).padStart(4),
    percentile(values, 50).toFixed(1).padStart(8),
    percentile(values, 95).toFixed(1).padStart(8),
    Math.max(...values).toFixed(1).padStart(8),
  );
}
console.log("\nslowest:");
for (const q of slowest.sort((a, b) => b.ms - a.ms).slice(0, 8)) {
  console.log(`${q.ms.toFixed(1).padStart(8)} ${q.kind.padEnd(18)} ${String(q.total).padStart(6)} ${JSON.stringify(q.filters)}`);
}
await appDatabase.close();
