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
 * Parses "20/60" (20 requests per 60 seconds), the form limits take in the environment, so that
 * tests and operators can tighten or loosen them without code.
 */
export function parseRateLimit(text: string | undefined, fallback: RateLimit): RateLimit {
  const match = text?.trim().match(/^(\d+)\/(\d+)$/);
  if (!match) return fallback;
  const limit = Number(match[1]);
  const windowSeconds = Number(match[2]);
  return limit > 0 && windowSeconds > 0 ? { limit, windowSeconds } : fallback;
}

/**
 * Counts one request against a fixed window stored in the database, so every app instance sees
 * the same count. One atomic upsert: a window that has run out starts again at 1.
 */
export async function hitRateLimit(
  db: Kysely<Database>,
  key: string,
  rule: RateLimit,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const nowIso = now.toISOString();
  const windowStartCutoff = new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
  const expired = sql<boolean>`rate_limits.window_started_at <= ${windowStartCutoff}`;
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
