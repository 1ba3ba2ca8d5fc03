import { sql, type Kysely } from "kysely";
import type { Database } from "./db/schema";

const KEY = "page-cache-generation";

/*
 * What the cached copies of public pages know of writes (foundations §9, decision 0034), in two
 * scopes:
 * - the generation: a write that changes what many pages show (a market: the lists, the map, the
 *   landing pages, its own page) bumps it, and every instance empties its whole page cache and the
 *   data it keeps by generation (generation-cache.server.ts);
 * - the paths: a write that changes a few known pages (a forum post: its topic, its category,
 *   /community) names them, and every instance drops those pages, whatever their query, and nothing
 *   else.
 * Both are rows in the database, so every instance learns of them when it polls
 * (pollCacheInvalidations, server/app.ts); this instance's own listeners are told at once.
 */

/** What a write made stale: everything, or the pages at these paths (pathnames, without a query). */
export type CacheInvalidation = { kind: "all" } | { kind: "paths"; paths: string[] };

type InvalidationListener = (change: CacheInvalidation) => void;
const listeners = new Set<InvalidationListener>();

/**
 * This instance's page cache listens here, so its own writes take effect at once; what is kept by
 * generation (the landing data warmed after writes) reacts to "all" only.
 */
export function onCacheInvalidation(listener: InvalidationListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tell(change: CacheInvalidation): void {
  for (const listener of listeners) listener(change);
}

export async function readCacheGeneration(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("site_state").select("value").where("key", "=", KEY).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/** Everything public may have changed: every instance empties its page cache and what it keeps by generation. */
export async function bumpCacheGeneration(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  const updatedAt = now.toISOString();
  await db
    .insertInto("site_state")
    .values({ key: KEY, value: "1", updated_at: updatedAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        // The value is text on both databases; count it up as a number.
        value: sql<string>`cast(cast(site_state.value as integer) + 1 as varchar(20))`,
        updated_at: updatedAt,
      }),
    )
    .execute();
  tell({ kind: "all" });
}

/** As long as page_invalidations.path may be (migration 0016). */
const MAX_PATH_LENGTH = 400;
/** Rows per insert, well inside either database's limit of bound values. */
const PATHS_PER_INSERT = 500;

/**
 * The pages at these paths (a pathname without its query: "/community") are stale, on every
 * instance: each drops its cached copies of them, of every query, theme and consent choice, and
 * nothing else. Called once the write that made them stale has committed. A path that is not a
 * pathname is a mistake in the caller, refused before anything is written.
 */
export async function invalidatePages(db: Kysely<Database>, paths: readonly string[], now: Date = new Date()): Promise<void> {
  const distinct = [...new Set(paths)];
  const wrong = distinct.find((path) => !path.startsWith("/") || /[?#]/.test(path) || path.length > MAX_PATH_LENGTH);
  if (wrong !== undefined) throw new Error(`invalidatePages takes pathnames without a query, at most ${MAX_PATH_LENGTH} characters: ${JSON.stringify(wrong.slice(0, 80))}`);
  if (distinct.length === 0) return;
  const createdAt = now.toISOString();
  for (let start = 0; start < distinct.length; start += PATHS_PER_INSERT) {
    const rows = distinct.slice(start, start + PATHS_PER_INSERT).map((path) => ({ path, created_at: createdAt }));
    await db.insertInto("page_invalidations").values(rows).execute();
  }
  tell({ kind: "paths", paths: distinct });
}

/** The newest invalidation's id (0 for none). */
export async function latestPageInvalidation(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("page_invalidations")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export interface InvalidationPollOptions {
  /** More paths than this since the last poll and the answer is "all": emptying the cache is as good, and cheaper. */
  maxPaths?: number;
  now?: () => number;
}

/**
 * How long an id the poll skipped is looked for again. PostgreSQL hands out serial ids before the
 * rows commit, so two instances writing at once may commit id 8 before id 7: a poll between the
 * two sees 8, and 7 only later. An id that never comes (an insert that failed) is let go after this.
 */
const MISSING_ID_WAIT_MS = 60_000;
/** At most this many missing ids are looked for at a time (a sequence that skipped far ahead fills it for a minute). */
const MAX_MISSING_IDS = 100;

interface PollRow {
  generation: string | null;
  latest: number | string | null;
  id: number | string | null;
  path: string | null;
}

/**
 * What other instances (and this one) made stale since the last call, for an instance's poll
 * (server/app.ts), one query each time: the generation, the newest invalidation's id, and the
 * invalidations after the last one seen, oldest first. "all" on the first call (what came before
 * is not known, and from then on the poll reads on from the newest id), when the generation moved,
 * and when more than maxPaths paths came; "paths" for the paths named since; null for nothing.
 * This instance's own changes come back too, already applied: dropping them twice costs a render.
 * One call at a time; after a failed call the next one starts afresh ("all").
 */
export function pollCacheInvalidations(db: Kysely<Database>, options: InvalidationPollOptions = {}): () => Promise<CacheInvalidation | null> {
  const maxPaths = options.maxPaths ?? 1000;
  const now = options.now ?? Date.now;
  let generation: number | null = null;
  let lastId: number | null = null;
  /** Ids below lastId not seen yet, with when they were first missed. */
  const missing = new Map<number, number>();

  const read = (afterId: number | null) => {
    const looked = [...missing.keys()];
    const after = sql`id > ${afterId ?? 0}${looked.length > 0 ? sql` or id in (${sql.join(looked)})` : sql``}`;
    // The first call reads no rows (limit 0), only where to start.
    const limit = afterId === null ? 0 : maxPaths + 1;
    return sql<PollRow>`
      select
        (select value from site_state where key = ${KEY}) as generation,
        (select max(id) from page_invalidations) as latest,
        fresh.id, fresh.path
      from (select 1 as one) base
      left join (select id, path from page_invalidations where ${after} order by id limit ${limit}) fresh on 1 = 1
      order by fresh.id`.execute(db);
  };

  const everything = (newGeneration: number, latest: number): CacheInvalidation => {
    generation = newGeneration;
    lastId = latest;
    missing.clear();
    return { kind: "all" };
  };

  return async function poll() {
    try {
      const { rows } = await read(lastId);
      const first = rows[0]!;
      const current = Number(first.generation ?? 0);
      const latest = Number(first.latest ?? 0);
      const fresh = rows.filter((row) => row.id !== null).map((row) => ({ id: Number(row.id), path: row.path! }));
      // A table emptied and begun again (a database restored) gives ids already read.
      if (lastId === null || current !== generation || latest < lastId || fresh.length > maxPaths) return everything(current, latest);

      const at = now();
      let newest = lastId;
      for (const row of fresh) {
        missing.delete(row.id);
        if (row.id > newest) {
          for (let id = newest + 1; id < row.id && missing.size < MAX_MISSING_IDS; id++) missing.set(id, at);
          newest = row.id;
        }
      }
      lastId = newest;
      for (const [id, since] of missing) if (at - since > MISSING_ID_WAIT_MS) missing.delete(id);
      return fresh.length > 0 ? { kind: "paths", paths: [...new Set(fresh.map((row) => row.path))] } : null;
    } catch (error) {
      generation = null;
      lastId = null;
      missing.clear();
      throw error;
    }
  };
}

/** The invalidations of more than a day ago: every instance has read them long since. */
export async function forgetOldPageInvalidations(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("page_invalidations")
    .where("created_at", "<", new Date(now.getTime() - 24 * 3600 * 1000).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
