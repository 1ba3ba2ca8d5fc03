import { expect, test } from "vitest";
import { parseSitemap } from "./sitemap";

test("reads the URLs of a urlset, XML entities decoded", () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://loppeguiden.dk/</loc><lastmod>2026-05-01</lastmod></url>
  <url><loc>
    https://loppeguiden.dk/markeder/a&amp;b
  </loc></url>
  <url><loc>https://loppeguiden.dk/markeder/&#xe6;bler&#39;</loc></url>
</urlset>`;
  expect(parseSitemap(xml)).toEqual({
    kind: "urlset",
    urls: ["https://loppeguiden.dk/", "https://loppeguiden.dk/markeder/a&b", "https://loppeguiden.dk/markeder/æbler'"],
  });
});

test("reads the parts of a sitemap index", () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://loppeguiden.dk/sitemaps/sider.xml</loc></sitemap>
  <sitemap><loc>https://loppeguiden.dk/sitemaps/markeder-1.xml</loc></sitemap>
</sitemapindex>`;
  expect(parseSitemap(xml)).toEqual({
    kind: "index",
    sitemaps: ["https://loppeguiden.dk/sitemaps/sider.xml", "https://loppeguiden.dk/sitemaps/markeder-1.xml"],
  });
});

test("anything else is not a sitemap", () => {
  expect(parseSitemap("<!DOCTYPE html><html><body>Siden findes ikke</body></html>").kind).toBe("invalid");
  expect(parseSitemap("").kind).toBe("invalid");
});

test("an empty urlset is a valid sitemap without URLs", () => {
  expect(parseSitemap('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>')).toEqual({ kind: "urlset", urls: [] });
});
