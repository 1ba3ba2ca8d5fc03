import { describe, expect, test } from "vitest";
import { canonicalTarget, displayUrl, followedLink } from "./urls";

const origins = { crawl: "http://localhost:4000", site: "https://loppeguiden.dk" };
const page = "http://localhost:4000/markeder/a";

describe("followedLink", () => {
  test("resolves internal links, without their fragment", () => {
    expect(followedLink("/kalender", page, origins)).toBe("http://localhost:4000/kalender");
    expect(followedLink("b#kort", page, origins)).toBe("http://localhost:4000/markeder/b");
    expect(followedLink("/#top", page, origins)).toBe("http://localhost:4000/");
  });

  test("moves links written with the site's BASE_URL to the crawled server", () => {
    expect(followedLink("https://loppeguiden.dk/register", page, origins)).toBe("http://localhost:4000/register");
  });

  test("does not follow links with a query string", () => {
    expect(followedLink("/register?type=loppemarked", page, origins)).toBeNull();
    expect(followedLink("https://loppeguiden.dk/kalender?maaned=2026-05", page, origins)).toBeNull();
  });

  test("does not follow external links, other schemes or links within the page", () => {
    expect(followedLink("https://www.openstreetmap.org/copyright", page, origins)).toBeNull();
    expect(followedLink("http://loppeguiden.dk/", page, origins)).toBeNull();
    expect(followedLink("mailto:info@loppeguiden.dk", page, origins)).toBeNull();
    expect(followedLink("tel:+4512345678", page, origins)).toBeNull();
    expect(followedLink("#main-content", page, origins)).toBeNull();
    expect(followedLink("", page, origins)).toBeNull();
  });
});

describe("canonicalTarget", () => {
  test("an absolute URL of the site, on the crawled server", () => {
    expect(canonicalTarget("https://loppeguiden.dk/markeder/a", origins)).toEqual({ kind: "internal", url: "http://localhost:4000/markeder/a" });
    expect(canonicalTarget("http://localhost:4000/", origins)).toEqual({ kind: "internal", url: "http://localhost:4000/" });
  });

  test("a relative or protocol-relative href is not absolute", () => {
    expect(canonicalTarget("/markeder/a", origins)).toEqual({ kind: "relative" });
    expect(canonicalTarget("//loppeguiden.dk/markeder/a", origins)).toEqual({ kind: "relative" });
    expect(canonicalTarget("", origins)).toEqual({ kind: "relative" });
  });

  test("another origin is off the site", () => {
    expect(canonicalTarget("https://example.com/a", origins)).toEqual({ kind: "off-site", origin: "https://example.com" });
  });
});

test("displayUrl shortens the crawled server's URLs to their path", () => {
  expect(displayUrl("http://localhost:4000/markeder/a", origins.crawl)).toBe("/markeder/a");
  expect(displayUrl("https://example.com/a", origins.crawl)).toBe("https://example.com/a");
});
