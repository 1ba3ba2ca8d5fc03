import { CONSENT_EVENT, readConsentInBrowser, type ConsentChoices, type ConsentRecord } from "./consent";

/**
 * Consent signals in the gtag "consent mode" format (product §4 "Consent"), kept in a plain
 * window.dataLayer queue. Nothing external is loaded to keep this queue: a tag that arrives later
 * (only with analytics consent, see shouldLoadAnalyticsTag) reads what is already in it.
 */

type Signal = "granted" | "denied";

export interface ConsentSignals {
  ad_storage: Signal;
  ad_user_data: Signal;
  ad_personalization: Signal;
  analytics_storage: Signal;
  functionality_storage: Signal;
  personalization_storage: Signal;
  security_storage: Signal;
}

/** How long a tag waits for the stored choice before acting on the defaults. */
export const WAIT_FOR_UPDATE_MS = 500;

/** Before any choice: everything denied except the storage that keeps the site secure. */
export const DEFAULT_SIGNALS: ConsentSignals = {
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  analytics_storage: "denied",
  functionality_storage: "denied",
  personalization_storage: "denied",
  security_storage: "granted",
};

const signal = (granted: boolean): Signal => (granted ? "granted" : "denied");

/** What a choice grants: analytics → analytics storage, marketing → ads, preferences → functionality. */
export function signalsFor(choices: ConsentChoices): Omit<ConsentSignals, "security_storage"> {
  return {
    analytics_storage: signal(choices.analytics),
    ad_storage: signal(choices.marketing),
    ad_user_data: signal(choices.marketing),
    ad_personalization: signal(choices.marketing),
    functionality_storage: signal(choices.preferences),
    personalization_storage: signal(choices.preferences),
  };
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * gtag() pushes its arguments object, not an array: that is the shape gtag.js reads from the
 * queue, so the calls made before it loads still count.
 */
function gtag(..._args: unknown[]): void {
  window.dataLayer ??= [];
  // eslint-disable-next-line prefer-rest-params -- gtag.js reads an arguments object from the queue, not an array (above)
  window.dataLayer.push(arguments);
}

let defaultsSet = false;

/** Once per page load, before anything else reads the queue. */
export function setDefaultConsent(): void {
  if (defaultsSet) return;
  defaultsSet = true;
  gtag("consent", "default", { ...DEFAULT_SIGNALS, wait_for_update: WAIT_FOR_UPDATE_MS });
}

export function updateConsent(choices: ConsentChoices): void {
  setDefaultConsent();
  gtag("consent", "update", signalsFor(choices));
  if (!choices.analytics) removeAnalyticsCookies();
}

// The external analytics tag: Google Analytics 4 when GA_MEASUREMENT_ID is configured.

export const ANALYTICS_TAG_ORIGIN = "https://www.googletagmanager.com";
/** What the Content-Security-Policy must allow once the tag runs (Google's list for GA4). */
export const ANALYTICS_TAG_CSP = {
  scriptOrigins: ["https://*.googletagmanager.com"],
  connectOrigins: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
  imgOrigins: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
};

export function shouldLoadAnalyticsTag(measurementId: string | null, choices: ConsentChoices | null): measurementId is string {
  return measurementId !== null && choices?.analytics === true;
}

export function analyticsTagUrl(measurementId: string): string {
  return `${ANALYTICS_TAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
}

let tagLoaded = false;

export function loadAnalyticsTag(measurementId: string): void {
  if (tagLoaded) return;
  tagLoaded = true;
  gtag("js", new Date());
  gtag("config", measurementId);
  const script = document.createElement("script");
  script.async = true;
  script.src = analyticsTagUrl(measurementId);
  document.head.append(script);
}

/** A withdrawn analytics consent also removes the cookies the tag set while it was allowed. */
function removeAnalyticsCookies(): void {
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim() ?? "";
    if (!name.startsWith("_ga")) continue;
    const domain = window.location.hostname.split(".").slice(-2).join(".");
    document.cookie = `${name}=; Path=/; Max-Age=0`;
    document.cookie = `${name}=; Path=/; Max-Age=0; Domain=.${domain}`;
  }
}

/**
 * The signals of this page: the defaults once, then the stored choice and every new one, and the
 * tag only when allowed. Returns what stops following the choices. Used by the React banner
 * (CookieBanner.tsx) and on pages without React (app/progressive/consent.ts).
 */
export function followConsentSignals(measurementId: string | null): () => void {
  const apply = (choices: ConsentChoices) => {
    updateConsent(choices);
    if (shouldLoadAnalyticsTag(measurementId, choices)) loadAnalyticsTag(measurementId);
  };
  setDefaultConsent();
  const stored = readConsentInBrowser();
  if (stored) apply(stored);
  const onChoice = (event: Event) => apply((event as CustomEvent<ConsentRecord>).detail);
  window.addEventListener(CONSENT_EVENT, onChoice);
  return () => window.removeEventListener(CONSENT_EVENT, onChoice);
}
