import pg from "pg";
import type { Logger } from "pino";
import { NOTIFY_CHANNEL } from "./events.server";

/** How long the listener waits before connecting again, doubling up to the last. */
const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000, 10_000];

/**
 * Listens for the events' NOTIFY on a connection of its own (a pooled one would be handed to
 * queries, and LISTEN belongs to its connection). A notification sent while it was away is lost,
 * so every (re)connection also calls `heard`: the hub then reads the table from its last id.
 */
export function listenForEvents(connectionString: string, heard: () => void, logger: Logger): { close(): Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on("notification", () => heard());
    next.on("error", (error) => {
      logger.warn({ err: error }, "the live updates' listener lost its connection");
      void next.end().catch(() => {});
      if (client === next) client = null;
      reconnect();
    });
    try {
      await next.connect();
      await next.query(`listen ${NOTIFY_CHANNEL}`);
    } catch (error) {
      logger.warn({ err: error }, "the live updates' listener could not connect");
      void next.end().catch(() => {});
      reconnect();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    attempt = 0;
    heard();
  };

  const reconnect = () => {
    if (closed || retry) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    attempt += 1;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
  };

  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
