import type { MarketListItem } from "../filters/filters";

/**
 * The first moment a card of these lists would show "Åbent nu" wrongly: a market on it closes, or
 * one opens. Null when none of them changes before the day is over.
 */
export function openStateChangesAt(items: readonly MarketListItem[]): string | null {
  let first: string | null = null;
  for (const item of items) {
    for (const instant of [item.openUntil, item.opensAt]) {
      // ISO instants in UTC sort as text.
      if (instant !== null && (first === null || instant < first)) first = instant;
    }
  }
  return first;
}

/**
 * The page's Expires header for that moment: the page cache (server/page-cache.ts) keeps a page
 * until midnight, or until then when it comes first.
 */
export function expiresAt(instant: string | null): Record<string, string> | undefined {
  return instant === null ? undefined : { Expires: new Date(instant).toUTCString() };
}
