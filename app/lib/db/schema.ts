import type { Generated } from "kysely";
import type { MarketTables } from "../../markets/schema";
import type { MarketSearchTables } from "../../markets/search/schema";
import type { AuthTables } from "../../auth/schema";
import type { ContentTables } from "../../content/schema";
import type { MeasurementTables } from "../../measurements/schema";
import type { AdminLogTables } from "../../admin-log/schema";
import type { ForumTables } from "../../forum/schema";

/**
 * The tables as Kysely sees them. Instants are ISO-8601 text in UTC on both databases, so that
 * they compare and sort the same way everywhere.
 */
export interface Database extends MarketTables, MarketSearchTables, AuthTables, ContentTables, MeasurementTables, AdminLogTables, ForumTables {
  site_state: SiteStateTable;
  rate_limits: RateLimitTable;
  page_invalidations: PageInvalidationTable;
  live_events: LiveEventTable;
}

/** Small named values shared by every app instance, such as the page-cache generation. */
export interface SiteStateTable {
  key: string;
  value: string;
  updated_at: string;
}

/** One fixed window per key (e.g. "client-errors:127.0.0.1"). */
export interface RateLimitTable {
  key: string;
  window_started_at: string;
  hits: Generated<number>;
}

/** A page a write made stale, by its path (app/lib/cache-generation.server.ts, decision 0034). */
export interface PageInvalidationTable {
  id: Generated<number>;
  path: string;
  created_at: string;
}

/** What a write told the open pages (app/lib/realtime/, migration 0021). */
export interface LiveEventTable {
  id: Generated<number>;
  channel: string;
  /** JSON. */
  payload: string;
  created_at: string;
}
