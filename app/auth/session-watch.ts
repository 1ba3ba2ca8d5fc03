/**
 * The session check of an open page (product §4 "Authentication", §9): while the page believes it is
 * signed in it asks GET /api/session when the tab becomes visible, on focus and every 300 s. A
 * session that has ended resets the page and every other open tab. No DOM here (start-session-watch.ts
 * wires it, app/progressive/session.ts starts it), so the timing can be tested with a fake clock.
 */

import { pageSingleton } from "~/lib/memo/page-singleton";
import { SIGNED_IN_MARKER } from "./session-flags";

export const SESSION_CHECK_URL = "/api/session";
export const SESSION_CHECK_INTERVAL_MS = 300_000;
/** Longer than this without an answer, and the check gives up with the network message. */
export const SESSION_CHECK_TIMEOUT_MS = 5_000;
export const SESSION_CHANNEL = "loppeguiden-session";
export const CHECK_LOG_KEY = "loppeguiden-session-checks";
export const CHECK_LOG_SIZE = 8;

export type ProfileState = "ok" | "missing" | "error" | "timeout";

/** The answer of GET /api/session (app/http/session-status.server.ts). */
export type SessionStatus =
  { signedIn: true; userId: string; expiresAt: string; roles: string[]; profile: ProfileState } | { signedIn: false; userId: null; expiresAt: null; roles: []; profile: null };

export type CheckTrigger = "start" | "visible" | "focus" | "interval" | "manual";

export type CheckOutcome =
  { kind: "signed-in"; status: Extract<SessionStatus, { signedIn: true }> } | { kind: "signed-out" } | { kind: "timeout" } | { kind: "failed"; reason: string };

/** What the page tells the person; start-session-watch.ts turns each into its Danish toast. */
export type SessionNotice = "reset" | "reset-elsewhere" | "timeout" | "profile-missing" | "profile-error" | "profile-timeout";

/** One line of the tab's check history, shown on /test/auth-debug. */
export interface CheckRecord {
  at: string;
  trigger: CheckTrigger;
  outcome: CheckOutcome["kind"];
  ms: number;
  expiresAt?: string;
  profile?: ProfileState;
}

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** The browser's timers, looked up at each call so a test's fake clock is the one used. */
export const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

export type SessionMessage = { type: "signed-out" };

export interface SessionChannel {
  post(message: SessionMessage): void;
  /** Returns the function that stops listening. */
  listen(handler: (message: SessionMessage) => void): () => void;
}

export type SmallStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function isSessionMessage(value: unknown): value is SessionMessage {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "signed-out";
}

function isSessionStatus(value: unknown): value is SessionStatus {
  if (typeof value !== "object" || value === null) return false;
  const status = value as Partial<Record<keyof SessionStatus, unknown>>;
  if (status.signedIn === false) return true;
  return status.signedIn === true && typeof status.userId === "string" && typeof status.expiresAt === "string" && typeof status.profile === "string";
}

/** One GET /api/session, given up after `timeoutMs`. */
export async function checkSession(fetchImpl: typeof fetch, clock: Clock, timeoutMs: number = SESSION_CHECK_TIMEOUT_MS): Promise<CheckOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = clock.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetchImpl(SESSION_CHECK_URL, {
      signal: controller.signal,
      cache: "no-store",
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return { kind: "failed", reason: `HTTP ${response.status}` };
    const body: unknown = await response.json();
    if (!isSessionStatus(body)) return { kind: "failed", reason: "unreadable answer" };
    return body.signedIn ? { kind: "signed-in", status: body } : { kind: "signed-out" };
  } catch (error) {
    if (timedOut) return { kind: "timeout" };
    return { kind: "failed", reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clock.clearTimeout(timer);
  }
}

export interface SessionWatchOptions {
  fetch: typeof fetch;
  clock: Clock;
  /** null where the browser has no BroadcastChannel: the tab then only learns by its own checks. */
  channel: SessionChannel | null;
  storage: SmallStorage;
  onNotice(notice: SessionNotice): void;
  /** The page must now show itself signed out (in place, or a page with React loads its data again). */
  onSignedOut(): void;
  record?(entry: CheckRecord): void;
  /** product §8: failed checks are only logged. */
  log?: (message: string) => void;
  intervalMs?: number;
  timeoutMs?: number;
}

export interface SessionWatch {
  /** Tells the watch what the page shows: checks run only while it shows a signed-in page. */
  pageSignedIn(signedIn: boolean): void;
  /** null when nothing was checked (the page is signed out). */
  check(trigger: CheckTrigger): Promise<CheckOutcome | null>;
  /**
   * The page is loading new data (a link, or a form such as "Log ud"): the answer to a check
   * sent before is not acted on. It would race that data, and could take the page's own sign-out
   * for a session ended elsewhere; the navigation's data says whether the page is signed in.
   */
  navigationStarted(): void;
  isWatching(): boolean;
  dispose(): void;
}

const PROFILE_NOTICES: Record<Exclude<ProfileState, "ok">, SessionNotice> = {
  missing: "profile-missing",
  error: "profile-error",
  timeout: "profile-timeout",
};

export function createSessionWatch(options: SessionWatchOptions): SessionWatch {
  const { clock, channel, storage } = options;
  const intervalMs = options.intervalMs ?? SESSION_CHECK_INTERVAL_MS;
  const log = options.log ?? ((message: string) => console.warn(message));
  let watching = false;
  let interval: unknown = null;
  let inFlight: Promise<CheckOutcome | null> | null = null;
  // A check that was under way when the watch stopped must not act on its answer.
  let generation = 0;
  // A profile problem is told once, not at every check, and again only if it changes.
  let lastProfile: ProfileState = "ok";

  function startWatching() {
    if (watching) return;
    watching = true;
    generation++;
    interval = clock.setInterval(() => void check("interval"), intervalMs);
    void check("start");
  }

  function stopWatching() {
    if (!watching) return;
    watching = false;
    generation++;
    inFlight = null;
    if (interval !== null) clock.clearInterval(interval);
    interval = null;
  }

  /** The page goes signed out because of the watch: no further message to the other tabs. */
  function reset(notice: SessionNotice) {
    stopWatching();
    storage.removeItem(SIGNED_IN_MARKER);
    options.onNotice(notice);
    options.onSignedOut();
  }

  function act(outcome: CheckOutcome) {
    switch (outcome.kind) {
      case "signed-out":
        channel?.post({ type: "signed-out" });
        reset("reset");
        return;
      case "timeout":
        options.onNotice("timeout");
        return;
      case "failed":
        log(`Sessionstjek mislykkedes: ${outcome.reason}`);
        return;
      case "signed-in": {
        const profile = outcome.status.profile;
        if (profile !== lastProfile && profile !== "ok") options.onNotice(PROFILE_NOTICES[profile]);
        lastProfile = profile;
      }
    }
  }

  function check(trigger: CheckTrigger): Promise<CheckOutcome | null> {
    if (!watching) return Promise.resolve(null);
    if (inFlight) return inFlight;
    const startedIn = generation;
    const startedAt = clock.now();
    const run = checkSession(options.fetch, clock, options.timeoutMs).then((outcome) => {
      if (startedIn !== generation) return null;
      inFlight = null;
      options.record?.({
        at: new Date(startedAt).toISOString(),
        trigger,
        outcome: outcome.kind,
        ms: Math.max(0, clock.now() - startedAt),
        ...(outcome.kind === "signed-in" ? { expiresAt: outcome.status.expiresAt, profile: outcome.status.profile } : {}),
      });
      act(outcome);
      return outcome;
    });
    inFlight = run;
    return run;
  }

  const stopListening = channel?.listen((message) => {
    if (message.type === "signed-out" && watching) reset("reset-elsewhere");
  });

  return {
    pageSignedIn(signedIn) {
      if (signedIn) {
        storage.setItem(SIGNED_IN_MARKER, "1");
        startWatching();
        return;
      }
      stopWatching();
      // Signed in at the last page, signed out now, and not by the watch: this tab signed out
      // (or its session ended on the server), so the other tabs are told at once.
      if (storage.getItem(SIGNED_IN_MARKER)) {
        storage.removeItem(SIGNED_IN_MARKER);
        channel?.post({ type: "signed-out" });
      }
    },
    check,
    navigationStarted() {
      if (!inFlight) return;
      generation++;
      inFlight = null;
    },
    isWatching: () => watching,
    dispose() {
      stopWatching();
      stopListening?.();
    },
  };
}

/** A fixed-size history of this tab's checks, kept in sessionStorage so it survives a reload. */
export function createCheckLog(storage: SmallStorage | null, size: number = CHECK_LOG_SIZE) {
  let entries: readonly CheckRecord[] = read();
  const listeners = new Set<() => void>();

  function read(): readonly CheckRecord[] {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(CHECK_LOG_KEY) ?? "[]");
      return Array.isArray(parsed) ? (parsed as CheckRecord[]).slice(0, size) : [];
    } catch {
      return [];
    }
  }

  return {
    add(entry: CheckRecord) {
      entries = [entry, ...entries].slice(0, size);
      try {
        storage?.setItem(CHECK_LOG_KEY, JSON.stringify(entries));
      } catch {
        // A full or blocked storage only costs the history after a reload.
      }
      for (const listener of listeners) listener();
    },
    /** Newest first; the same array until something is added (for useSyncExternalStore). */
    entries: () => entries,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type CheckLog = ReturnType<typeof createCheckLog>;

/** This tab's sessionStorage, or null where the browser refuses it (or on the server). */
export function tabStorage(): SmallStorage | null {
  if (typeof window === "undefined") return null;
  try {
    const storage = window.sessionStorage;
    storage.getItem(CHECK_LOG_KEY);
    return storage;
  } catch {
    return null;
  }
}

// One history and one watch per page: the watch (started by app/progressive/session.ts) writes
// the history and /test/auth-debug, a page with React, reads it, and that page's "check now"
// button asks the watch.
const perPage = () => pageSingleton("session-watch", () => ({ checkLog: null as CheckLog | null, activeWatch: null as SessionWatch | null }));

export function sessionCheckLog(): CheckLog {
  const page = perPage();
  page.checkLog ??= createCheckLog(tabStorage());
  return page.checkLog;
}

export function setActiveWatch(watch: SessionWatch): void {
  perPage().activeWatch = watch;
}

/** Nothing happens on a signed-out page. */
export function requestSessionCheck(trigger: CheckTrigger = "manual"): Promise<CheckOutcome | null> {
  return perPage().activeWatch?.check(trigger) ?? Promise.resolve(null);
}

/** Storage that forgets at the end of the page, for browsers that refuse sessionStorage. */
export function memoryStorage(): SmallStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}
