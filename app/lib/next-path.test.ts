import { describe, expect, test } from "vitest";
import { safeNextPath } from "./next-path";

describe("safeNextPath", () => {
  test("a path on this site is kept with its query and fragment", () => {
    expect(safeNextPath("/dashboard")).toBe("/dashboard");
    expect(safeNextPath("/markeder/aarhus?dato=weekend#kort")).toBe("/markeder/aarhus?dato=weekend#kort");
    expect(safeNextPath("/s%C3%B8ndag")).toBe("/s%C3%B8ndag");
  });

  test("anything that could lead off the site goes to the front page", () => {
    for (const value of [
      null,
      undefined,
      "",
      "dashboard",
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "javascript:alert(1)",
      " /dashboard",
    ]) {
      expect(safeNextPath(value), JSON.stringify(value)).toBe("/");
    }
  });

  test("dot segments that collapse to two slashes go to the front page, not to another host", () => {
    for (const value of [
      "/.//evil.example",
      "/..//evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example",
      "/a/..//evil.example",
      "/x/../..//evil.example",
      "/.//evil.example/%2e%2e",
    ]) {
      expect(safeNextPath(value), value).toBe("/");
    }
  });

  test("dot segments that stay on the site are resolved", () => {
    expect(safeNextPath("/markeder/../kalender")).toBe("/kalender");
    expect(safeNextPath("/./register?q=loppe")).toBe("/register?q=loppe");
  });

  test("a line break cannot smuggle a header into the redirect", () => {
    expect(safeNextPath("/a\r\nSet-Cookie: x=1")).not.toMatch(/[\r\n]/);
  });
});
