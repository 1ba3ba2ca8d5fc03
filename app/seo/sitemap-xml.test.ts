import { describe, expect, it } from "vitest";
import { escapeXml } from "~/lib/xml";
import { newestLastmod, planSitemap, sitemapIndexXml, urlsetXml, w3cInstant, xmlLoc, type SitemapSection } from "./sitemap-xml";
import { readSitemap } from "./test-sitemap-reader";

const BASE = "https://loppeguiden.example";

const urls = (prefix: string, count: number, lastmod: (i: number) => string | null = () => null) =>
  Array.from({ length: count }, (_, i) => ({ path: `/${prefix}/${i + 1}`, lastmod: lastmod(i) }));

describe("planSitemap", () => {
  const sections: SitemapSection[] = [
    { name: "sider", urls: urls("side", 3, () => "2026-05-01T10:00:00.000Z") },
    { name: "markeder", urls: urls("markeder", 7, (i) => `2026-05-0${i + 1}T08:00:00.000Z`) },
  ];

  it("keeps everything in one urlset up to the limit, pages first", () => {
    const plan = planSitemap(sections, 10);
    expect(plan.kind).toBe("urlset");
    if (plan.kind !== "urlset") return;
    expect(plan.urls.map((url) => url.path)).toEqual([...sections[0]!.urls, ...sections[1]!.urls].map((url) => url.path));
  });

  it("cuts each section into parts of at most the limit above it, each with its newest lastmod", () => {
    const plan = planSitemap(sections, 3);
    expect(plan.kind).toBe("index");
    if (plan.kind !== "index") return;
    expect(plan.parts.map((part) => [part.file, part.urls.length, part.lastmod])).toEqual([
      ["sider-1.xml", 3, "2026-05-01T10:00:00.000Z"],
      ["markeder-1.xml", 3, "2026-05-03T08:00:00.000Z"],
      ["markeder-2.xml", 3, "2026-05-06T08:00:00.000Z"],
      ["markeder-3.xml", 1, "2026-05-07T08:00:00.000Z"],
    ]);
    expect(plan.parts.flatMap((part) => part.urls)).toEqual(sections.flatMap((section) => section.urls));
  });

  it("refuses a limit that is not a positive whole number", () => {
    expect(() => planSitemap(sections, 0)).toThrow();
    expect(() => planSitemap(sections, 2.5)).toThrow();
  });
});

describe("urlsetXml", () => {
  it("writes a valid urlset with absolute, escaped locations and lastmod only where known", () => {
    const xml = urlsetXml(BASE, [
      { path: "/", lastmod: "2026-05-01T10:00:00.000Z" },
      { path: "/markeder/kaffe&kage", lastmod: null },
      { path: "/markeder/søndag marked", lastmod: null },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n')).toBe(true);
    expect(xml).toContain("<loc>https://loppeguiden.example/markeder/kaffe&amp;kage</loc>");
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(readSitemap(xml)).toEqual({
      kind: "urlset",
      entries: [
        { loc: `${BASE}/`, lastmod: "2026-05-01T10:00:00.000Z" },
        { loc: `${BASE}/markeder/kaffe&kage`, lastmod: null },
        { loc: `${BASE}/markeder/s%C3%B8ndag%20marked`, lastmod: null },
      ],
    });
  });

  it("writes an empty urlset that is still valid", () => {
    expect(readSitemap(urlsetXml(BASE, []))).toEqual({ kind: "urlset", entries: [] });
  });

  // How fast is for the benchmark to say, not a test: a timed assertion fails on a busy machine.
  it("builds a part of 50,000 entries", () => {
    const many = urls("markeder/et-ret-langt-markedsnavn-i-en-by", 50_000, () => "2026-05-01T10:00:00.000Z");
    expect(readSitemap(urlsetXml(BASE, many)).entries).toHaveLength(50_000);
  });
});

describe("sitemapIndexXml", () => {
  it("lists the parts under /sitemaps/ with their lastmod", () => {
    const xml = sitemapIndexXml(BASE, [
      { file: "sider-1.xml", urls: [], lastmod: "2026-05-01T10:00:00.000Z" },
      { file: "markeder-1.xml", urls: [], lastmod: null },
    ]);
    expect(readSitemap(xml)).toEqual({
      kind: "sitemapindex",
      entries: [
        { loc: `${BASE}/sitemaps/sider-1.xml`, lastmod: "2026-05-01T10:00:00.000Z" },
        { loc: `${BASE}/sitemaps/markeder-1.xml`, lastmod: null },
      ],
    });
  });
});

describe("xmlLoc", () => {
  it("keeps a base URL's own path", () => {
    expect(xmlLoc("https://example.dk/guide", "/register")).toBe("https://example.dk/guide/register");
  });

  it("escapes every XML special character", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });
});

describe("w3cInstant", () => {
  it("passes toISOString() text through and rewrites other readable instants in that form", () => {
    expect(w3cInstant("2026-05-01T10:00:00.000Z")).toBe("2026-05-01T10:00:00.000Z");
    expect(w3cInstant("2026-05-01T12:00:00+02:00")).toBe("2026-05-01T10:00:00.000Z");
    expect(w3cInstant("2026-05-01 10:00:00Z")).toBe("2026-05-01T10:00:00.000Z");
  });

  it("gives null for nothing or nonsense", () => {
    expect(w3cInstant(null)).toBeNull();
    expect(w3cInstant("")).toBeNull();
    expect(w3cInstant("i går")).toBeNull();
  });

  it("makes text order time order, so the newest is found by comparing text", () => {
    expect(newestLastmod([{ lastmod: w3cInstant("2026-05-01T23:30:00+02:00") }, { lastmod: "2026-05-01T21:00:00.000Z" }, { lastmod: null }])).toBe("2026-05-01T21:30:00.000Z");
    expect(newestLastmod([{ lastmod: null }])).toBeNull();
  });
});
