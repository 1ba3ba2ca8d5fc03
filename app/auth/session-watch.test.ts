import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CHECK_LOG_KEY,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_CHECK_TIMEOUT_MS,
  browserClock,
  checkSession,
  createCheckLog,
  createSessionWatch,
  memoryStorage,
  type CheckRecord,
  type SessionChannel,
  type SessionMessage,
  type SessionNotice,
  type SessionStatus,
  type SmallStorage,
} from "./session-watch";
import { SIGNED_IN_MARKER } from "./session-flags";

const SIGNED_IN: SessionStatus = {
  signedIn: true,
  userId: "0b6f1c9e-0000-4000-8000-000000000001",
  expiresAt: "2026-12-21T12:00:00.000Z",
  roles: ["visitor"],
  profile: "ok",
};
const SIGNED_OUT: SessionStatus = { signedIn: false, userId: null, expiresAt: null, roles: [], profile: null };

type Answer = SessionStatus | number | "hang" | "network-error";

/** A stand-in for GET /api/session that answers from a script and counts its calls. */
function fakeServer(first: Answer = SIGNED_IN) {
  let answer: Answer = first;
  const calls: string[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    calls.push(input instanceof Request ? input.url : String(input));
    const current = answer;
    if (current === "network-error") return Promise.reject(new TypeError("Failed to fetch"));
    if (current === "hang") {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")));
      });
    }
    if (typeof current === "number") return Promise.resolve(new Response("{}", { status: current }));
    return Promise.resolve(Response.json(current));
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls,
    answer(next: Answer) {
      answer = next;
    },
  };
}

/** BroadcastChannel semantics: a message reaches every other member, never the sender. */
function fakeBus() {
  const members = new Set<{ handler: (message: SessionMessage) => void }>();
  const posted: SessionMessage[] = [];
  return {
    posted,
    join(): SessionChannel {
      const member = { handler: (_message: SessionMessage) => {} };
      return {
        post(message) {
          posted.push(message);
          for (const other of members) if (other !== member) other.handler(message);
        },
        listen(handler) {
          member.handler = handler;
          members.add(member);
          return () => members.delete(member);
        },
      };
    },
  };
}

function tab(server: ReturnType<typeof fakeServer>, bus = fakeBus(), storage: SmallStorage = memoryStorage()) {
  const notices: SessionNotice[] = [];
  const records: CheckRecord[] = [];
  const logged: string[] = [];
  let signedOut = 0;
  const watch = createSessionWatch({
    fetch: server.fetch,
    clock: browserClock,
    channel: bus.join(),
    storage,
    onNotice: (notice) => notices.push(notice),
    onSignedOut: () => signedOut++,
    record: (entry) => records.push(entry),
    log: (message) => logged.push(message),
  });
  return { watch, notices, records, logged, storage, bus, signedOut: () => signedOut };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-21T12:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("checkSession", () => {
  it("reads a signed-in and a signed-out answer", async () => {
    const server = fakeServer(SIGNED_IN);
    expect(await checkSession(server.fetch, browserClock)).toEqual({ kind: "signed-in", status: SIGNED_IN });
    server.answer(SIGNED_OUT);
    expect(await checkSession(server.fetch, browserClock)).toEqual({ kind: "signed-out" });
    expect(server.calls).toEqual(["/api/session", "/api/session"]);
  });

  it("gives up after 5 s without an answer, not before", async () => {
    const server = fakeServer("hang");
    let outcome: unknown = null;
    void checkSession(server.fetch, browserClock).then((result) => (outcome = result));
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_TIMEOUT_MS - 1);
    expect(outcome).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toEqual({ kind: "timeout" });
  });

  it("tells a failure (server error, dropped connection, odd answer) from a timeout", async () => {
    const server = fakeServer(503);
    expect(await checkSession(server.fetch, browserClock)).toEqual({ kind: "failed", reason: "HTTP 503" });
    server.answer("network-error");
    expect(await checkSession(server.fetch, browserClock)).toEqual({ kind: "failed", reason: "Failed to fetch" });
    server.answer({ hello: "world" } as unknown as SessionStatus);
    expect(await checkSession(server.fetch, browserClock)).toEqual({ kind: "failed", reason: "unreadable answer" });
  });
});

describe("the session watch of one tab", () => {
  it("checks at once on a signed-in page, then every 300 s, and never on a signed-out page", async () => {
    const server = fakeServer(SIGNED_IN);
    const { watch } = tab(server);
    watch.pageSignedIn(false);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 2);
    expect(server.calls).toHaveLength(0);
    expect(await watch.check("focus")).toBeNull();

    watch.pageSignedIn(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(server.calls).toHaveLength(3);
    watch.dispose();
  });

  it("asks once when focus and visibility arrive together", async () => {
    const server = fakeServer(SIGNED_IN);
    const { watch, records } = tab(server);
    watch.pageSignedIn(true);
    await vi.advanceTimersByTimeAsync(0);
    const [visible, focus] = [watch.check("visible"), watch.check("focus")];
    expect(visible).toBe(focus);
    await visible;
    expect(server.calls).toHaveLength(2);
    expect(records.map((r) => r.trigger)).toEqual(["start", "visible"]);
    watch.dispose();
  });

  it("resets the page when the session has ended, tells the other tabs and stops checking", async () => {
    const server = fakeServer(SIGNED_IN);
    const { watch, notices, storage, bus, signedOut } = tab(server);
    watch.pageSignedIn(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(storage.getItem(SIGNED_IN_MARKER)).toBe("1");

    server.answer(SIGNED_OUT);
    expect(await watch.check("visible")).toEqual({ kind: "signed-out" });
    expect(notices).toEqual(["reset"]);
    expect(signedOut()).toBe(1);
    expect(bus.posted).toEqual([{ type: "signed-out" }]);
    expect(watch.isWatching()).toBe(false);
    expect(storage.getItem(SIGNED_IN_MARKER)).toBeNull();

    // The page then shows itself signed out: no second message to the other tabs.
    watch.pageSignedIn(false);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 2);
    expect(bus.posted).toHaveLength(1);
    expect(server.calls).toHaveLength(2);
  });

  it("shows the network message after 5 s without an answer and keeps the page signed in", async () => {
    const server = fakeServer(SIGNED_IN);
    const { watch, notices, records, signedOut } = tab(server);
    watch.pageSignedIn(true);
    await vi.advanceTimersByTimeAsync(0);
    server.answer("hang");
    void watch.check("focus");
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_TIMEOUT_MS);
    expect(notices).toEqual(["timeout"]);
    expect(records.at(-1)).toMatchObject({ trigger: "focus", outcome: "timeout", ms: SESSION_CHECK_TIMEOUT_MS });
    expect(signedOut()).toBe(0);
    expect(watch.isWatching()).toBe(true);

    server.answer(SIGNED_IN);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(records.at(-1)).toMatchObject({ trigger: "interval", outcome: "signed-in" });
    watch.dispose();
  });

  it("only logs a failed check (product §8)", async () => {
    const server = fakeServer(500);
    const { watch, notices, logged, signedOut } = tab(server);
    watch.pageSignedIn(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(logged).toEqual(["Sessionstjek mislykkedes: HTTP 500"]);
    expect(notices).toEqual([]);
    expect(signedOut()).toBe(0);
    watch.dispose();
  });

  it("tells of a profile problem once, and again when it changes", async () => {
    const server = fakeServer({ ...SIGNED_IN, profile: "missing" });
    const { watch, notices } = tab(server);
    watch.pageSignedIn(true);
    await vi.advanceTimersByTimeAsync(0);
    await watch.check("focus");
    expect(notices).toEqual(["profile-missing"]);

    server.answer({ ...SIGNED_IN, profile: "timeout" });
    await watch.check("focus");
    server.answer(SIGNED_IN);
    await watch.check("focus");
    server.answer({ ...SIGNED_IN, profile: "error" });
    await watch.check("focus");
    expect(notices).toEqual(["profile-missing", "profile-timeout", "profile-error"]);
    watch.dispose();
  });

  it("ignores an answer that arrives after the page went signed out", async () => {
    const server = fakeServer("hang");
    const { watch, records, notices } = tab(server);
    watch.pageSignedIn(true);
    watch.pageSignedIn(false);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_TIMEOUT_MS);
    expect(records).toEqual([]);
    expect(notices).toEqual([]);
  });

  it("does not act on a check that was under way when the page started to navigate", async () => {
    // The answer comes when the test says: after "Log ud" was posted and the session has ended.
    let answer: (status: SessionStatus) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = (status) => resolve(Response.json(status)))));
    const server = { ...fakeServer(), fetch: fetch as unknown as typeof globalThis.fetch };
    const { watch, records, notices, bus, signedOut } = tab(server);
    watch.pageSignedIn(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    watch.navigationStarted();
    answer(SIGNED_OUT);
    await vi.advanceTimersByTimeAsync(0);
    expect([records, notices, bus.posted, signedOut()]).toEqual([[], [], [], 0]);

    // The watch goes on: the next check is asked and acted on as usual.
    expect(watch.isWatching()).toBe(true);
    const next = watch.check("focus");
    expect(fetch).toHaveBeenCalledTimes(2);
    answer(SIGNED_OUT);
    expect(await next).toEqual({ kind: "signed-out" });
    expect(notices).toEqual(["reset"]);
  });

  it("records what it saw, and never a token", async () => {
    const server = fakeServer(SIGNED_IN);
    const { watch, records } = tab(server);
    watch.pageSignedIn(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(records).toEqual([{ at: "2026-11-21T12:00:00.000Z", trigger: "start", outcome: "signed-in", ms: 0, expiresAt: SIGNED_IN.expiresAt, profile: "ok" }]);
    watch.dispose();
  });
});

describe("several tabs", () => {
  it("a session that ended in one tab resets the others with their own message", async () => {
    const server = fakeServer(SIGNED_IN);
    const bus = fakeBus();
    const first = tab(server, bus);
    const second = tab(server, bus);
    const visitor = tab(server, bus);
    first.watch.pageSignedIn(true);
    second.watch.pageSignedIn(true);
    visitor.watch.pageSignedIn(false);
    await vi.advanceTimersByTimeAsync(0);

    server.answer(SIGNED_OUT);
    await first.watch.check("focus");
    expect(first.notices).toEqual(["reset"]);
    expect(second.notices).toEqual(["reset-elsewhere"]);
    expect(second.signedOut()).toBe(1);
    expect(second.watch.isWatching()).toBe(false);
    // A tab that was never signed in has nothing to reset.
    expect(visitor.notices).toEqual([]);
    expect(visitor.signedOut()).toBe(0);
    // The second tab passes nothing on: one message in all.
    second.watch.pageSignedIn(false);
    expect(bus.posted).toHaveLength(1);
  });

  it("a tab whose page turns signed out by itself (a sign-out) tells the others once", async () => {
    const server = fakeServer(SIGNED_IN);
    const bus = fakeBus();
    const signingOut = tab(server, bus);
    const other = tab(server, bus);
    signingOut.watch.pageSignedIn(true);
    other.watch.pageSignedIn(true);
    await vi.advanceTimersByTimeAsync(0);

    signingOut.watch.pageSignedIn(false);
    signingOut.watch.pageSignedIn(false);
    expect(bus.posted).toEqual([{ type: "signed-out" }]);
    expect(signingOut.notices).toEqual([]);
    expect(other.notices).toEqual(["reset-elsewhere"]);
    expect(other.signedOut()).toBe(1);
  });

  it("a tab that reloads signed out after a sign-out without JavaScript still tells the others", async () => {
    const server = fakeServer(SIGNED_IN);
    const bus = fakeBus();
    const storage = memoryStorage();
    const before = tab(server, bus, storage);
    const other = tab(server, bus);
    before.watch.pageSignedIn(true);
    other.watch.pageSignedIn(true);
    await vi.advanceTimersByTimeAsync(0);
    before.watch.dispose();

    // The form post leads to a new page in the same tab: a new watch, the same sessionStorage.
    const after = tab(server, bus, storage);
    after.watch.pageSignedIn(false);
    expect(other.notices).toEqual(["reset-elsewhere"]);
    expect(bus.posted).toHaveLength(1);
  });
});

describe("the check history", () => {
  const record = (n: number): CheckRecord => ({ at: new Date(Date.UTC(2026, 10, 21, 12, n)).toISOString(), trigger: "interval", outcome: "signed-in", ms: n });

  it("keeps the newest eight, newest first, across a reload", () => {
    const storage = memoryStorage();
    const log = createCheckLog(storage);
    const seen: number[] = [];
    log.subscribe(() => seen.push(log.entries().length));
    for (let n = 0; n < 10; n++) log.add(record(n));
    expect(log.entries().map((entry) => entry.ms)).toEqual([9, 8, 7, 6, 5, 4, 3, 2]);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 8, 8]);
    expect(createCheckLog(storage).entries()).toEqual(log.entries());
  });

  it("starts empty when the stored history cannot be read", () => {
    const storage = memoryStorage();
    storage.setItem(CHECK_LOG_KEY, "{not json");
    expect(createCheckLog(storage).entries()).toEqual([]);
    expect(createCheckLog(null).entries()).toEqual([]);
  });
});
