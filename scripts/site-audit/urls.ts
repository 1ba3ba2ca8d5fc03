/**
 * The two origins of an audit: `crawl`, where the server answers, and `site`, the BASE_URL it
 * writes into canonicals, Open Graph tags and sitemaps. They are the same for a server started by
 * the tests; they differ when a production build (BASE_URL https://…) is audited on localhost.
 */
export interface Origins {
  crawl: string;
  site: string;
}

/** The same address on the crawled server, or null when the URL belongs to another site. */
export function onCrawledServer(url: URL, origins: Origins): URL | null {
  if (url.origin === origins.crawl) return new URL(url.href);
  if (url.origin === origins.site) return new URL(url.pathname + url.search + url.hash, origins.crawl);
  return null;
}

function withoutHash(url: URL): string {
  url.hash = "";
  return url.href;
}

/**
 * The page an <a href> leads to, when the audit follows it: internal and without a query string
 * (filters and pagination multiply without end and are kept out of the index anyway). Null for
 * external links, mailto:/tel:, links within the page and links with a query.
 */
export function followedLink(href: string, pageUrl: string, origins: Origins): string | null {
  if (href === "" || href.startsWith("#")) return null;
  let resolved: URL;
  try {
    resolved = new URL(href, pageUrl);
  } catch {
    return null;
  }
  if (resolved.protocol !== "http:" && resolved.protocol !== "https:") return null;
  const internal = onCrawledServer(resolved, origins);
  if (!internal || internal.search !== "") return null;
  return withoutHash(internal);
}

export type CanonicalTarget = { kind: "internal"; url: string } | { kind: "relative" } | { kind: "off-site"; origin: string };

/** Where a canonical href points; it must be an absolute http(s) URL on the site's own origin. */
export function canonicalTarget(href: string, origins: Origins): CanonicalTarget {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { kind: "relative" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { kind: "relative" };
  const internal = onCrawledServer(url, origins);
  return internal ? { kind: "internal", url: withoutHash(internal) } : { kind: "off-site", origin: url.origin };
}

/** "/markeder/x" for the crawled server's own URLs, the full URL for anything else. */
export function displayUrl(url: string, crawlOrigin: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin === crawlOrigin ? parsed.pathname + parsed.search : url;
  } catch {
    return url;
  }
}
