import { describe, expect, it } from "vitest";
import { DEFAULT_THEME, isTheme, themeCookie, themeCookieForConsent, themeFromCookieHeader } from "./theme";

describe("theme", () => {
  it("defaults to system", () => {
    expect(DEFAULT_THEME).toBe("system");
    expect(themeFromCookieHeader(null)).toBe("system");
    expect(themeFromCookieHeader("loppeguiden-theme=purple")).toBe("system");
  });

  it("reads the stored choice", () => {
    expect(themeFromCookieHeader("other=1; loppeguiden-theme=dark")).toBe("dark");
    expect(themeFromCookieHeader("loppeguiden-theme=light")).toBe("light");
  });

  it("knows the three choices and nothing else", () => {
    expect(["light", "dark", "system"].every(isTheme)).toBe(true);
    expect(isTheme("Dark")).toBe(false);
    expect(isTheme(undefined)).toBe(false);
  });

  it("keeps the choice for a year only with preferences allowed, otherwise until the browser closes", () => {
    expect(themeCookie("dark", true, true)).toBe("loppeguiden-theme=dark; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    expect(themeCookie("dark", true, false)).toBe("loppeguiden-theme=dark; Path=/; SameSite=Lax; Secure");
    expect(themeCookie("light", false, true)).not.toContain("Secure");
  });

  it("sets a stored choice again when the consent changes, and nothing when there is none", () => {
    expect(themeCookieForConsent("a=1; loppeguiden-theme=light", false, false)).toBe("loppeguiden-theme=light; Path=/; SameSite=Lax");
    expect(themeCookieForConsent("loppeguiden-theme=light", true, false)).toContain("Max-Age=31536000");
    expect(themeCookieForConsent("a=1", true, false)).toBeNull();
    expect(themeCookieForConsent("loppeguiden-theme=purple", true, false)).toBeNull();
  });
});
