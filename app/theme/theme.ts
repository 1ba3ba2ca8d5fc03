import { readCookie, serializeCookie } from "~/lib/http";

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "system";

export const THEME_COOKIE = "loppeguiden-theme";
/** The channel other open tabs listen on, so a change reaches them at once. */
export const THEME_CHANNEL = "loppeguiden-theme-sync";
/** Raised in this tab when the theme changes, so the theme buttons follow the class on <html>. */
export const THEME_EVENT = "loppeguiden:theme";
const ONE_YEAR = 365 * 24 * 60 * 60;

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

export function themeFromCookieHeader(header: string | null): Theme {
  const value = readCookie(header, THEME_COOKIE);
  return isTheme(value) ? value : DEFAULT_THEME;
}

/**
 * The cookie that keeps a theme choice. It lasts a year only when the visitor has allowed
 * preferences in the cookie consent; otherwise until the browser closes, which is enough to carry
 * the choice from page to page.
 */
export function themeCookie(theme: Theme, secure: boolean, preferencesAllowed: boolean): string {
  // Readable by scripts on purpose: it holds nothing secret and the client keeps tabs in step.
  return serializeCookie(THEME_COOKIE, theme, { maxAgeSeconds: preferencesAllowed ? ONE_YEAR : undefined, secure });
}

/** The stored theme choice again, lasting as a new consent choice allows; null when none is stored. */
export function themeCookieForConsent(cookieHeader: string | null, preferencesAllowed: boolean, secure: boolean): string | null {
  const value = readCookie(cookieHeader, THEME_COOKIE);
  return isTheme(value) ? themeCookie(value, secure, preferencesAllowed) : null;
}
