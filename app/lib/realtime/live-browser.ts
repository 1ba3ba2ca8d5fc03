import { pageSingleton } from "../memo/page-singleton";
import { LIVE_CHANNEL_PARAM, LIVE_PATH, LIVE_SINCE_PARAM } from "./channels";

/*
 * Live updates in the browser (decision 0037): one stream per browser, shared by its tabs. A
 * browser opens at most six connections to a host over HTTP/1.1, so a stream per tab would leave
 * the seventh tab unable to load anything. The tab holding the Web Lock "loppeguiden-live" is the
 * leader: it opens the one EventSource, for the channels every tab follows, and passes each event
 * on over a BroadcastChannel. When it closes, the lock goes to another tab, which opens the stream
 * again from the last id any tab saw. A browser without Web Locks or BroadcastChannel gives each
 * tab its own stream. Nothing depends on it: every page works without it, only later.
 */

/**
 * What a page is told: an event of a channel it follows; that it missed too much and should load
 * its data again; or that the stream ended because the session or a right did (the page checks its session).
 */
export type LiveMessage = { kind: "event"; id: number; channel: string; data: Record<string, unknown> } | { kind: "reload" } | { kind: "ended" };
type Listener = (message: LiveMessage) => void;

type TabMessage = { type: "want"; tab: string; channels: string[] } | { type: "bye"; tab: string } | { type: "who" } | { type: "message"; message: LiveMessage };

const LOCK = "loppeguiden-live";
const BROADCAST = "loppeguiden-live";
/** The first wait after a refused stream and the longest (its Retry-After is 30 s). */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

interface Follow {
  channels: Set<string>;
  listener: Listener;
}

function randomTab(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

class LiveConnection {
  readonly #tab = randomTab();
  readonly #follows = new Set<Follow>();
  /** Every tab's channels, the leader's own included. */
  readonly #wanted = new Map<string, string[]>();
  readonly #broadcast: BroadcastChannel | null;
  #leader = false;
  #source: EventSource | null = null;
  #sourceChannels = "";
  #lastId = 0;
  /** Streams refused in a row, for the wait before the next try. */
  #failures = 0;

  constructor() {
    const shared = typeof BroadcastChannel !== "undefined" && typeof navigator !== "undefined" && "locks" in navigator;
    this.#broadcast = shared ? new BroadcastChannel(BROADCAST) : null;
    this.#broadcast?.addEventListener("message", (event: MessageEvent<TabMessage>) => this.#heard(event.data));
    window.addEventListener("pagehide", () => this.#broadcast?.postMessage({ type: "bye", tab: this.#tab } satisfies TabMessage));
    if (this.#broadcast) {
      // Held until the tab closes: the promise given to the lock never settles.
      void navigator.locks.request(LOCK, () => {
        this.#leader = true;
        this.#broadcast?.postMessage({ type: "who" } satisfies TabMessage);
        this.#connect();
        return new Promise<never>(() => {});
      });
    } else {
      this.#leader = true;
    }
  }

  /** Follows `channels` from `since` (the id the page was rendered at); returns the way to stop. */
  follow(channels: string[], since: number, listener: Listener): () => void {
    const follow: Follow = { channels: new Set(channels), listener };
    this.#follows.add(follow);
    this.#lastId = Math.max(this.#lastId, since);
    this.#announce();
    return () => {
      this.#follows.delete(follow);
      this.#announce();
    };
  }

  #ownChannels(): string[] {
    return [...new Set([...this.#follows].flatMap((follow) => [...follow.channels]))].sort();
  }

  #announce() {
    this.#wanted.set(this.#tab, this.#ownChannels());
    this.#broadcast?.postMessage({ type: "want", tab: this.#tab, channels: this.#ownChannels() } satisfies TabMessage);
    if (this.#leader) this.#connect();
  }

  #heard(message: TabMessage) {
    switch (message.type) {
      case "want":
        this.#wanted.set(message.tab, message.channels);
        if (this.#leader) this.#connect();
        return;
      case "bye":
        this.#wanted.delete(message.tab);
        if (this.#leader) this.#connect();
        return;
      case "who":
        this.#announce();
        return;
      case "message":
        this.#deliver(message.message);
    }
  }

  #deliver(message: LiveMessage) {
    if (message.kind === "event") {
      if (message.id <= this.#lastId) return;
      this.#lastId = message.id;
    }
    for (const follow of this.#follows) if (message.kind !== "event" || follow.channels.has(message.channel)) follow.listener(message);
  }

  /** The leader's stream follows the union of every tab's channels; it is opened again when that changes. */
  #connect() {
    const channels = [...new Set([...this.#wanted.values()].flat())].sort();
    const key = channels.join(" ");
    if (key === this.#sourceChannels && this.#source) return;
    this.#source?.close();
    this.#source = null;
    this.#sourceChannels = key;
    if (channels.length === 0) return;
    const query = new URLSearchParams(channels.map((channel) => [LIVE_CHANNEL_PARAM, channel]));
    if (this.#lastId > 0) query.set(LIVE_SINCE_PARAM, String(this.#lastId));
    const source = new EventSource(`${LIVE_PATH}?${query}`);
    this.#source = source;
    source.addEventListener("message", (event: MessageEvent<string>) => {
      const data = JSON.parse(event.data) as Record<string, unknown>;
      this.#share({ kind: "event", id: Number(event.lastEventId), channel: String(data.channel), data });
    });
    source.addEventListener("reload", () => this.#share({ kind: "reload" }));
    source.addEventListener("ended", () => {
      source.close();
      this.#source = null;
      this.#share({ kind: "ended" });
    });
    // The browser reconnects by itself after a dropped connection, but gives up for good on an
    // answer that is not a stream (a proxy's 502 during a restart, a 429): try again later, from
    // the last id seen, waiting longer each time it fails.
    source.addEventListener("open", () => (this.#failures = 0));
    source.addEventListener("error", () => {
      if (source.readyState !== EventSource.CLOSED || this.#source !== source) return;
      this.#source = null;
      this.#failures += 1;
      const delayMs = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (this.#failures - 1)) * (0.5 + Math.random() / 2);
      setTimeout(() => {
        if (!this.#source && this.#leader) {
          this.#sourceChannels = "";
          this.#connect();
        }
      }, delayMs);
    });
  }

  #share(message: LiveMessage) {
    this.#deliver(message);
    this.#broadcast?.postMessage({ type: "message", message } satisfies TabMessage);
  }
}

/** Follows live channels from this page: `since` is the id of the newest event when the page was rendered. */
export function followLive(channels: string[], since: number, listener: Listener): () => void {
  return pageSingleton("live", () => new LiveConnection()).follow(channels, since, listener);
}
