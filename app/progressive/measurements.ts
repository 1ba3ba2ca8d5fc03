import { CONSENT_EVENT, readConsentInBrowser, type ConsentRecord } from "~/consent/consent";
import { importOrReload } from "~/errors/client-storage";

type Reporter = typeof import("~/measurements/reporter");

/**
 * Anonymous measurement on a page without React, as MeasurementsMount.tsx does it: nothing until
 * the visitor allows analytics, then the reporter loads, counts this page view once and follows
 * a withdrawn or renewed consent.
 */
export function measureWithConsent(): void {
  let reporter: Promise<Reporter> | null = null;
  let counted = false;
  const follow = (analytics: boolean) => {
    if (!analytics && !reporter) return;
    reporter ??= importOrReload(() => import("~/measurements/reporter"));
    void reporter.then((loaded) => {
      if (!analytics) return loaded.stopMeasurements();
      loaded.startMeasurements();
      if (!counted) loaded.recordPageView(window.location.pathname);
      counted = true;
    });
  };
  follow(readConsentInBrowser()?.analytics === true);
  window.addEventListener(CONSENT_EVENT, (event) => follow((event as CustomEvent<ConsentRecord>).detail?.analytics === true));
}
