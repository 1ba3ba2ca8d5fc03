/**
 * Reads sitemap XML back for the tests (unit, integration and browser), strictly: one element per
 * line as sitemap-xml.ts writes it, text made only of characters and the five XML entities, the
 * sitemaps.org namespace, W3C datetimes. Anything else throws, so a test that reads a document
 * has also proved it well-formed and valid. Test code only: nothing in the app imports this.
 */
export interface ReadEntry {
  loc: string;
  lastmod: string | null;
}

export interface ReadSitemap {
  kind: "urlset" | "sitemapindex";
  entries: ReadEntry[];
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
const TEXT = String.raw`(?:[^<>&"']|&(?:amp|lt|gt|quot|apos);)+`;
const W3C_DATETIME = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function unescape(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);
}

export function readSitemap(xml: string): ReadSitemap {
  const lines = xml.split("\n");
  if (lines[0] !== DECLARATION) throw new Error(`Missing XML declaration: ${lines[0]}`);
  const open = lines[1]?.match(/^<(urlset|sitemapindex) xmlns="([^"]+)">$/);
  if (!open) throw new Error(`Unexpected root element: ${lines[1]}`);
  const kind = open[1] as ReadSitemap["kind"];
  if (open[2] !== NAMESPACE) throw new Error(`Wrong namespace ${open[2]}`);
  if (lines.at(-1) !== "" || lines.at(-2) !== `</${kind}>`) throw new Error(`The document does not end with </${kind}> and a newline`);
  const item = kind === "urlset" ? "url" : "sitemap";
  const entryPattern = new RegExp(`^<${item}><loc>(${TEXT})</loc>(?:<lastmod>(${TEXT})</lastmod>)?</${item}>$`);
  const entries = lines.slice(2, -2).map((line, i) => {
    const match = line.match(entryPattern);
    if (!match) throw new Error(`Line ${i + 3} is not a <${item}> entry: ${line.slice(0, 200)}`);
    const lastmod = match[2] === undefined ? null : unescape(match[2]);
    if (lastmod !== null && !W3C_DATETIME.test(lastmod)) throw new Error(`Not a W3C datetime on line ${i + 3}: ${lastmod}`);
    return { loc: unescape(match[1]!), lastmod };
  });
  return { kind, entries };
}
