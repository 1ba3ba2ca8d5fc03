import { describe, expect, it } from "vitest";
import {
  CONSENT_COOKIE,
  CONSENT_DETAILS_COOKIE,
  bannerClosedCookie,
  choicesForDecision,
  consentCacheKey,
  consentCookies,
  consentRecord,
  isBannerClosed,
  isBannerId,
  isConsentDecision,
  parseConsent,
  preferencesAllowed,
} from "./consent";

const NOW = new Date("2026-05-01T10:00:00.000Z");

/** The Cookie header a browser sends back after receiving these Set-Cookie values. */
function cookieHeader(setCookies: string[]): string {
  return setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

describe("consent record", () => {
  it("is version 1.0 with essential always on", () => {
    const record = consentRecord({ preferences: true, analytics: false, marketing: true }, NOW);
    expect(record).toEqual({
      essential: true,
      preferences: true,
      analytics: false,
      marketing: true,
      timestamp: "2026-05-01T10:00:00.000Z",
      version: "1.0",
    });
  });

  it("round-trips through the two cookies", () => {
    const record = consentRecord({ preferences: false, analytics: true, marketing: false }, NOW);
    const header = cookieHeader(consentCookies(record, false));
    expect(header).toContain(`${CONSENT_COOKIE}=1.0`);
    expect(header).toContain(`${CONSENT_DETAILS_COOKIE}=%7B%22essential%22%3Atrue`);
    expect(parseConsent(`other=x; ${header}`)).toEqual(record);
  });

  it("keeps the cookies for 365 days on path /, SameSite Lax, Secure only on https", () => {
    const record = consentRecord({ preferences: false, analytics: false, marketing: false }, NOW);
    for (const cookie of consentCookies(record, false)) {
      expect(cookie).toContain("Path=/; Max-Age=31536000; SameSite=Lax");
      expect(cookie).not.toMatch(/Secure|HttpOnly/);
    }
    for (const cookie of consentCookies(record, true)) expect(cookie).toMatch(/; Secure$/);
  });
});

describe("parseConsent", () => {
  const valid = cookieHeader(consentCookies(consentRecord({ preferences: true, analytics: true, marketing: true }, NOW), false));

  it("is null without a choice", () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent("")).toBeNull();
    expect(parseConsent("loppeguiden-theme=dark")).toBeNull();
  });

  it("is null for a cookie that cannot be parsed, so the banner asks again", () => {
    expect(parseConsent(`${CONSENT_COOKIE}=1.0; ${CONSENT_DETAILS_COOKIE}=%7Bnot-json`)).toBeNull();
    expect(parseConsent(`${CONSENT_COOKIE}=1.0; ${CONSENT_DETAILS_COOKIE}=%E0%A4%A`)).toBeNull();
    expect(parseConsent(`${CONSENT_COOKIE}=1.0; ${CONSENT_DETAILS_COOKIE}=null`)).toBeNull();
  });

  it("is null when a field is missing, of the wrong type or from another version", () => {
    const tamper = (change: Record<string, unknown>) => {
      const details = { essential: true, preferences: true, analytics: true, marketing: true, timestamp: NOW.toISOString(), version: "1.0", ...change };
      return `${CONSENT_COOKIE}=1.0; ${CONSENT_DETAILS_COOKIE}=${encodeURIComponent(JSON.stringify(details))}`;
    };
    expect(parseConsent(tamper({}))).not.toBeNull();
    expect(parseConsent(tamper({ analytics: "yes" }))).toBeNull();
    expect(parseConsent(tamper({ marketing: undefined }))).toBeNull();
    expect(parseConsent(tamper({ essential: false }))).toBeNull();
    expect(parseConsent(tamper({ version: "0.9" }))).toBeNull();
    expect(parseConsent(tamper({ timestamp: "i går" }))).toBeNull();
  });

  it("needs both cookies", () => {
    expect(parseConsent(valid.replace(`${CONSENT_COOKIE}=1.0; `, ""))).toBeNull();
    expect(parseConsent(`${CONSENT_COOKIE}=1.0`)).toBeNull();
    expect(parseConsent(valid.replace(`${CONSENT_COOKIE}=1.0`, `${CONSENT_COOKIE}=2.0`))).toBeNull();
  });
});

describe("preferencesAllowed", () => {
  it("is true only for a valid choice that allows preferences", () => {
    const header = (preferences: boolean) => cookieHeader(consentCookies(consentRecord({ preferences, analytics: false, marketing: false }, NOW), false));
    expect(preferencesAllowed(header(true))).toBe(true);
    expect(preferencesAllowed(header(false))).toBe(false);
    expect(preferencesAllowed(null)).toBe(false);
    expect(preferencesAllowed(`${CONSENT_COOKIE}=1.0`)).toBe(false);
  });
});

describe("decisions", () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(entries)) data.set(name, value);
    return data;
  };

  it("accept all turns every category on and reject all turns them off, whatever the toggles say", () => {
    expect(choicesForDecision("accept-all", form({}))).toEqual({ preferences: true, analytics: true, marketing: true });
    expect(choicesForDecision("reject-all", form({ analytics: "on" }))).toEqual({ preferences: false, analytics: false, marketing: false });
  });

  it("save stores the checked toggles; unchecked boxes are simply absent", () => {
    expect(choicesForDecision("save", form({ analytics: "on" }))).toEqual({ preferences: false, analytics: true, marketing: false });
    expect(choicesForDecision("save", form({ preferences: "on", marketing: "on", analytics: "off" }))).toEqual({
      preferences: true,
      analytics: false,
      marketing: true,
    });
  });

  it("knows the three decisions only", () => {
    expect(["accept-all", "reject-all", "save"].every(isConsentDecision)).toBe(true);
    expect(isConsentDecision("accept")).toBe(false);
    expect(isConsentDecision(null)).toBe(false);
  });
});

describe("closed information banners", () => {
  it("stays closed for 30 days", () => {
    const cookie = bannerClosedCookie("demo-data", false);
    expect(cookie).toBe("loppeguiden-banner-closed-demo-data=1; Path=/; Max-Age=2592000; SameSite=Lax");
    expect(isBannerClosed(cookieHeader([cookie]), "demo-data")).toBe(true);
    expect(isBannerClosed(cookieHeader([cookie]), "announcement")).toBe(false);
    expect(bannerClosedCookie("demo-data", true)).toMatch(/; Secure$/);
  });

  it("accepts only short lowercase ids, so a form cannot name any cookie", () => {
    expect(isBannerId("demo-data")).toBe(true);
    expect(isBannerId("x; Path=/evil")).toBe(false);
    expect(isBannerId("Demo")).toBe(false);
    expect(isBannerId("")).toBe(false);
    expect(isBannerId("a".repeat(41))).toBe(false);
  });
});

describe("consentCacheKey", () => {
  const chosen = (analytics: boolean) => cookieHeader(consentCookies(consentRecord({ preferences: true, analytics, marketing: false }, NOW), false));

  it("tells apart no choice, a broken choice and each valid choice, but not their timestamps", () => {
    expect(consentCacheKey(null)).toBe("-");
    expect(consentCacheKey(`${CONSENT_COOKIE}=1.0; ${CONSENT_DETAILS_COOKIE}=broken`)).toBe("-");
    expect(consentCacheKey(chosen(true))).toBe("110");
    expect(consentCacheKey(chosen(false))).toBe("100");
    const later = cookieHeader(consentCookies(consentRecord({ preferences: true, analytics: true, marketing: false }, new Date()), false));
    expect(consentCacheKey(later)).toBe(consentCacheKey(chosen(true)));
  });

  it("adds the closed information banners in a stable order", () => {
    const closed = "loppeguiden-banner-closed-nyhed=1; loppeguiden-banner-closed-demo-data=1; loppeguiden-banner-closed-x=0";
    expect(consentCacheKey(closed)).toBe("-|demo-data,nyhed");
    expect(consentCacheKey(`${chosen(false)}; ${closed}`)).toBe("100|demo-data,nyhed");
  });
});
