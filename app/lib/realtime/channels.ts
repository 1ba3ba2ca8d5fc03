/** The channels of the live updates (decision 0037); who may follow each: app/http/live-access.server.ts. */

/** /api/live?kanal=…&kanal=…&sidst=…: a stream of the channels' events after the id `sidst`. */
export const LIVE_PATH = "/api/live";
export const LIVE_CHANNEL_PARAM = "kanal";
/** The last event a page has seen, when it opens its stream (a reconnecting EventSource sends Last-Event-ID instead). */
export const LIVE_SINCE_PARAM = "sidst";
/** Sent by a page loading its own address after an event: the page cache renders it anew (server/page-cache.ts). */
export const LIVE_REFRESH_HEADER = "x-live-refresh";

/** New topics on /community. */
export const FORUM_CHANNEL = "forum";
/** The admins' queues changed (the front page's sizes). */
export const ADMIN_QUEUES_CHANNEL = "admin:queues";

/** A topic's posts: new, edited, deleted, hidden or shown again; the topic locked or moved. */
export function topicChannel(topicId: number): string {
  return `topic:${topicId}`;
}

/** One person's own news: a followed topic got a post they have not read (their unread count). */
export function personChannel(userId: string): string {
  return `person:${userId}`;
}

/** The person a "person:{id}" channel names, or null. */
export function personOfChannel(channel: string): string | null {
  const found = /^person:([0-9a-zA-Z-]{1,64})$/.exec(channel);
  return found ? found[1]! : null;
}

/** The topic a "topic:{id}" channel names, or null. */
export function topicOfChannel(channel: string): number | null {
  const found = /^topic:([1-9]\d{0,9})$/.exec(channel);
  return found ? Number(found[1]) : null;
}
