import { describe, expect, it } from "vitest";
import { permanentRedirectTarget } from "./redirects";

const target = (path: string) => permanentRedirectTarget(new URL(path, "http://localhost"));

describe("permanent redirects (product §2)", () => {
  it.each([
    ["/en", "/"],
    ["/en/", "/"],
    ["/en/kalender", "/kalender"],
    ["/en/markeder/noget?side=2", "/markeder/noget?side=2"],
    ["/en/pricing", "/priser"],
    ["/marked/loppemarked-i-ry", "/markeder/loppemarked-i-ry"],
    ["/marked/loppemarked-i-ry?utm=x", "/markeder/loppemarked-i-ry?utm=x"],
    ["/markeder/alle", "/register"],
    ["/markeder/alle?type=antik", "/register?type=antik"],
    ["/pricing", "/priser"],
    ["/pricing/", "/priser"],
    ["/gemte-markeder", "/dashboard/gemte-markeder"],
  ])("%s → %s", (from, to) => {
    expect(target(from)).toBe(to);
  });

  it.each(["/", "/english", "/markeder", "/markeder/alle/mere", "/marked", "/priser", "/enkelt"])("leaves %s alone", (path) => {
    expect(target(path)).toBeNull();
  });
});
