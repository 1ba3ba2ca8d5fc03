import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FETCH_POLICY, HttpError, OfflineError, fetchJson, onReconnect, retryDelay, shouldRetry } from "./fetch-json";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A fetch that answers with the given responses (or throws the given errors) in turn. */
function scripted(...answers: (Response | Error)[]) {
  return vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    if (next instanceof Error) throw next;
    return next;
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("fetchJson", () => {
  it("returns the JSON of a good answer after one request", async () => {
    const fetch = scripted(json(200, { total: 3 }));
    await expect(fetchJson("/api/markers", { fetch, isOnline: () => true })).resolves.toEqual({ total: 3 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("retries a server error twice, after 1 s and then 2 s, and then gives up", async () => {
    const fetch = scripted(json(500, {}), json(502, {}), json(503, { error: "Prøv igen senere." }));
    const result = fetchJson("/api/markers", { fetch, isOnline: () => true });
    const settled = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    const error = await settled;
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
    expect((error as HttpError).message).toBe("Prøv igen senere.");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("succeeds when a retry does", async () => {
    const fetch = scripted(new TypeError("Failed to fetch"), json(200, { ok: true }));
    const result = fetchJson("/api/markers", { fetch, isOnline: () => true });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("does not retry a 400 or a 404, and passes on the server's Danish message", async () => {
    for (const status of [400, 404]) {
      const fetch = scripted(json(status, { error: "Ugyldigt kortudsnit." }));
      await expect(fetchJson("/api/markers", { fetch, isOnline: () => true })).rejects.toMatchObject({
        status,
        message: "Ugyldigt kortudsnit.",
      });
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it("retries 429 Too Many Requests", async () => {
    const fetch = scripted(json(429, {}), json(200, { ok: 1 }));
    const result = fetchJson("/api/markers", { fetch, isOnline: () => true });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ ok: 1 });
  });

  it("stops waiting and fetching when aborted during the back-off", async () => {
    const fetch = scripted(json(500, {}), json(200, {}));
    const controller = new AbortController();
    const result = fetchJson("/api/markers", { fetch, signal: controller.signal, isOnline: () => true });
    const settled = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    expect(await settled).toMatchObject({ name: "AbortError" });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("does not fetch at all while the browser is offline", async () => {
    const fetch = scripted(json(200, {}));
    await expect(fetchJson("/api/markers", { fetch, isOnline: () => false })).rejects.toBeInstanceOf(OfflineError);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("the retry policy", () => {
  it("is 2 retries from 1 s, doubling, capped at 30 s", () => {
    expect(FETCH_POLICY.retries).toBe(2);
    expect([0, 1, 2, 3, 4, 5, 6].map((retry) => retryDelay(retry))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("retries 5xx, 429 and network errors, not other 4xx, aborts or offline", () => {
    expect(shouldRetry(new HttpError(500, ""))).toBe(true);
    expect(shouldRetry(new HttpError(429, ""))).toBe(true);
    expect(shouldRetry(new TypeError("Failed to fetch"))).toBe(true);
    expect(shouldRetry(new HttpError(400, ""))).toBe(false);
    expect(shouldRetry(new HttpError(403, ""))).toBe(false);
    expect(shouldRetry(new HttpError(499, ""))).toBe(false);
    expect(shouldRetry(Object.assign(new Error("x"), { name: "AbortError" }))).toBe(false);
    expect(shouldRetry(new OfflineError())).toBe(false);
  });
});

describe("onReconnect", () => {
  it("refetches each time the browser comes back online, until stopped", () => {
    const target = new EventTarget();
    const refetch = vi.fn();
    const stop = onReconnect(refetch, target);
    target.dispatchEvent(new Event("online"));
    target.dispatchEvent(new Event("offline"));
    target.dispatchEvent(new Event("online"));
    expect(refetch).toHaveBeenCalledTimes(2);
    stop();
    target.dispatchEvent(new Event("online"));
    expect(refetch).toHaveBeenCalledTimes(2);
  });
});
