import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { eventBounds, eventsAfter, onEventsPublished, type LiveEvent } from "./events.server";

/*
 * Live updates, the reading half (decision 0037): one hub per instance reads the events after the
 * last one it has seen, whenever it is told one may have committed (a NOTIFY, this process's own
 * write, or its poll, which covers a notification lost while the listener reconnected), and hands
 * each to the streams following its channel. The streams themselves: server/live-stream.ts.
 */

export interface LiveFollower {
  channels: ReadonlySet<string>;
  send(event: LiveEvent): void;
  /** The instance is stopping: the stream ends (the browser reconnects to another instance). */
  end(): void;
}

/** Events read per query: a burst larger than this is read in several. */
const READ_BATCH = 500;

export class LiveHub {
  readonly #db: Kysely<Database>;
  readonly #followers = new Set<LiveFollower>();
  #lastId = 0;
  #reading: Promise<void> | null = null;
  #again = false;
  #timer: ReturnType<typeof setInterval> | null = null;
  #stopListening: (() => void) | null = null;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Starts from the newest event, hears this process's writes, and polls every `pollMs` while anyone follows. */
  async start(pollMs: number): Promise<void> {
    this.#lastId = (await eventBounds(this.#db)).newest;
    this.#stopListening = onEventsPublished(() => this.wake());
    this.#timer = setInterval(() => {
      if (this.#followers.size > 0) this.wake();
    }, pollMs);
    this.#timer.unref();
  }

  /** The newest event this hub has handed on: a stream that resumes reads the table up to here itself. */
  get lastId(): number {
    return this.#lastId;
  }

  get followerCount(): number {
    return this.#followers.size;
  }

  follow(follower: LiveFollower): () => void {
    this.#followers.add(follower);
    return () => this.#followers.delete(follower);
  }

  /** New events may have committed: read them (once at a time; a wake while reading reads again after). */
  wake(): void {
    if (this.#reading) {
      this.#again = true;
      return;
    }
    this.#reading = this.#readAll()
      .catch(() => {
        // The next wake or poll tries again from the same id: nothing is skipped.
      })
      .finally(() => {
        this.#reading = null;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  /** Reading is done (tests wait for it). */
  async settled(): Promise<void> {
    while (this.#reading) await this.#reading;
  }

  async #readAll(): Promise<void> {
    for (;;) {
      const events = await eventsAfter(this.#db, this.#lastId, READ_BATCH);
      for (const event of events) {
        this.#lastId = event.id;
        for (const follower of this.#followers) if (follower.channels.has(event.channel)) follower.send(event);
      }
      if (events.length < READ_BATCH) return;
    }
  }

  /** Ends every stream and stops reading: the instance is shutting down. */
  close(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#stopListening?.();
    for (const follower of [...this.#followers]) follower.end();
    this.#followers.clear();
  }
}
