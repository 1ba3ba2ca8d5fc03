import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { addDays, addMonths, todayInDenmark } from "../lib/dates";
import type { Database } from "../lib/db/schema";
import { t } from "../lib/i18n";
import { ICS_CONTENT_TYPE } from "../lib/icalendar";
import { FEED_MAX_EVENTS, occurrenceFromFeedRow } from "../calendar/calendar.server";
import type { IcsResponse } from "../calendar/ics.server";
import { occurrenceCalendar, type IcsOccurrence } from "../calendar/market-events";
import { listed } from "../markets/query/visibility.server";

/*
 * The private calendar feed of a person's saved markets: an address with a secret in it, which a
 * phone's calendar fetches now and then. Whoever holds the address reads the feed, so it is never
 * shared by a cache, never indexed, and "Lav en ny adresse" makes the old one answer 404.
 */

/** The address's secret: 32 random bytes, 43 characters of base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** A feed keeps the last month's dates, so an event just past does not vanish from the calendar. */
const PAST_DAYS = 31;
const FUTURE_MONTHS = 12;

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The path of a feed; the page shows it with the site's address in front. */
export function savedFeedPath(token: string): string {
  return `/gemte-markeder/kalender/${token}.ics`;
}

/** The person's feed secret, made the first time it is asked for. */
export async function feedToken(db: Kysely<Database>, userId: string, now: Date = new Date()): Promise<string> {
  const found = await db.selectFrom("saved_market_feeds").select("token").where("user_id", "=", userId).executeTakeFirst();
  if (found) return found.token;
  await db
    .insertInto("saved_market_feeds")
    .values({ user_id: userId, token: newToken(), created_at: now.toISOString() })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  // Two first visits at once: whichever insert came first holds.
  const row = await db.selectFrom("saved_market_feeds").select("token").where("user_id", "=", userId).executeTakeFirstOrThrow();
  return row.token;
}

/** "Lav en ny adresse": a new secret in place of the old, which stops working at once. */
export async function renewFeedToken(db: Kysely<Database>, userId: string, now: Date = new Date()): Promise<string> {
  const token = newToken();
  await db
    .insertInto("saved_market_feeds")
    .values({ user_id: userId, token, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ token, created_at: now.toISOString() }))
    .execute();
  return token;
}

/** The feed secret for the data download, or null when the person never opened their saved list. */
export async function feedTokenForExport(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom("saved_market_feeds").select("token").where("user_id", "=", userId).executeTakeFirst();
  return row?.token ?? null;
}

/**
 * The openings of the saved markets of the feed's owner, from a month ago to a year on, in date
 * order; a cancelled one stays in as cancelled, so a subscribed calendar sees it go. A market that
 * closed leaves the feed, and with it the calendar. null when no feed has this secret.
 */
export async function savedFeedOccurrences(db: Kysely<Database>, token: string, today: string): Promise<IcsOccurrence[] | null> {
  if (!TOKEN.test(token)) return null;
  const feed = await db.selectFrom("saved_market_feeds").select("user_id").where("token", "=", token).executeTakeFirst();
  if (!feed) return null;
  const rows = await db
    .selectFrom("saved_markets as s")
    .innerJoin("markets as m", "m.id", "s.market_id")
    .innerJoin("market_occurrences as o", "o.market_id", "m.id")
    .select([
      "o.schedule_id",
      "o.local_date",
      "o.end_date",
      "o.start_time",
      "o.end_time",
      "o.status",
      "o.note",
      "m.id",
      "m.slug",
      "m.name",
      "m.description",
      "m.venue_name",
      "m.street",
      "m.postal_code",
      "m.city",
      "m.latitude",
      "m.longitude",
    ])
    .where("s.user_id", "=", feed.user_id)
    .where(listed("m.status"))
    .where("o.local_date", ">=", addDays(today, -PAST_DAYS))
    .where("o.local_date", "<=", addMonths(today, FUTURE_MONTHS))
    .orderBy("o.local_date")
    .orderBy("o.start_time")
    .orderBy("o.schedule_id")
    .limit(FEED_MAX_EVENTS)
    .execute();
  return rows.map(occurrenceFromFeedRow);
}

/**
 * The feed as an answer: the calendar, or 404 for an unknown or replaced secret. Private and
 * no-store, so neither the page cache nor a CDN keeps one person's feed for another; noindex, so
 * a leaked address is not found by searching.
 */
export async function savedFeedResponse(db: Kysely<Database>, token: string, options: { baseUrl: string; now?: Date }): Promise<IcsResponse> {
  const privately = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
  const occurrences = await savedFeedOccurrences(db, token, todayInDenmark(options.now));
  if (!occurrences) return { status: 404, headers: { ...privately, "Content-Type": "text/plain; charset=utf-8" }, body: t("saved.feed.notFound") };
  return {
    status: 200,
    headers: { ...privately, "Content-Type": ICS_CONTENT_TYPE, "Content-Disposition": 'inline; filename="gemte-markeder.ics"' },
    body: occurrenceCalendar(t("saved.feed.name"), occurrences, options),
  };
}
