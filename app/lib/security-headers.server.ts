import { createHash } from "node:crypto";

export interface CspOptions {
  /** Origin of the map tiles, from MAP_TILE_URL. */
  tileOrigin: string;
  /** sha256 hashes of the page's inline scripts; without them no inline script may run. */
  scriptHashes?: string[];
  /**
   * Where a form post may lead besides this site: browsers apply form-action to the redirect
   * after the post too, and "Log ind med Google" posts here and is redirected to Google.
   */
  formActionOrigins?: string[];
  /** An external tag the site loads (GA_MEASUREMENT_ID): its scripts, the hosts it reports to and its pixels. */
  scriptOrigins?: string[];
  connectOrigins?: string[];
  imgOrigins?: string[];
}

/**
 * The Content-Security-Policy allows only what the app uses: its own scripts and styles, inline
 * scripts it rendered itself (by hash, so a cached page keeps a valid policy without a nonce),
 * images from itself and the map tile host, and nothing framed or framing.
 */
export function contentSecurityPolicy({
  tileOrigin,
  scriptHashes = [],
  formActionOrigins = [],
  scriptOrigins = [],
  connectOrigins = [],
  imgOrigins = [],
}: CspOptions): string {
  const scripts = ["'self'", ...scriptOrigins, ...scriptHashes.map((h) => `'${h}'`)].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self'",
    // Style attributes (Radix's visually hidden helpers, Leaflet's positioning) but no <style> blocks.
    "style-src-attr 'unsafe-inline'",
    ["img-src 'self' data:", tileOrigin, ...imgOrigins].join(" "),
    "font-src 'self'",
    ["connect-src 'self'", ...connectOrigins].join(" "),
    ["form-action 'self'", ...formActionOrigins].join(" "),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP hash source of every inline script in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? "";
    if (body.length === 0) continue;
    hashes.add(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return [...hashes];
}
