import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../lib/db/schema";
import { addMonths, isLocalDate, todayInDenmark } from "../../lib/dates";
import { expandSchedule } from "./expansion";
import type { MarketOccurrencesTable, MarketSchedulesTable } from "../schema";
import type { CancelledDate, LocalDate, OpeningHours, ScheduleSpec } from "../types";
import { isListed, listed } from "../query/visibility.server";

/**
 * Materialises market_occurrences from market_schedules for the coming 18 months (foundations §5), so
 * the calendar, "this weekend" and the date filters read dates from one indexed table. Past
 * occurrences are history and stay as they are.
 */

export const OCCURRENCE_HORIZON_MONTHS = 18;
/**
 * Rows per INSERT: ten columns each stays under SQLite's 32,766 variables and far under
 * PostgreSQL's 65,535 parameters.
 */
const INSERT_CHUNK_ROWS = 3_000;
/** Dates per IN list when deleting, for the same limits. */
const DELETE_CHUNK = 10_000;

/** A market_schedules row as read, and as specToScheduleRow writes it (every column set). */
export type ScheduleRow = Selectable<MarketSchedulesTable>;
type OccurrenceRow = Selectable<MarketOccurrencesTable>;

function parseJson<T>(text: string | null, fallback: T, what: string, id: string): T {
  if (text === null || text === "") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`Plan ${id}: ${what} er ikke gyldig JSON`);
  }
}

export function scheduleRowToSpec(row: ScheduleRow): ScheduleSpec {
  return {
    kind: row.kind as ScheduleSpec["kind"],
    startDate: row.start_date,
    endDate: row.end_date,
    rrule: row.rrule,
    startTime: row.start_time,
    endTime: row.end_time,
    durationDays: row.duration_days,
    openingHours: parseJson<OpeningHours | null>(row.opening_hours, null, "opening_hours", row.id),
    cancelled: parseJson<CancelledDate[]>(row.cancelled, [], "cancelled", row.id),
  };
}

export function specToScheduleRow(spec: ScheduleSpec, { id, marketId, now = new Date() }: { id: string; marketId: string; now?: Date }): ScheduleRow {
  return {
    id,
    market_id: marketId,
    kind: spec.kind,
    start_date: spec.startDate,
    end_date: spec.endDate ?? null,
    rrule: spec.kind === "rule" ? (spec.rrule ?? null) : null,
    start_time: spec.startTime ?? null,
    end_time: spec.endTime ?? null,
    duration_days: spec.durationDays ?? 1,
    opening_hours: spec.kind === "opening_hours" && spec.openingHours ? JSON.stringify(spec.openingHours) : null,
    cancelled: JSON.stringify(spec.cancelled ?? []),
    updated_at: now.toISOString(),
  };
}

function windowFrom(today: LocalDate | undefined): { from: LocalDate; to: LocalDate } {
  const from = today ?? todayInDenmark();
  if (!isLocalDate(from)) throw new RangeError(`Ugyldig dato: "${from}"`);
  return { from, to: addMonths(from, OCCURRENCE_HORIZON_MONTHS) };
}

function occurrenceRows(schedule: ScheduleRow, window: { from: LocalDate; to: LocalDate }): OccurrenceRow[] {
  return expandSchedule(scheduleRowToSpec(schedule), window).map((occurrence) => ({
    market_id: schedule.market_id,
    schedule_id: schedule.id,
    local_date: occurrence.date,
    end_date: occurrence.endDate,
    start_time: occurrence.startTime,
    end_time: occurrence.endTime,
    starts_at: occurrence.startsAt,
    ends_at: occurrence.endsAt,
    status: occurrence.status,
    note: occurrence.note ?? null,
  }));
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

const OCCURRENCE_COLUMNS = ["market_id", "schedule_id", "local_date", "end_date", "start_time", "end_time", "starts_at", "ends_at", "status", "note"] as const;

/**
 * Markets whose ids lie in [first, last] in the database's order, and of those the ones in `ids`.
 * Queries ask for the range rather than for a long IN list: an index range scan needs no table
 * statistics, where PostgreSQL without them scans the whole table for an IN list of 500 ids.
 */
interface MarketRange {
  first: string;
  last: string;
  ids: Set<string>;
}

/**
 * Makes the future occurrences of the markets in `scope` exactly `rows`, all or nothing. Rows that
 * did not change are left alone: on a normal night only dates entering the horizon are new, and
 * rewriting a million unchanged rows would take most of the job's time.
 */
async function syncFuture(db: Kysely<Database>, scope: MarketRange, from: LocalDate, rows: OccurrenceRow[]): Promise<{ inserted: number; deleted: number }> {
  if (!scope.ids.size) return { inserted: 0, deleted: 0 };
  const sync = async (trx: Kysely<Database>) => {
    const current = await trx
      .selectFrom("market_occurrences")
      .select(OCCURRENCE_COLUMNS)
      .where("market_id", ">=", scope.first)
      .where("market_id", "<=", scope.last)
      .where("local_date", ">=", from)
      .execute();
    const existing = new Map<string, OccurrenceRow>();
    for (const row of current) {
      if (scope.ids.has(row.market_id)) existing.set(`${row.schedule_id} ${row.local_date}`, row);
    }
    const inserts: OccurrenceRow[] = [];
    const deletes = new Map<string, LocalDate[]>();
    let deleted = 0;
    const remove = (row: OccurrenceRow) => {
      const dates = deletes.get(row.schedule_id);
      if (dates) dates.push(row.local_date);
      else deletes.set(row.schedule_id, [row.local_date]);
      deleted++;
    };
    for (const row of rows) {
      const key = `${row.schedule_id} ${row.local_date}`;
      const old = existing.get(key);
      if (old) {
        existing.delete(key);
        if (OCCURRENCE_COLUMNS.every((column) => old[column] === row[column])) continue;
        remove(old);
      }
      inserts.push(row);
    }
    for (const old of existing.values()) remove(old);

    for (const [scheduleId, dates] of deletes) {
      for (const chunk of chunks(dates, DELETE_CHUNK)) {
        await trx.deleteFrom("market_occurrences").where("schedule_id", "=", scheduleId).where("local_date", "in", chunk).execute();
      }
    }
    for (const chunk of chunks(inserts, INSERT_CHUNK_ROWS)) {
      await trx.insertInto("market_occurrences").values(chunk).execute();
    }
    return { inserted: inserts.length, deleted };
  };
  // Callers that save a market inside their own transaction pass it in; Kysely cannot nest them.
  return db.isTransaction ? sync(db) : db.transaction().execute(sync);
}

async function schedulesIn(db: Kysely<Database>, scope: MarketRange): Promise<Map<string, ScheduleRow[]>> {
  const schedules = await db.selectFrom("market_schedules").selectAll().where("market_id", ">=", scope.first).where("market_id", "<=", scope.last).execute();
  const byMarket = new Map<string, ScheduleRow[]>();
  for (const schedule of schedules) {
    if (!scope.ids.has(schedule.market_id)) continue;
    const list = byMarket.get(schedule.market_id);
    if (list) list.push(schedule);
    else byMarket.set(schedule.market_id, [schedule]);
  }
  return byMarket;
}

/**
 * Recomputes one market's occurrences from today on, after its schedules changed. Throws (and
 * changes nothing) when a schedule cannot be expanded. `occurrences` is how many it now has.
 */
export async function refreshMarketOccurrences(
  db: Kysely<Database>,
  marketId: string,
  options: { today?: LocalDate } = {},
): Promise<{ occurrences: number; inserted: number; deleted: number }> {
  const window = windowFrom(options.today);
  const scope = { first: marketId, last: marketId, ids: new Set([marketId]) };
  const schedules = (await schedulesIn(db, scope)).get(marketId) ?? [];
  const rows = schedules.flatMap((schedule) => occurrenceRows(schedule, window));
  const written = await syncFuture(db, scope, window.from, rows);
  return { occurrences: rows.length, ...written };
}

export interface RefreshProgress {
  /** Published markets done so far, of `total`. */
  markets: number;
  total: number;
  occurrences: number;
}

export interface RefreshResult {
  /** Published markets refreshed. */
  markets: number;
  /** Occurrences those markets have from today to the horizon. */
  occurrences: number;
  /** Rows written and removed; unchanged rows are not rewritten. */
  inserted: number;
  deleted: number;
  /** Markets left as they were because a schedule could not be expanded. */
  failed: { marketId: string; scheduleId: string; message: string }[];
}

/**
 * The daily job: every published market's occurrences from today to 18 months ahead. Markets are
 * taken `batchSize` at a time in id order (of every status; the unpublished are passed over),
 * each batch in one transaction. Running it twice gives the same rows.
 */
export async function refreshAllOccurrences(
  db: Kysely<Database>,
  options: { today?: LocalDate; batchSize?: number; onProgress?: (progress: RefreshProgress) => void } = {},
): Promise<RefreshResult> {
  const window = windowFrom(options.today);
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 500));
  const { total } = await db
    .selectFrom("markets")
    .select((eb) => eb.fn.countAll().as("total"))
    .where(listed("status"))
    .executeTakeFirstOrThrow();
  const result: RefreshResult = { markets: 0, occurrences: 0, inserted: 0, deleted: 0, failed: [] };
  let after: string | null = null;
  for (;;) {
    let query = db.selectFrom("markets").select(["id", "status"]).orderBy("id").limit(batchSize);
    if (after !== null) query = query.where("id", ">", after);
    const page = await query.execute();
    if (!page.length) break;
    after = page.at(-1)!.id;
    const ids = page.filter((market) => isListed(market.status)).map((market) => market.id);
    if (!ids.length) continue;
    const scope: MarketRange = { first: page[0]!.id, last: after, ids: new Set<string>() };

    const schedules = await schedulesIn(db, { ...scope, ids: new Set(ids) });
    const rows: OccurrenceRow[] = [];
    for (const id of ids) {
      let scheduleId = "";
      try {
        const marketRows: OccurrenceRow[] = [];
        for (const schedule of schedules.get(id) ?? []) {
          scheduleId = schedule.id;
          marketRows.push(...occurrenceRows(schedule, window));
        }
        rows.push(...marketRows);
        scope.ids.add(id);
      } catch (error) {
        // One broken schedule must not stop the job for every other market; its market keeps
        // the occurrences it had until someone fixes it.
        result.failed.push({ marketId: id, scheduleId, message: (error as Error).message });
      }
    }
    const written = await syncFuture(db, scope, window.from, rows);
    result.inserted += written.inserted;
    result.deleted += written.deleted;
    result.markets += scope.ids.size;
    result.occurrences += rows.length;
    options.onProgress?.({ markets: result.markets + result.failed.length, total: Number(total), occurrences: result.occurrences });
  }
  return result;
}
