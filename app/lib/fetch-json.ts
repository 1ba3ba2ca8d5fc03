/**
 * JSON from our own endpoints in the browser, with the data-fetching policy of product §9: a 4xx
 * answer is final except 429; anything else (5xx, 429, a dropped connection) is tried again at most
 * twice, waiting 1 s and then twice as long each time, never more than 30 s; nothing is fetched
 * while the browser is offline, and callers refetch when it comes back (onReconnect).
 */

export interface FetchPolicy {
  retries: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const FETCH_POLICY: FetchPolicy = { retries: 2, firstDelayMs: 1000, maxDelayMs: 30_000 };

/** An answer with an error status; `message` is the server's Danish text when it sent one. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "HttpError";
    this.status = status;
  }
}

export class OfflineError extends Error {
  constructor() {
    super("Du er ikke på nettet lige nu.");
    this.name = "OfflineError";
  }
}

export interface FetchJsonOptions {
  signal?: AbortSignal;
  policy?: FetchPolicy;
  fetch?: typeof fetch;
  isOnline?: () => boolean;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

export function shouldRetry(error: unknown): boolean {
  if (isAbortError(error) || error instanceof OfflineError) return false;
  if (error instanceof HttpError) return error.status === 429 || error.status < 400 || error.status >= 500;
  return true;
}

/** The wait before retry number `retry` (0 for the first). */
export function retryDelay(retry: number, policy: FetchPolicy = FETCH_POLICY): number {
  return Math.min(policy.firstDelayMs * 2 ** retry, policy.maxDelayMs);
}

function abortError(): Error {
  const error = new Error("Afbrudt");
  error.name = "AbortError";
  return error;
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

async function attempt(url: string, options: FetchJsonOptions): Promise<unknown> {
  const isOnline = options.isOnline ?? (() => typeof navigator === "undefined" || navigator.onLine !== false);
  if (!isOnline()) throw new OfflineError();
  const response = await (options.fetch ?? fetch)(url, { signal: options.signal, headers: { Accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    const message = typeof body?.error === "string" ? body.error : `HTTP ${response.status}`;
    throw new HttpError(response.status, message);
  }
  return response.json();
}

export async function fetchJson<T = unknown>(url: string, options: FetchJsonOptions = {}): Promise<T> {
  const policy = options.policy ?? FETCH_POLICY;
  for (let retry = 0; ; retry++) {
    try {
      return (await attempt(url, options)) as T;
    } catch (error) {
      if (options.signal?.aborted) throw abortError();
      if (retry >= policy.retries || !shouldRetry(error)) throw error;
      await wait(retryDelay(retry, policy), options.signal);
    }
  }
}

/** Calls `refetch` each time the browser comes back online; returns the function that stops it. */
export function onReconnect(refetch: () => void, target: Pick<EventTarget, "addEventListener" | "removeEventListener"> = window): () => void {
  const listener = () => refetch();
  target.addEventListener("online", listener);
  return () => target.removeEventListener("online", listener);
}
