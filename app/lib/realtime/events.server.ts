import { sql, type Kysely } from "kysely";
import { dialectOf } from "../db/dialect.server";
import type { Database } from "../db/schema";
import { ADMIN_QUEUES_CHANNEL } from "./channels";

/*
 * Live updates, the writing half (decision 0037). A write that open pages should hear of publishes
 * an event on a channel in its own transaction: the event exists exactly when the write committed.
 * Every instance learns of new rows (hub.server.ts): on PostgreSQL by a NOTIFY that carries only the
 * id, on SQLite (one instance) from this process itself.
 */

/** What a channel is called: "forum" (new topics), "topic:{id}" (its posts), "admin:queues". */
export type LiveChannel = string;

export interface LiveEvent {
  id: number;
  channel: LiveChannel;
  payload: Record<string, unknown>;
  createdAt: string;
}

/** Events are kept this long: a page away longer reloads its data instead of catching up. */
export const LIVE_EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;

/** The PostgreSQL notification channel; its payload is the event's id alone (NOTIFY allows 8,000 bytes). */
export const NOTIFY_CHANNEL = "loppeguiden_live";

/**
 * Any PostgreSQL number: an event's id commits in the order it was given. Without it two writes
 * committing at once could make id 8 visible before id 7, and a stream that has sent 8 would
 * never send 7. The lock is the transaction's: it goes with the commit.
 */
const EVENT_ORDER_LOCK = 7_373_001;

/** Rows per insert: four values each, far inside either database's limit. */
const EVENTS_PER_INSERT = 1_000;

type Published = () => void;
const published = new Set<Published>();

/** This process's hubs hear here that an event may have committed (SQLite has no NOTIFY). */
export function onEventsPublished(listener: Published): () => void {
  published.add(listener);
  return () => published.delete(listener);
}

/**
 * Publishes `payload` on `channels`, inside the write's transaction `trx` (call it last in the
 * transaction: on PostgreSQL it holds the events' order lock until the commit). The payload names
 * what changed, never what a reader may not see: a page loads the content through its loader.
 */
export async function publishEvent(trx: Kysely<Database>, channels: readonly LiveChannel[], payload: Record<string, unknown>, now: Date = new Date()): Promise<void> {
  if (channels.length === 0) return;
  const postgres = dialectOf(trx) === "postgres";
  if (postgres) await sql`select pg_advisory_xact_lock(${EVENT_ORDER_LOCK})`.execute(trx);
  let last = 0;
  // In slices: a topic's followers may be thousands, and each database binds only so many values.
  for (let start = 0; start < channels.length; start += EVENTS_PER_INSERT) {
    const rows = await trx
      .insertInto("live_events")
      .values(channels.slice(start, start + EVENTS_PER_INSERT).map((channel) => ({ channel, payload: JSON.stringify(payload), created_at: now.toISOString() })))
      .returning("id")
      .execute();
    for (const row of rows) last = Math.max(last, Number(row.id));
  }
  if (postgres) await sql`select pg_notify(${NOTIFY_CHANNEL}, ${String(last)})`.execute(trx);
  // After the commit: the hub's read waits for the connection the transaction holds (SQLite), or
  // finds nothing yet and is woken again by the NOTIFY (PostgreSQL).
  setImmediate(() => {
    for (const listener of published) listener();
  });
}

/**
 * Something entered or left one of the admins' queues (a change to review, a claim, a message, a
 * forum post): the front page's sizes follow. In the write's transaction, like every event.
 */
export function publishQueueChange(trx: Kysely<Database>, queue: string, now: Date = new Date()): Promise<void> {
  return publishEvent(trx, [ADMIN_QUEUES_CHANNEL], { type: "queue", queue }, now);
}

/** The events after `afterId`, oldest first, at most `limit`. */
export async function eventsAfter(db: Kysely<Database>, afterId: number, limit: number): Promise<LiveEvent[]> {
  const rows = await db.selectFrom("live_events").selectAll().where("id", ">", afterId).orderBy("id").limit(limit).execute();
  return rows.map((row) => ({ id: Number(row.id), channel: row.channel, payload: JSON.parse(row.payload) as Record<string, unknown>, createdAt: row.created_at }));
}

/** The newest event's id (0 for none): a page rendered now follows its channels from here. */
export async function latestEventId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("live_events")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The newest event's id and the oldest kept one's (0 when there are none). */
export async function eventBounds(db: Kysely<Database>): Promise<{ newest: number; oldest: number }> {
  const row = await db
    .selectFrom("live_events")
    .select((eb) => [eb.fn.max("id").as("newest"), eb.fn.min("id").as("oldest")])
    .executeTakeFirst();
  return { newest: Number(row?.newest ?? 0), oldest: Number(row?.oldest ?? 0) };
}

/** Removes the events older than a day (the daily job); returns how many. */
export async function forgetOldEvents(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("live_events")
    .where("created_at", "<", new Date(now.getTime() - LIVE_EVENTS_KEPT_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
