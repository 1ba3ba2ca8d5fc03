// Relative, not "~/": server/page-cache.ts reads the consent too and is built without the app alias.
import { readCookie, serializeCookie } from "../lib/http";
import { themeCookieForConsent } from "../theme/theme";

/**
 * The visitor's cookie choice (product §4 "Consent", §9 "Consent and cookies"). Pure and safe to
 * import in the browser: the server reads the same cookies to render (or leave out) the banner.
 *
 * `loppeguiden-consent` holds the consent version the choice was made under ("1.0"): a quick
 * "has chosen" flag the server can test without parsing JSON. `loppeguiden-consent-details`
 * holds the whole record as URL-encoded JSON. Both must be valid for the choice to count; a
 * missing, broken or outdated pair means no choice, so the banner asks again.
 */

export const CONSENT_COOKIE = "loppeguiden-consent";
export const CONSENT_DETAILS_COOKIE = "loppeguiden-consent-details";
export const CONSENT_VERSION = "1.0";
/** Raised on window after every choice made with JavaScript; detail is the ConsentRecord. */
export const CONSENT_EVENT = "loppeguiden:consent";

export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const BANNER_CLOSED_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The switchable categories; "essential" is always on and not a choice. */
export const CONSENT_CATEGORIES = ["preferences", "analytics", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type ConsentChoices = Record<ConsentCategory, boolean>;

export interface ConsentRecord extends ConsentChoices {
  essential: true;
  /** ISO 8601, when the choice was made. */
  timestamp: string;
  version: typeof CONSENT_VERSION;
}

/** What applies before any choice (and after a broken cookie): everything optional is off. */
export const DEFAULT_CHOICES: ConsentChoices = { preferences: false, analytics: false, marketing: false };
export const ACCEPT_ALL: ConsentChoices = { preferences: true, analytics: true, marketing: true };

export function consentRecord(choices: ConsentChoices, now: Date = new Date()): ConsentRecord {
  return {
    essential: true,
    preferences: choices.preferences,
    analytics: choices.analytics,
    marketing: choices.marketing,
    timestamp: now.toISOString(),
    version: CONSENT_VERSION,
  };
}

/** The stored record, or null when there is no valid choice (the banner is then shown). */
export function parseConsent(cookieHeader: string | null | undefined): ConsentRecord | null {
  if (readCookie(cookieHeader, CONSENT_COOKIE) !== CONSENT_VERSION) return null;
  const details = readCookie(cookieHeader, CONSENT_DETAILS_COOKIE);
  if (details === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(details);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record.essential !== true || record.version !== CONSENT_VERSION) return null;
  if (!CONSENT_CATEGORIES.every((category) => typeof record[category] === "boolean")) return null;
  if (typeof record.timestamp !== "string" || Number.isNaN(Date.parse(record.timestamp))) return null;
  return {
    essential: true,
    preferences: record.preferences as boolean,
    analytics: record.analytics as boolean,
    marketing: record.marketing as boolean,
    timestamp: record.timestamp,
    version: CONSENT_VERSION,
  };
}

/** Whether the stored choice allows remembering preferences such as the theme beyond this visit. */
export function preferencesAllowed(cookieHeader: string | null | undefined): boolean {
  return parseConsent(cookieHeader)?.preferences === true;
}

/** The two Set-Cookie values that store a choice (also written by document.cookie in the browser). */
export function consentCookies(record: ConsentRecord, secure: boolean): [string, string] {
  const options = { maxAgeSeconds: CONSENT_MAX_AGE_SECONDS, secure };
  return [serializeCookie(CONSENT_COOKIE, record.version, options), serializeCookie(CONSENT_DETAILS_COOKIE, JSON.stringify(record), options)];
}

/** Reads a form's checkboxes (name = category, value "on"/"1"): unchecked boxes are not sent. */
export function choicesFromForm(form: FormData): ConsentChoices {
  const checked = (category: ConsentCategory) => {
    const value = form.get(category);
    return value === "on" || value === "1" || value === "true";
  };
  return { preferences: checked("preferences"), analytics: checked("analytics"), marketing: checked("marketing") };
}

/** The choice behind each banner button; "save" takes the dialog's toggles. */
export const CONSENT_DECISIONS = ["accept-all", "reject-all", "save"] as const;
export type ConsentDecision = (typeof CONSENT_DECISIONS)[number];

export function isConsentDecision(value: unknown): value is ConsentDecision {
  return typeof value === "string" && (CONSENT_DECISIONS as readonly string[]).includes(value);
}

export function choicesForDecision(decision: ConsentDecision, form: FormData): ConsentChoices {
  if (decision === "accept-all") return { ...ACCEPT_ALL };
  if (decision === "reject-all") return { ...DEFAULT_CHOICES };
  return choicesFromForm(form);
}

/** The record in this browser's cookies; null on the server or when no valid choice is stored. */
export function readConsentInBrowser(): ConsentRecord | null {
  if (typeof document === "undefined") return null;
  return parseConsent(document.cookie);
}

/** Stores a choice from the browser at once (no reload) and tells listeners such as the vitals reporter. */
export function storeConsentInBrowser(choices: ConsentChoices): ConsentRecord {
  const record = consentRecord(choices);
  const secure = window.location.protocol === "https:";
  for (const cookie of consentCookies(record, secure)) document.cookie = cookie;
  const theme = themeCookieForConsent(document.cookie, record.preferences, secure);
  if (theme) document.cookie = theme;
  window.dispatchEvent(new CustomEvent<ConsentRecord>(CONSENT_EVENT, { detail: record }));
  return record;
}

// Information banners the visitor can close for 30 days (the demo-data notice, announcements).

export const BANNER_CLOSED_PREFIX = "loppeguiden-banner-closed-";
const BANNER_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

export function isBannerId(value: unknown): value is string {
  return typeof value === "string" && BANNER_ID.test(value);
}

export function bannerClosedCookieName(id: string): string {
  return `${BANNER_CLOSED_PREFIX}${id}`;
}

export function bannerClosedCookie(id: string, secure: boolean): string {
  return serializeCookie(bannerClosedCookieName(id), "1", { maxAgeSeconds: BANNER_CLOSED_MAX_AGE_SECONDS, secure });
}

export function isBannerClosed(cookieHeader: string | null | undefined, id: string): boolean {
  return readCookie(cookieHeader, bannerClosedCookieName(id)) === "1";
}

/** The demo-data notice in the footer. */
export const DEMO_DATA_BANNER_ID = "demo-data";

/**
 * What of the consent cookies changes the server's HTML, for the page cache key
 * (server/page-cache.ts): whether a valid choice exists and which (the /cookies form shows it),
 * and which information banners are closed. "-" for a first-time visitor.
 */
export function consentCacheKey(cookieHeader: string | null | undefined): string {
  const consent = parseConsent(cookieHeader);
  const choice = consent ? CONSENT_CATEGORIES.map((category) => (consent[category] ? "1" : "0")).join("") : "-";
  const closed = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part.startsWith(BANNER_CLOSED_PREFIX) && part.endsWith("=1"))
    .map((part) => part.slice(BANNER_CLOSED_PREFIX.length, -2))
    .filter(isBannerId)
    .sort();
  return closed.length > 0 ? `${choice}|${closed.join(",")}` : choice;
}
