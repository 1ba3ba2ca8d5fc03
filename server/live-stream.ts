import type { RequestHandler } from "express";
import type { Kysely } from "kysely";
import { liveAccess } from "../app/http/live-access.server";
import { LIVE_CHANNEL_PARAM, LIVE_SINCE_PARAM } from "../app/lib/realtime/channels";
import type { Database } from "../app/lib/db/schema";
import { t } from "../app/lib/i18n";
import { eventBounds, eventsAfter, type LiveEvent } from "../app/lib/realtime/events.server";
import type { LiveHub } from "../app/lib/realtime/hub.server";

/*
 * The live updates' stream (decision 0037): server-sent events on GET /api/live?kanal=…. Never in
 * the page cache (/api/), never compressed (no-transform: a compressed stream waits for its buffer
 * to fill), not cut by the server's idle timeout, a comment every 25 s so that proxies keep it
 * open, and an id on every event: a browser that reconnects sends Last-Event-ID and is sent what
 * it missed from the table, once and in order; one away longer than the table keeps (a day) is
 * told to load its data again ("reload"). The session and the rights are asked again every 30 s:
 * a stream whose person signed out, was blocked or lost the right ends with "ended".
 */

export interface LiveStreamLimits {
  /** Streams one signed-in person may hold on this instance (the browser shares one among its tabs). */
  perPerson: number;
  /** Streams from one address, for visitors behind one router too. */
  perAddress: number;
  heartbeatMs: number;
  recheckMs: number;
}

export const LIVE_STREAM_LIMITS: LiveStreamLimits = { perPerson: 4, perAddress: 50, heartbeatMs: 25_000, recheckMs: 30_000 };

/** More missed events than this and the page loads its data again instead. */
const REPLAY_MAX = 1_000;

/** "reload" tells the page to load its data again; "ended" that the stream is over for good. */
function frame(fields: { id?: number; event?: string; data: unknown }): string {
  return `${fields.id === undefined ? "" : `id: ${fields.id}\n`}${fields.event ? `event: ${fields.event}\n` : ""}data: ${JSON.stringify(fields.data)}\n\n`;
}

function lastEventIdOf(value: string | undefined | null): number | null {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

function counter() {
  const counts = new Map<string, number>();
  return {
    count: (key: string) => counts.get(key) ?? 0,
    add(key: string, by: number) {
      const next = (counts.get(key) ?? 0) + by;
      if (next <= 0) counts.delete(key);
      else counts.set(key, next);
    },
  };
}

export function liveStream({ hub, db, baseUrl, limits = LIVE_STREAM_LIMITS }: { hub: LiveHub; db: Kysely<Database>; baseUrl: string; limits?: LiveStreamLimits }): RequestHandler {
  const people = counter();
  const addresses = counter();

  return async (req, res) => {
    const url = new URL(req.originalUrl, baseUrl);
    // Only the cookie: the session is all that decides who follows what.
    const asRequest = () => new Request(url, { headers: { cookie: req.headers.cookie ?? "" } });
    const channels = url.searchParams.getAll(LIVE_CHANNEL_PARAM);
    const access = await liveAccess(db, asRequest(), channels);
    res.setHeader("Cache-Control", "no-store, no-transform");
    if (!access.allowed) {
      res.status(access.status).json({ error: access.message });
      return;
    }
    const address = req.ip ?? req.socket.remoteAddress ?? "unknown";
    const person = access.viewer?.user.id ?? null;
    if (addresses.count(address) >= limits.perAddress || (person !== null && people.count(person) >= limits.perPerson)) {
      res.setHeader("Retry-After", "30");
      res.status(429).json({ error: t("api.live.tooMany") });
      return;
    }
    addresses.add(address, 1);
    if (person) people.add(person, 1);

    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "X-Accel-Buffering": "no", Connection: "keep-alive" });
    // How long the browser waits before it reconnects.
    res.write("retry: 2000\n\n");

    const resumeFrom = lastEventIdOf(req.get("last-event-id") ?? url.searchParams.get(LIVE_SINCE_PARAM));
    let sentId = resumeFrom ?? hub.lastId;
    let replaying = resumeFrom !== null;
    let ended = false;
    const held: LiveEvent[] = [];
    const send = (event: LiveEvent) => {
      if (ended || event.id <= sentId) return;
      sentId = event.id;
      res.write(frame({ id: event.id, data: { channel: event.channel, ...event.payload } }));
    };
    const follower = {
      channels: new Set(access.channels),
      send: (event: LiveEvent) => (replaying ? held.push(event) : send(event)),
      end: () => finish(),
    };
    const unfollow = hub.follow(follower);
    const heartbeat = setInterval(() => res.write(": ping\n\n"), limits.heartbeatMs);
    const recheck = setInterval(() => {
      void liveAccess(db, asRequest(), access.channels)
        .then((again) => {
          if (!again.allowed || (again.viewer?.user.id ?? null) !== person) finish("ended");
        })
        .catch(() => {});
    }, limits.recheckMs);

    function finish(event?: "ended" | "reload") {
      if (ended) return;
      if (event) res.write(frame({ event, data: {} }));
      ended = true;
      clearInterval(heartbeat);
      clearInterval(recheck);
      unfollow();
      addresses.add(address, -1);
      if (person) people.add(person, -1);
      res.end();
    }
    req.on("close", () => finish());

    if (resumeFrom !== null) {
      try {
        const { oldest } = await eventBounds(db);
        // Events after the one it last had are gone: a gap cannot be filled, only reloaded.
        if (resumeFrom < hub.lastId && (oldest === 0 || resumeFrom < oldest - 1)) return finishWith("reload");
        let replayed = 0;
        for (;;) {
          const missed = await eventsAfter(db, sentId, 500);
          const last = missed.at(-1);
          for (const event of missed) if (follower.channels.has(event.channel)) send(event);
          replayed += missed.length;
          if (replayed > REPLAY_MAX) return finishWith("reload");
          if (!last || missed.length < 500) break;
          sentId = Math.max(sentId, last.id);
        }
      } catch {
        return finishWith("reload");
      }
      replaying = false;
      for (const event of held.splice(0)) send(event);
    }

    function finishWith(event: "reload") {
      replaying = false;
      finish(event);
    }
  };
}
