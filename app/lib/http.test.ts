import { describe, expect, it } from "vitest";
import { readCookie, serializeCookie } from "./http";

describe("cookies", () => {
  it("reads one cookie among several", () => {
    expect(readCookie("a=1; loppeguiden-theme=dark; b=2", "loppeguiden-theme")).toBe("dark");
    expect(readCookie("a=1", "loppeguiden-theme")).toBeNull();
    expect(readCookie(null, "x")).toBeNull();
    expect(readCookie("x=%E0%A4%A", "x")).toBeNull();
  });

  it("writes Path, Max-Age, SameSite and Secure only on https", () => {
    expect(serializeCookie("x", "æ ø", { maxAgeSeconds: 60, secure: false })).toBe("x=%C3%A6%20%C3%B8; Path=/; Max-Age=60; SameSite=Lax");
    expect(serializeCookie("x", "1", { maxAgeSeconds: 60, secure: true, httpOnly: true })).toBe("x=1; Path=/; Max-Age=60; SameSite=Lax; HttpOnly; Secure");
  });
});
