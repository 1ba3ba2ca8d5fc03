import { sql, type Kysely } from "kysely";
import type { Database } from "./db/schema";

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * No window is longer than a day, so a counter (whose key holds an IP address or an e-mail
 * address) can be forgotten a day after its window started (forgetEndedRateLimitWindows).
 */
export const MAX_RATE_LIMIT_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * Parses "20/60" (20 requests per 60 seconds), the form limits take in the environment, so that
 * tests and operators can tighten or loosen them without code. A window over a day falls back.
 */
export function parseRateLimit(text: string | undefined, fallback: RateLimit): RateLimit {
  const match = text?.trim().match(/^(\d+)\/(\d+)$/);
  if (!match) return fallback;
  const limit = Number(match[1]);
  const windowSeconds = Number(match[2]);
  return limit > 0 && windowSeconds > 0 && windowSeconds <= MAX_RATE_LIMIT_WINDOW_SECONDS ? { limit, windowSeconds } : fallback;
}

/**
 * Counts one request against a fixed window stored in the database, so every app instance sees
 * the same count. One atomic upsert: a window that has run out starts again at 1.
 */
export async function hitRateLimit(db: Kysely<Database>, key: string, rule: RateLimit, now: Date = new Date()): Promise<RateLimitResult> {
  const nowIso = now.toISOString();
  const expired = sql<boolean>`rate_limits.window_started_at <= ${windowStartCutoff(rule, now)}`;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_started_at: nowIso, hits: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else rate_limits.hits + 1 end`,
        window_started_at: sql<string>`case when ${expired} then ${nowIso} else rate_limits.window_started_at end`,
      }),
    )
    .returning(["hits", "window_started_at"])
    .executeTakeFirstOrThrow();

  const hits = Number(row.hits);
  const windowEnds = new Date(row.window_started_at).getTime() + rule.windowSeconds * 1000;
  return {
    allowed: hits <= rule.limit,
    hits,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)),
  };
}

function windowStartCutoff(rule: RateLimit, now: Date): string {
  return new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
}

/** How many hits the key has in its current window, without counting one. */
export async function peekRateLimit(db: Kysely<Database>, key: string, rule: RateLimit, now: Date = new Date()): Promise<number> {
  const row = await db.selectFrom("rate_limits").select("hits").where("key", "=", key).where("window_started_at", ">", windowStartCutoff(rule, now)).executeTakeFirst();
  return row ? Number(row.hits) : 0;
}

/**
 * Takes back one hit counted in the current window. A limit on failures counts every attempt
 * first (so attempts sent together cannot all slip past the count) and gives back the ones that
 * turned out right.
 */
export async function refundRateLimit(db: Kysely<Database>, key: string, rule: RateLimit, now: Date = new Date()): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set({ hits: sql<number>`rate_limits.hits - 1` })
    .where("key", "=", key)
    .where("hits", ">", 0)
    .where("window_started_at", ">", windowStartCutoff(rule, now))
    .execute();
}

/**
 * Deletes the counters whose window started more than a day ago: every window has ended by then,
 * and the privacy policy promises that these counters are short-lived. Returns how many went.
 */
export async function forgetEndedRateLimitWindows(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - MAX_RATE_LIMIT_WINDOW_SECONDS * 1000).toISOString();
  const result = await db.deleteFrom("rate_limits").where("window_started_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
