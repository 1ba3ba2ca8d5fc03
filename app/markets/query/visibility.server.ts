import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { MarketStatus } from "../types";

/**
 * Which markets the public may see, in two meanings that are both right:
 * - listed: found in the register, the map, the calendar, the landing pages, the home page, the
 *   feeds, the sitemap and the search index;
 * - reachable: opened by their own address (the market page and its .ics), which an archived
 *   market still is, with a note, so that old links and bookmarks keep working.
 * Drafts, markets waiting for review and rejected ones are neither.
 */
export const LISTED_STATUSES: readonly MarketStatus[] = ["published"];
export const REACHABLE_STATUSES: readonly MarketStatus[] = ["published", "archived"];

export function isListed(status: string): boolean {
  return (LISTED_STATUSES as readonly string[]).includes(status);
}

/** For Kysely, in a builder or in raw SQL: `.where(listed("m.status"))`. */
export function listed(statusColumn: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(statusColumn)} in (${sql.join(LISTED_STATUSES)})`;
}

export function reachable(statusColumn: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(statusColumn)} in (${sql.join(REACHABLE_STATUSES)})`;
}
