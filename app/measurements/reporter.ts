import type { Metric } from "web-vitals";
import type { MeasurementEvent, MeasurementPayload } from "./payload";
import { SLOW_RESOURCE_MS, VITALS_INIT_TIMEOUT_MS } from "./thresholds";

/**
 * The browser half of anonymous measurement, loaded by app/progressive/measurements.ts only once the visitor
 * has allowed analytics. It posts page views, the Core Web Vitals and slow resources to our own
 * endpoint: the path (which the server turns into a page type) and numbers, nothing else.
 */

export const MEASUREMENTS_ENDPOINT = "/api/maalinger";
/** Events are gathered this long, so a page's first vitals travel with its page view. */
const FLUSH_DELAY_MS = 1000;
/** Mirrors MAX_EVENTS_PER_BEACON in payload.ts, which the reporter cannot import without zod. */
const MAX_EVENTS_PER_BEACON = 20;

let enabled = false;
let started = false;
let flushTimer: ReturnType<typeof setTimeout> | undefined;
const pending = new Map<string, MeasurementEvent[]>();

function send(payload: MeasurementPayload): void {
  const body = JSON.stringify(payload);
  if (navigator.sendBeacon?.(MEASUREMENTS_ENDPOINT, new Blob([body], { type: "application/json" }))) return;
  // No beacon (or its queue is full): keepalive lets the post outlive the page too. Without cookies.
  void fetch(MEASUREMENTS_ENDPOINT, {
    method: "POST",
    body,
    keepalive: true,
    credentials: "omit",
    headers: { "Content-Type": "application/json" },
  }).catch(() => undefined);
}

function flush(): void {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  for (const [path, events] of pending) {
    for (let start = 0; start < events.length; start += MAX_EVENTS_PER_BEACON) {
      send({ path, events: events.slice(start, start + MAX_EVENTS_PER_BEACON) });
    }
  }
  pending.clear();
}

function enqueue(path: string, event: MeasurementEvent): void {
  if (!enabled) return;
  const events = pending.get(path) ?? [];
  events.push(event);
  pending.set(path, events);
  flushTimer ??= setTimeout(flush, FLUSH_DELAY_MS);
}

/**
 * The page the document was loaded as. The vitals describe that load (and, for CLS and INP, the
 * whole life of the document), even when the visitor has moved on by client navigation since.
 */
function documentPath(): string {
  const [navigation] = performance.getEntriesByType("navigation");
  return navigation ? new URL(navigation.name).pathname : window.location.pathname;
}

function watchSlowResources(): void {
  if (typeof PerformanceObserver === "undefined") return;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // Our own beacons are not page resources, and one that was slow would report itself again.
      if (entry.duration > SLOW_RESOURCE_MS && !entry.name.includes(MEASUREMENTS_ENDPOINT)) {
        enqueue(window.location.pathname, { kind: "slow-resource", value: Math.round(entry.duration) });
      }
    }
  });
  try {
    // buffered: the resources of this page that loaded before consent was given count too.
    observer.observe({ type: "resource", buffered: true });
  } catch {
    // A browser without resource timing: nothing to flag.
  }
}

async function watchVitals(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timed-out">((resolve) => {
    timer = setTimeout(() => resolve("timed-out"), VITALS_INIT_TIMEOUT_MS);
  });
  const vitals = await Promise.race([import("web-vitals").catch((error: unknown) => error as Error), timeout]);
  clearTimeout(timer);
  // product §8: the page goes on without vitals; page views and slow resources are still reported.
  if (vitals === "timed-out") {
    console.warn(`Web vitals initialisation timed out after ${VITALS_INIT_TIMEOUT_MS / 1000} s; vitals are not reported for this page`);
    return;
  }
  if (vitals instanceof Error) {
    console.warn("Web vitals could not be loaded; vitals are not reported for this page", vitals);
    return;
  }
  const path = documentPath();
  const report = (metric: Metric) => enqueue(path, { kind: "vital", metric: metric.name, value: metric.value });
  vitals.onLCP(report);
  vitals.onCLS(report);
  vitals.onINP(report);
  vitals.onFCP(report);
  vitals.onTTFB(report);
}

/** Starts measuring, or resumes after the visitor allowed analytics again. */
export function startMeasurements(): void {
  enabled = true;
  if (started) return;
  started = true;
  // The last vitals (CLS, INP, a late LCP) are known only when the page is left or hidden.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  window.addEventListener("pagehide", flush);
  watchSlowResources();
  void watchVitals();
}

/** Analytics consent withdrawn: nothing more is sent, also not what was waiting. */
export function stopMeasurements(): void {
  enabled = false;
  clearTimeout(flushTimer);
  flushTimer = undefined;
  pending.clear();
}

export function recordPageView(path: string): void {
  enqueue(path, { kind: "page-view" });
}
