import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MeasurementPayload } from "./payload";

/**
 * The reporter in Node with the few browser objects it touches stubbed: what it sends, when,
 * and what it does when web-vitals does not come.
 */

type Listener = () => void;
let beacons: MeasurementPayload[];
let beaconAccepted: boolean;
let fetches: { url: string; init: RequestInit }[];
let documentListeners: Map<string, Listener[]>;
let windowListeners: Map<string, Listener[]>;

function on(map: Map<string, Listener[]>) {
  return (type: string, listener: Listener) => map.set(type, [...(map.get(type) ?? []), listener]);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  beacons = [];
  beaconAccepted = true;
  fetches = [];
  documentListeners = new Map();
  windowListeners = new Map();
  vi.stubGlobal("navigator", {
    sendBeacon: (_url: string, blob: Blob) => {
      if (!beaconAccepted) return false;
      void blob.text().then((text) => beacons.push(JSON.parse(text) as MeasurementPayload));
      return true;
    },
  });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    fetches.push({ url, init });
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal("document", { visibilityState: "visible", addEventListener: on(documentListeners) });
  vi.stubGlobal("window", { location: { pathname: "/kalender" }, addEventListener: on(windowListeners) });
  // Node's own performance keeps its other methods: a fetch of the file before this one, still
  // finishing in the shared worker, reports its timing there.
  vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ name: "http://localhost/markeder/loppe-i-vejle" }] as unknown as ReturnType<typeof performance.getEntriesByType>);
  vi.stubGlobal(
    "PerformanceObserver",
    class {
      constructor(private readonly callback: (list: { getEntries: () => { name: string; duration: number }[] }) => void) {}
      observe() {
        this.callback({
          getEntries: () => [
            { name: "http://localhost/assets/big.js", duration: 1500 },
            { name: "http://localhost/assets/small.js", duration: 200 },
            { name: "http://localhost/api/maalinger", duration: 3000 },
          ],
        });
      }
    },
  );
});

afterEach(() => {
  vi.doUnmock("web-vitals");
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function mockVitals() {
  const callbacks: Record<string, (metric: { name: string; value: number }) => void> = {};
  vi.doMock("web-vitals", () => ({
    onLCP: (cb: (metric: unknown) => void) => (callbacks.LCP = cb),
    onCLS: (cb: (metric: unknown) => void) => (callbacks.CLS = cb),
    onINP: (cb: (metric: unknown) => void) => (callbacks.INP = cb),
    onFCP: (cb: (metric: unknown) => void) => (callbacks.FCP = cb),
    onTTFB: (cb: (metric: unknown) => void) => (callbacks.TTFB = cb),
  }));
  return callbacks;
}

async function settle(ms = 0) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe("the measurement reporter", () => {
  it("gathers a page view, the vitals of the loaded document and slow resources into one beacon per page", async () => {
    const vitals = mockVitals();
    const reporter = await import("./reporter");
    reporter.startMeasurements();
    reporter.recordPageView("/kalender");
    await settle();
    vitals.FCP!({ name: "FCP", value: 900 });
    vitals.TTFB!({ name: "TTFB", value: 120 });
    expect(beacons).toEqual([]);
    await settle(1000);
    expect(beacons).toEqual([
      { path: "/kalender", events: [{ kind: "slow-resource", value: 1500 }, { kind: "page-view" }] },
      {
        path: "/markeder/loppe-i-vejle",
        events: [
          { kind: "vital", metric: "FCP", value: 900 },
          { kind: "vital", metric: "TTFB", value: 120 },
        ],
      },
    ]);
  });

  it("sends what is waiting at once when the page is hidden", async () => {
    mockVitals();
    const reporter = await import("./reporter");
    reporter.startMeasurements();
    await settle(1000);
    beacons.length = 0;
    reporter.recordPageView("/faq");
    (document as { visibilityState: string }).visibilityState = "hidden";
    for (const listener of documentListeners.get("visibilitychange") ?? []) listener();
    await settle();
    expect(beacons).toEqual([{ path: "/faq", events: [{ kind: "page-view" }] }]);
  });

  it("splits more than 20 events over several beacons", async () => {
    mockVitals();
    const reporter = await import("./reporter");
    reporter.startMeasurements();
    await settle(1000);
    beacons.length = 0;
    for (let index = 0; index < 45; index++) reporter.recordPageView("/");
    await settle(1000);
    expect(beacons.map((beacon) => beacon.events.length)).toEqual([20, 20, 5]);
  });

  it("falls back to a keepalive fetch without cookies when the beacon is refused", async () => {
    mockVitals();
    beaconAccepted = false;
    const reporter = await import("./reporter");
    reporter.startMeasurements();
    reporter.recordPageView("/");
    await settle(1000);
    expect(fetches.map(({ url, init }) => ({ url, keepalive: init.keepalive, credentials: init.credentials }))).toEqual([
      { url: "/api/maalinger", keepalive: true, credentials: "omit" },
      { url: "/api/maalinger", keepalive: true, credentials: "omit" },
    ]);
  });

  it("sends nothing once analytics is withdrawn, not even what was waiting", async () => {
    const vitals = mockVitals();
    const reporter = await import("./reporter");
    reporter.startMeasurements();
    await settle(1000);
    beacons.length = 0;
    reporter.recordPageView("/");
    reporter.stopMeasurements();
    vitals.LCP!({ name: "LCP", value: 2000 });
    reporter.recordPageView("/faq");
    await settle(2000);
    expect(beacons).toEqual([]);
  });

  it("gives web-vitals up after 5 s with a warning, and keeps counting page views", async () => {
    vi.doMock("web-vitals", () => new Promise(() => undefined));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const reporter = await import("./reporter");
    reporter.startMeasurements();
    await settle(4999);
    expect(warn).not.toHaveBeenCalled();
    await settle(1);
    expect(warn).toHaveBeenCalledWith("Web vitals initialisation timed out after 5 s; vitals are not reported for this page");
    beacons.length = 0;
    reporter.recordPageView("/register");
    await settle(1000);
    expect(beacons).toEqual([{ path: "/register", events: [{ kind: "page-view" }] }]);
  });
});
