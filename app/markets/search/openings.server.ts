import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../lib/db/schema";
import { addDays } from "../../lib/dates";
import { listed } from "../query/visibility.server";
import type { LocalDate } from "../types";
import { isInOpeningsWindow, OPENING_DAYS, openingRows, type OccurrenceHours, type OpeningRow } from "./openings";
import type { SearchDatabase } from "./index.server";
import { OPENING_FILTER_COLUMNS, type MarketOpeningsTable, type OpeningFilterColumns } from "./schema";
import type { ShopHoursRow } from "./shop-hours";

/** site_state key: the first day of the openings window (openings.ts). */
const OPENINGS_FROM_KEY = "openings-from";

const INSERT_BATCH = 1000;

/**
 * The first day market_openings holds for every listed market; null until ensureOpenings or the
 * daily job has written them all ("Åbent nu" works them out from the schedules until then).
 */
export async function openingsFrom(db: Kysely<Database>): Promise<LocalDate | null> {
  const row = await db.selectFrom("site_state").select("value").where("key", "=", OPENINGS_FROM_KEY).executeTakeFirst();
  return row?.value ?? null;
}

/**
 * Moves the window to start on `day`. Called before every market is indexed anew (the daily job):
 * until that has reached a market, its rows of the old window still hold `day`, since the old
 * window began the day before.
 */
export async function setOpeningsFrom(db: Kysely<Database>, day: LocalDate, now = new Date()): Promise<void> {
  await db
    .insertInto("site_state")
    .values({ key: OPENINGS_FROM_KEY, value: day, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: day, updated_at: now.toISOString() }))
    .execute();
}

/** A market's openings rows, each with the filter columns of its search row. */
export function openingsOf(search: OpeningFilterColumns & { market_id: string }, searchId: number, openings: readonly OpeningRow[]): Insertable<MarketOpeningsTable>[] {
  const copied = Object.fromEntries(OPENING_FILTER_COLUMNS.map((column) => [column, search[column]])) as OpeningFilterColumns;
  return openings.map((opening) => ({ market_id: search.market_id, search_id: searchId, ...opening, ...copied }));
}

function groupByMarket<T extends { market_id: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.market_id);
    if (list) list.push(row);
    else out.set(row.market_id, [row]);
  }
  return out;
}

/**
 * Writes the openings of every listed market for the window from `today`, unless the stored
 * window already holds today: on a server's start (the first after the table came, or after days
 * without the daily job) and before a benchmark. Reads only the occurrences of the window and the
 * shops' weekly hours, so it takes seconds even at 100,000 markets.
 */
export async function ensureOpenings(appDb: Kysely<Database>, today: LocalDate): Promise<boolean> {
  const stored = await openingsFrom(appDb);
  if (stored && isInOpeningsWindow(stored, today)) return false;
  const last = addDays(today, OPENING_DAYS - 1);
  await appDb.transaction().execute(async (trx) => {
    const db = trx as unknown as Kysely<SearchDatabase>;
    const occurrences: (OccurrenceHours & { market_id: string })[] = await db
      .selectFrom("market_occurrences as o")
      .innerJoin("markets as m", "m.id", "o.market_id")
      .select(["o.market_id", "o.local_date", "o.end_date", "o.start_time", "o.end_time"])
      .where(listed("m.status"))
      .where("o.status", "=", "scheduled")
      .where("o.end_date", ">=", today)
      .where("o.local_date", "<=", last)
      .execute();
    const hours: (ShopHoursRow & { market_id: string })[] = await db
      .selectFrom("market_search_hours")
      .select(["market_id", "weekday", "opens", "closes", "valid_from", "valid_to", "closed_dates"])
      .execute();
    const searchRows = await db
      .selectFrom("market_search")
      .select(["id", "market_id", ...OPENING_FILTER_COLUMNS])
      .execute();
    const occurrencesOf = groupByMarket(occurrences);
    const hoursOf = groupByMarket(hours);
    // Only indexed markets: the search row is where "Åbent nu" finds them.
    const rows = searchRows.flatMap((search) => openingsOf(search, search.id, openingRows(today, occurrencesOf.get(search.market_id) ?? [], hoursOf.get(search.market_id) ?? [])));
    await db.deleteFrom("market_openings").execute();
    for (let i = 0; i < rows.length; i += INSERT_BATCH)
      await db
        .insertInto("market_openings")
        .values(rows.slice(i, i + INSERT_BATCH))
        .execute();
    await setOpeningsFrom(trx, today);
  });
  return true;
}
