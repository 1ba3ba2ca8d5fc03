import { describe, expect, it } from "vitest";
import { robotsTxt } from "./robots";

/**
 * RFC 9309 matching, as the big crawlers do it: the longest matching rule wins, Allow on a tie;
 * `*` matches any run of characters and a trailing `$` the end of the path.
 */
function allowed(robots: string, path: string): boolean {
  const rules = robots
    .split("\n")
    .map((line) => line.match(/^(Allow|Disallow):\s*(\S*)$/))
    .filter((match): match is RegExpMatchArray => match !== null)
    .map(([, kind, pattern]) => ({ allow: kind === "Allow", pattern: pattern! }));
  let best: { allow: boolean; length: number } = { allow: true, length: -1 };
  for (const rule of rules) {
    const anchored = rule.pattern.endsWith("$");
    const body = anchored ? rule.pattern.slice(0, -1) : rule.pattern;
    const source = body
      .split("*")
      .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*");
    if (!new RegExp(`^${source}${anchored ? "$" : ""}`).test(path)) continue;
    if (rule.pattern.length > best.length || (rule.pattern.length === best.length && rule.allow)) {
      best = { allow: rule.allow, length: rule.pattern.length };
    }
  }
  return best.allow;
}

describe("robots.txt", () => {
  const robots = robotsTxt("https://loppeguiden.example");

  it("names the sitemap with an absolute URL", () => {
    expect(robots).toContain("\nSitemap: https://loppeguiden.example/sitemap.xml\n");
  });

  it("applies to every crawler", () => {
    expect(robots.startsWith("User-agent: *\n")).toBe(true);
  });

  it.each([
    "/",
    "/register",
    "/register?type=loppemarkeder",
    "/kalender",
    "/markeder",
    "/markeder/roskilde-loppemarked",
    "/loppemarkeder-i-aarhus",
    "/tematiske-events",
    "/tematiske-events-paa-fyn",
    "/sitemap",
    "/sitemap.xml",
    "/sitemaps/markeder-1.xml",
    "/faq",
    "/artikler",
  ])("lets crawlers read %s", (path) => {
    expect(allowed(robots, path)).toBe(true);
  });

  it.each([
    "/dashboard",
    "/dashboard/mine-markeder",
    "/dashboard/admin",
    "/admin",
    "/manage-market/123",
    "/opret-marked",
    "/test/fejl",
    "/sign-in",
    "/sign-in/glemt",
    "/sign-up",
    "/sign-out",
    "/forgot-password",
    "/reset-password",
    "/auth/callback?next=/",
    "/api/markers",
    "/locales/da/translation.json",
    "/healthz",
    "/tema",
    "/tema?theme=dark",
    "/register.ics?type=loppemarkeder",
    "/markeder/roskilde-loppemarked.ics",
  ])("keeps crawlers out of %s", (path) => {
    expect(allowed(robots, path)).toBe(false);
  });
});
