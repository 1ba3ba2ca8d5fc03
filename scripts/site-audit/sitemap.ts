export type ParsedSitemap =
  | { kind: "urlset"; urls: string[] }
  /** A sitemap index (sitemaps.org): the addresses of the sitemaps it is made of. */
  | { kind: "index"; sitemaps: string[] }
  | { kind: "invalid"; reason: string };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1]?.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The <loc> values of a sitemap or sitemap index. The format is a flat list of <loc> elements
 * under a known root, so a regular expression reads it as well as an XML parser would.
 */
export function parseSitemap(xml: string): ParsedSitemap {
  const root = xml.match(/<(urlset|sitemapindex)[\s>]/)?.[1];
  if (!root) return { kind: "invalid", reason: "neither <urlset> nor <sitemapindex>" };
  const locations = [...xml.matchAll(/<loc>([\s\S]*?)<\/loc>/g)].map((match) => decodeXmlText(match[1]!.trim()));
  return root === "urlset" ? { kind: "urlset", urls: locations } : { kind: "index", sitemaps: locations };
}
