import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { CONSENT_EVENT, readConsentInBrowser, type ConsentRecord } from "~/consent/consent";

type Reporter = typeof import("./reporter");

/**
 * Mounted once in the root. Without analytics consent it does nothing but listen for the choice,
 * so such pages carry only this; with it, the reporter (and later web-vitals) load as separate
 * chunks, and every navigation, client-side ones too, is counted as a page view.
 */
export function MeasurementsMount() {
  const { pathname } = useLocation();
  const [analytics, setAnalytics] = useState(false);
  const [reporter, setReporter] = useState<Reporter | null>(null);

  useEffect(() => {
    setAnalytics(readConsentInBrowser()?.analytics === true);
    const onConsent = (event: Event) => setAnalytics((event as CustomEvent<ConsentRecord>).detail?.analytics === true);
    window.addEventListener(CONSENT_EVENT, onConsent);
    return () => window.removeEventListener(CONSENT_EVENT, onConsent);
  }, []);

  useEffect(() => {
    if (!analytics || reporter) return;
    let current = true;
    void import("./reporter").then((module) => {
      if (current) setReporter(module);
    });
    return () => {
      current = false;
    };
  }, [analytics, reporter]);

  useEffect(() => {
    if (!reporter) return;
    if (analytics) reporter.startMeasurements();
    else reporter.stopMeasurements();
  }, [analytics, reporter]);

  useEffect(() => {
    if (analytics && reporter) reporter.recordPageView(pathname);
  }, [analytics, reporter, pathname]);

  return null;
}
