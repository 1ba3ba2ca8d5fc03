import { safeNextPath } from "~/lib/next-path";

/*
 * Where "Gem" posts, and how a visitor's "Gem" survives signing in or up: the sign-in page gets
 * `next=/gem/{id}?tilbage=…`, and the step that signs the person in (the sign-in or sign-up post,
 * the verification link, the way back from Google) saves the market before going back. A GET of
 * that address never saves anything by itself, so a link cannot save for someone.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The saved list (routes/dashboard/gemte-markeder.tsx). */
export const SAVED_LIST_PATH = "/dashboard/gemte-markeder";

/** "Lav en ny adresse" on the saved list: the calendar feed gets a new secret. */
export const RENEW_FEED_INTENT = "ny-adresse";

/** The form action of a market's "Gem" button (routes/gem/$id.ts). */
export function savePath(marketId: string): string {
  return `/gem/${marketId}`;
}

/**
 * The id of a market's button, which the address to come back to ends in (#gem-…), so a post
 * without JavaScript returns to the button. A list that shows a market twice (the calendar) tells
 * its buttons apart with a suffix.
 */
export function saveAnchor(marketId: string, suffix?: string): string {
  return suffix ? `gem-${marketId}-${suffix}` : `gem-${marketId}`;
}

/** What a visitor's "Gem" asks the sign-in page to do once they are signed in. */
export function saveIntentPath(marketId: string, back: string): string {
  return `${savePath(marketId)}?${new URLSearchParams({ tilbage: back })}`;
}

export interface SaveIntent {
  marketId: string;
  /** A path on this site to go back to. */
  back: string;
}

/** The save a `next` path asks for, or null when it is an ordinary page. */
export function parseSaveIntent(next: string): SaveIntent | null {
  const url = new URL(next, "http://loppeguiden.invalid");
  const match = url.pathname.match(/^\/gem\/([^/]+)$/);
  if (!match || !UUID.test(match[1]!)) return null;
  return { marketId: match[1]!.toLowerCase(), back: safeNextPath(url.searchParams.get("tilbage")) };
}

export function isMarketId(value: string | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}
