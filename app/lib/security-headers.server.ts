import { createHash, randomBytes } from "node:crypto";

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
export function contentSecurityPolicy({ tileOrigin, scriptHashes = [], formActionOrigins = [], scriptOrigins = [], connectOrigins = [], imgOrigins = [] }: CspOptions): string {
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

/**
 * The browser features the site uses: the visitor's position for "Brug min placering", asked by
 * the site itself; never the camera, the microphone or a payment sheet, not even from a frame.
 */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), payment=(), geolocation=(self)";

/**
 * A fresh random mark for one render. The scripts the site renders itself carry it as their nonce
 * attribute (app/lib/script-mark.ts); nothing else in the page can know it.
 */
export function newScriptMark(): string {
  return randomBytes(18).toString("base64url");
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The CSP hash source of each inline script that carries the render's mark, and the page with
 * the marks taken out. Only those scripts may run: one that reached the HTML any other way (an
 * injection through some unescaped text) carries no mark, gets no hash, and the browser refuses
 * it. The marks are removed so the page can be cached and shared: the hashes stay valid, and the
 * mark is never seen outside this render.
 */
export function markedScriptHashes(html: string, mark: string): { html: string; hashes: string[] } {
  const attribute = ` nonce="${mark}"`;
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (!attributes!.includes(attribute) || !body) continue;
    hashes.add(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return { html: html.replaceAll(attribute, ""), hashes: [...hashes] };
}
