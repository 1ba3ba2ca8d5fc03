import { describe, expect, it } from "vitest";
import { DEFAULT_THEME, isTheme, themeCookie, themeFromCookieHeader } from "./theme";

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

  it("keeps the choice for a year, Secure on https", () => {
    expect(themeCookie("dark", true)).toBe("loppeguiden-theme=dark; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    expect(themeCookie("light", false)).not.toContain("Secure");
  });
});
