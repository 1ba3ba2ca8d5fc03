import { escapeXml } from "~/lib/xml";
/**
 * Sitemap XML (sitemaps.org 0.9) from lists of URLs: the plan (one urlset, or an index of parts)
 * and the text. Pure, so it is tested without a database; app/seo/sitemap.server.ts reads the data.
 */

/** The protocol's limit of URLs in one file. */
export const MAX_URLS_PER_SITEMAP = 50_000;
export const XML_CONTENT_TYPE = "application/xml; charset=utf-8";

export interface SitemapUrl {
  /** Site-relative: "/markeder/roskilde-loppemarked". */
  path: string;
  /** W3C datetime (see w3cInstant), or null where the data holds no honest date. */
  lastmod: string | null;
}

/** A part's file name starts with its section's name, so the files say what they hold. */
export interface SitemapSection {
  name: string;
  urls: SitemapUrl[];
}

export interface SitemapPart {
  file: string;
  urls: SitemapUrl[];
  lastmod: string | null;
}

export type SitemapPlan = { kind: "urlset"; urls: SitemapUrl[] } | { kind: "index"; parts: SitemapPart[] };

/** One urlset while everything fits in one file; otherwise each section cut into parts of at most `maxUrls`. */
export function planSitemap(sections: readonly SitemapSection[], maxUrls: number = MAX_URLS_PER_SITEMAP): SitemapPlan {
  if (!Number.isInteger(maxUrls) || maxUrls < 1) throw new Error(`maxUrls must be a positive integer, not ${maxUrls}`);
  const total = sections.reduce((sum, section) => sum + section.urls.length, 0);
  if (total <= maxUrls) return { kind: "urlset", urls: sections.flatMap((section) => section.urls) };
  const parts: SitemapPart[] = [];
  for (const section of sections) {
    for (let start = 0, n = 1; start < section.urls.length; start += maxUrls, n++) {
      const urls = section.urls.slice(start, start + maxUrls);
      parts.push({ file: `${section.name}-${n}.xml`, urls, lastmod: newestLastmod(urls) });
    }
  }
  return { kind: "index", parts };
}

export function partPath(file: string): string {
  return `/sitemaps/${file}`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** Built as an array of lines joined once: 50,000 URLs take milliseconds, not a string copy each. */
export function urlsetXml(baseUrl: string, urls: readonly SitemapUrl[]): string {
  const lines = new Array<string>(urls.length + 3);
  lines[0] = XML_DECLARATION;
  lines[1] = `<urlset xmlns="${NAMESPACE}">`;
  for (let i = 0; i < urls.length; i++) {
    const { path, lastmod } = urls[i]!;
    const loc = xmlLoc(baseUrl, path);
    lines[i + 2] = lastmod ? `<url><loc>${loc}</loc><lastmod>${escapeXml(lastmod)}</lastmod></url>` : `<url><loc>${loc}</loc></url>`;
  }
  lines[urls.length + 2] = "</urlset>\n";
  return lines.join("\n");
}

export function sitemapIndexXml(baseUrl: string, parts: readonly SitemapPart[]): string {
  const entries = parts.map(({ file, lastmod }) => {
    const loc = xmlLoc(baseUrl, partPath(file));
    return lastmod ? `<sitemap><loc>${loc}</loc><lastmod>${escapeXml(lastmod)}</lastmod></sitemap>` : `<sitemap><loc>${loc}</loc></sitemap>`;
  });
  return [XML_DECLARATION, `<sitemapindex xmlns="${NAMESPACE}">`, ...entries, "</sitemapindex>\n"].join("\n");
}

/** Characters a path may hold as they are; anything else is percent-encoded first. */
const PLAIN_PATH = /^[A-Za-z0-9\-._~/]*$/;

/**
 * The absolute, escaped <loc> of a site path. The base URL is prepended as text rather than
 * resolved, so a BASE_URL with a path of its own ("https://example.dk/guide") keeps it. Slugs are
 * plain ASCII, so the encoding is only a safeguard for data that broke that rule.
 */
export function xmlLoc(baseUrl: string, path: string): string {
  return escapeXml(baseUrl + (PLAIN_PATH.test(path) ? path : encodeURI(path)));
}

/** What the app writes: Date#toISOString(), in UTC. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * An instant from the data as a W3C datetime, always in toISOString() form so that comparing the
 * text compares the times; null when it cannot be read (better no lastmod than a wrong one).
 */
export function w3cInstant(value: string | null | undefined): string | null {
  if (!value) return null;
  if (ISO_INSTANT.test(value)) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The latest lastmod of a list, for its entry in the sitemap index. */
export function newestLastmod(urls: readonly { lastmod: string | null }[]): string | null {
  let newest: string | null = null;
  for (const { lastmod } of urls) {
    if (lastmod !== null && (newest === null || lastmod > newest)) newest = lastmod;
  }
  return newest;
}
