/**
 * The forum's lists and topics say "for 3 minutter siden": a cached copy says it for at most five
 * minutes before it is rendered again (a page with JavaScript corrects the words at once). Written
 * as an Expires header, which the page cache keeps an entry by (server/page-cache.ts).
 */
export const FORUM_PAGE_LIFETIME_MS = 5 * 60 * 1000;

export function forumPageHeaders(now: number): HeadersInit {
  return { Expires: new Date(now + FORUM_PAGE_LIFETIME_MS).toUTCString() };
}
