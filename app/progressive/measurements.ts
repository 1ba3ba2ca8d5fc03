import { CONSENT_EVENT, readConsentInBrowser, type ConsentRecord } from "~/consent/consent";
import { importOrReload } from "~/errors/client-storage";
import { pageSingleton } from "~/lib/memo/page-singleton";

type Reporter = typeof import("~/measurements/reporter");

interface PageMeasurement {
  analytics: boolean;
  reporter: Promise<Reporter> | null;
  /** The page shown now, and the last one counted as a page view. */
  path: string;
  counted: string | null;
}

/** Once per page: React's root tells the reporter this script loaded of each client-side navigation. */
const pageMeasurement = () => pageSingleton<PageMeasurement>("measurements", () => ({ analytics: false, reporter: null, path: window.location.pathname, counted: null }));

function countPageView(reporter: Reporter): void {
  const measurement = pageMeasurement();
  if (!measurement.analytics || measurement.counted === measurement.path) return;
  measurement.counted = measurement.path;
  reporter.recordPageView(measurement.path);
}

function follow(analytics: boolean): void {
  const measurement = pageMeasurement();
  measurement.analytics = analytics;
  if (!analytics && !measurement.reporter) return;
  measurement.reporter ??= importOrReload(() => import("~/measurements/reporter"));
  void measurement.reporter.then((reporter) => {
    if (!pageMeasurement().analytics) return reporter.stopMeasurements();
    reporter.startMeasurements();
    countPageView(reporter);
  });
}

/**
 * Anonymous measurement: nothing until the visitor allows analytics, then the reporter loads,
 * counts each page view once and follows a withdrawn or renewed consent.
 */
export function measureWithConsent(): void {
  follow(readConsentInBrowser()?.analytics === true);
  window.addEventListener(CONSENT_EVENT, (event) => follow((event as CustomEvent<ConsentRecord>).detail?.analytics === true));
}

/** A page with React shows another page by a client-side navigation: one more page view. */
export function pageViewed(path: string): void {
  const measurement = pageMeasurement();
  measurement.path = path;
  void measurement.reporter?.then(countPageView);
}
