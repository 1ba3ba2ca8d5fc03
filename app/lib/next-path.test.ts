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

  test("a line break cannot smuggle a header into the redirect", () => {
    expect(safeNextPath("/a\r\nSet-Cookie: x=1")).not.toMatch(/[\r\n]/);
  });
});
