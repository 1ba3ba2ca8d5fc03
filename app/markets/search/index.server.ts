import { sql, type Insertable, type Kysely } from "kysely";
import { documentTerms } from "~/search/document-terms";
import { updateVocabulary } from "~/search/vocabulary.server";
import type { Database } from "../../lib/db/schema";
import { todayInDenmark } from "../../lib/dates";
import type { LocalDate } from "../types";
import { buildFacets, buildSearchDocument } from "./document";
import { openingRows } from "./openings";
import { openingsFrom, openingsOf, setOpeningsFrom } from "./openings.server";
import { NO_DATE, type MarketOpeningsTable, type MarketSearchTables } from "./schema";
import { shopHoursRows } from "./shop-hours";
import { listed } from "../query/visibility.server";
import { MARKET_TEXT_INDEX } from "./text-query.server";

export type SearchDatabase = Database & MarketSearchTables;

/** Until app/lib/db/schema.ts includes MarketSearchTables, the search code sees them through this. */
export function searchDb(db: Kysely<Database>): Kysely<SearchDatabase> {
  return db;
}

const BATCH = 500;
/** Bound parameters per insert, kept well under SQLite's limit. */
const MAX_PARAMETERS = 6000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += Math.max(1, size)) out.push(items.slice(i, i + Math.max(1, size)));
  return out;
}

export interface IndexOptions {
  /** The Danish date the stored next occurrence is computed for; today when not given. */
  today?: LocalDate;
}

/**
 * The openings window the rows are written for: the stored one, or from today when there is none
 * yet (then "Åbent nu" does not read them until ensureOpenings has written every market's).
 */
async function openingsWindowStart(db: Kysely<Database>, today: LocalDate): Promise<LocalDate> {
  return (await openingsFrom(db)) ?? today;
}

/**
 * Rebuilds the search rows of these markets: text, filter columns, filter tokens (type, postal
 * code, open days), next occurrence, the vocabulary counts, the shops' opening hours and the
 * hours of the openings window ("Åbent nu", openings.ts).
 * Every writer of markets, their schedules or their occurrences calls it after writing, with the
 * ids it touched; the list (market-list.server.ts) reads nothing else to filter. A market that is
 * not published, or no longer exists, leaves the index.
 * Runs in the caller's transaction when given one, else in one of its own per batch.
 */
export async function indexMarkets(db: Kysely<Database>, marketIds: readonly string[], options: IndexOptions = {}): Promise<void> {
  const today = options.today ?? todayInDenmark();
  const ids = [...new Set(marketIds)];
  if (!ids.length) return;
  const openFrom = await openingsWindowStart(db, today);
  for (const batch of chunks(ids, BATCH)) {
    if (db.isTransaction) await indexBatch(searchDb(db), batch, today, openFrom);
    else await db.transaction().execute((trx) => indexBatch(searchDb(trx), batch, today, openFrom));
  }
}

/** Indexes every published market again, and rebuilds the vocabulary from nothing. */
export async function rebuildSearchIndex(db: Kysely<Database>, options: IndexOptions = {}): Promise<void> {
  const sdb = searchDb(db);
  await sdb.deleteFrom("market_search").execute();
  await sdb.deleteFrom("market_search_terms").execute();
  await sdb.deleteFrom("market_search_hours").execute();
  await sdb.deleteFrom("market_openings").execute();
  await setOpeningsFrom(db, options.today ?? todayInDenmark());
  const rows = await sdb.selectFrom("markets").select("id").where(listed("status")).orderBy("id").execute();
  await indexMarkets(
    db,
    rows.map((row) => row.id),
    options,
  );
}

function groupBy<T extends { market_id: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) out.set(row.market_id, [...(out.get(row.market_id) ?? []), row]);
  return out;
}

async function indexBatch(db: Kysely<SearchDatabase>, ids: string[], today: LocalDate, openFrom: LocalDate): Promise<void> {
  const markets = await db
    .selectFrom("markets")
    .select(["id", "name", "sort_name", "type", "description", "venue_name", "street", "postal_code", "city", "municipality", "setting", "entry_fee_dkk", "latitude", "longitude"])
    .where("id", "in", ids)
    .where(listed("status"))
    .execute();
  const publishedIds = markets.map((m) => m.id);
  const previous = await db.selectFrom("market_search as s").innerJoin("market_search_text as t", "t.id", "s.id").select("t.document").where("s.market_id", "in", ids).execute();
  const schedules = publishedIds.length
    ? await db
        .selectFrom("market_schedules")
        .select(["market_id", "start_date", "end_date", "opening_hours", "cancelled"])
        .where("market_id", "in", publishedIds)
        .where("kind", "=", "opening_hours")
        .execute()
    : [];
  const occurrences = publishedIds.length
    ? await db
        .selectFrom("market_occurrences")
        .select(["market_id", "local_date", "end_date", "start_time", "end_time"])
        .where("market_id", "in", publishedIds)
        .where("status", "=", "scheduled")
        .execute()
    : [];
  const occurrencesOf = groupBy(occurrences);
  const hoursOf = groupBy(schedules.flatMap((schedule) => shopHoursRows(schedule).map((row) => ({ market_id: schedule.market_id, ...row }))));

  const searchRows = markets.map((market) => {
    const text = buildSearchDocument(market);
    const own = occurrencesOf.get(market.id) ?? [];
    const hours = hoursOf.get(market.id) ?? [];
    const next = own.filter((o) => o.end_date >= today).sort((a, b) => (a.end_date < b.end_date ? -1 : a.end_date > b.end_date ? 1 : a.local_date < b.local_date ? -1 : 1))[0];
    return {
      market_id: market.id,
      type: market.type,
      postal_code: market.postal_code,
      setting: market.setting,
      entry_fee_dkk: market.entry_fee_dkk,
      latitude: market.latitude,
      longitude: market.longitude,
      sort_name: market.sort_name,
      next_basis: today,
      next_date: next?.local_date ?? NO_DATE,
      next_end: next?.end_date ?? NO_DATE,
      name_terms: text.nameTerms,
      text: {
        document: text.document,
        facets: buildFacets({
          type: market.type,
          postal_code: market.postal_code,
          occurrences: own.map((o) => [o.local_date, o.end_date] as const),
          shopWeekdays: [...new Set(hours.map((h) => h.weekday))],
        }),
      },
    };
  });
  const hoursRows = [...hoursOf.values()].flat();

  await db.deleteFrom("market_search").where("market_id", "in", ids).execute();
  await db.deleteFrom("market_search_hours").where("market_id", "in", ids).execute();
  await db.deleteFrom("market_openings").where("market_id", "in", ids).execute();
  // market_search_text and market_openings take the id each market_search row was given.
  const openings: Insertable<MarketOpeningsTable>[] = [];
  for (const rows of chunks(searchRows, MAX_PARAMETERS / 16)) {
    const inserted = await db
      .insertInto("market_search")
      .values(rows.map(({ text: _text, ...row }) => row))
      .returning(["id", "market_id"])
      .execute();
    const rowOf = new Map(rows.map((row) => [row.market_id, row]));
    for (const { id, market_id } of inserted) {
      const own = openingRows(openFrom, occurrencesOf.get(market_id) ?? [], hoursOf.get(market_id) ?? []);
      openings.push(...openingsOf(rowOf.get(market_id)!, id, own));
    }
    const textOf = new Map(rows.map((row) => [row.market_id, row.text]));
    await db
      .insertInto("market_search_text")
      .values(inserted.map(({ id, market_id }) => ({ id, ...textOf.get(market_id)! })))
      .execute();
  }
  for (const rows of chunks(hoursRows, MAX_PARAMETERS / 8)) await db.insertInto("market_search_hours").values(rows).execute();
  for (const rows of chunks(openings, MAX_PARAMETERS / 12)) await db.insertInto("market_openings").values(rows).execute();

  await updateVocabulary(
    db,
    MARKET_TEXT_INDEX,
    previous.map((row) => documentTerms(row.document)),
    searchRows.map((row) => documentTerms(row.text.document)),
  );
}

/**
 * Moves the stored next occurrence forward to `today` where it has gone stale: rows whose next
 * occurrence ended before today, or that were computed for a later day. One indexed look-up when
 * nothing is stale; otherwise one statement over the stale rows (after a weekend, the markets of
 * that weekend). The list calls it before sorting by the stored column.
 */
export async function refreshNextOccurrences(appDb: Kysely<Database>, today: LocalDate): Promise<void> {
  const db = searchDb(appDb);
  const stale = await db
    .selectFrom("market_search")
    .select("id")
    .where((eb) => eb.or([eb("next_end", "<", today), eb("next_basis", ">", today)]))
    .limit(1)
    .executeTakeFirst();
  if (!stale) return;
  const next = (column: "local_date" | "end_date") =>
    sql<string>`coalesce((select ${sql.ref(`o.${column}`)} from market_occurrences o
      where o.market_id = market_search.market_id and o.status = 'scheduled' and o.end_date >= ${today}
      order by o.end_date, o.local_date limit 1), ${NO_DATE})`;
  await db
    .updateTable("market_search")
    .set({ next_date: next("local_date"), next_end: next("end_date"), next_basis: today })
    .where((eb) => eb.or([eb("next_end", "<", today), eb("next_basis", ">", today)]))
    .execute();
}
