import { LIVE_REFRESH_HEADER } from "../app/lib/realtime/channels";
import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import type { RequestHandler } from "express";
import { consentCacheKey } from "../app/consent/consent";
import type { CacheInvalidation } from "../app/lib/cache-generation.server";
import { readCookie } from "../app/lib/http";
import { THEME_COOKIE } from "../app/theme/theme";

/**
 * Rendered pages for anonymous visitors, kept in memory and answered straight from Node's `http`
 * handler before Express and React run (foundations §9). An entry holds the finished response: status,
 * headers (its Content-Security-Policy lists the page's own inline scripts by hash, so it stays
 * valid) and the body, plain and gzipped.
 */

/** Cookies that make a response personal: a session, a flash message. */
const PERSONAL_COOKIE = /(^|;\s*)(better-auth[^=]*|__Secure-better-auth[^=]*|loppeguiden-flash)=/;
const CACHEABLE_STATUSES = new Set([200, 301, 404, 410]);
/** Paths that are never pages: answered by Express itself. */
const UNCACHED_PREFIXES = ["/api/", "/assets/", "/billeder/", "/healthz", "/locales/", "/tema"];
const TIME_ZONE = "Europe/Copenhagen";

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  gzipped: Buffer;
  etag: string;
  expiresAt: number;
  bytes: number;
}

export interface PageCacheOptions {
  maxBytes: number;
  now?: () => number;
}

export function isCacheableRequest(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "/";
  if (UNCACHED_PREFIXES.some((prefix) => url.startsWith(prefix))) return false;
  if (req.headers.authorization) return false;
  return !PERSONAL_COOKIE.test(req.headers.cookie ?? "");
}

/**
 * Path, the query in a stable order, the theme, and the cookie choice as the server renders it:
 * none or unreadable (banner), which categories (/cookies shows them), closed information banners.
 */
export function cacheKey(req: IncomingMessage): string {
  const url = new URL(req.url ?? "/", "http://cache.local");
  url.searchParams.sort();
  const cookies = req.headers.cookie ?? "";
  const theme = readCookie(cookies, THEME_COOKIE) ?? "";
  const consent = consentCacheKey(cookies);
  return `${url.pathname}?${url.searchParams}|${theme}|${consent}`;
}

/** Pages that show "today" go stale at midnight in Denmark, whatever the server's clock zone. */
export function nextDanishMidnight(nowMs: number): number {
  const danishNow = new TZDate(nowMs, TIME_ZONE);
  return startOfDay(addDays(danishNow, 1)).getTime();
}

/** The pathname a cache key begins with (cacheKey). */
function pathOfKey(key: string): string {
  return key.slice(0, key.indexOf("?"));
}

/** A path as cacheKey writes it: "/community/kategori/køb" is "/community/kategori/k%C3%B8b" there. */
function pathAsKeyed(path: string): string {
  return new URL(path, "http://cache.local").pathname;
}

export class PageCache {
  private entries = new Map<string, Entry>();
  /** The keys of each pathname's entries, so that a path's pages go without a look at the rest. */
  private keysByPath = new Map<string, Set<string>>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly now: () => number;
  hits = 0;
  misses = 0;

  constructor(options: PageCacheOptions) {
    this.maxBytes = options.maxBytes;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.keysByPath.clear();
    this.bytes = 0;
  }

  /**
   * Drops every entry of these pathnames ("/community"), whatever its query, theme or consent key,
   * and nothing else; each path costs as much as its own entries, not the cache's size.
   */
  removePaths(paths: readonly string[]): void {
    for (const path of paths) {
      const keys = this.keysByPath.get(pathAsKeyed(path));
      if (!keys) continue;
      for (const key of [...keys]) {
        const entry = this.entries.get(key);
        if (entry) this.remove(key, entry);
      }
    }
  }

  /** What a write made stale (app/lib/cache-generation.server.ts): everything, or the pages at some paths. */
  forget(change: CacheInvalidation): void {
    if (change.kind === "all") this.clear();
    else this.removePaths(change.paths);
  }

  /** Answers from the cache when it can; false means the request goes on to Express. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!isCacheableRequest(req)) return false;
    // A page loading its newest copy after a live update (app/progressive/live-topic.ts) is
    // rendered, and the copy it leaves is the one the next visitors get.
    if (req.headers[LIVE_REFRESH_HEADER] !== undefined) {
      this.misses++;
      return false;
    }
    const key = cacheKey(req);
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= this.now()) {
      if (entry) this.remove(key, entry);
      this.misses++;
      return false;
    }
    // Most recently used goes to the back, so eviction takes the least recently used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;

    const headers: OutgoingHttpHeaders = { ...entry.headers, etag: entry.etag, "x-page-cache": "hit" };
    if (req.headers["if-none-match"] === entry.etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = gzip ? entry.gzipped : entry.body;
    if (gzip) headers["content-encoding"] = "gzip";
    headers["content-length"] = body.length;
    res.writeHead(entry.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  store(key: string, status: number, headers: OutgoingHttpHeaders, body: Buffer): void {
    const gzipped = gzipSync(body);
    const bytes = body.length + gzipped.length + key.length * 2 + 512;
    if (bytes > this.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    this.entries.set(key, { status, headers, body, gzipped, etag, expiresAt: expiryOf(headers, nextDanishMidnight(this.now())), bytes });
    const path = pathOfKey(key);
    let keys = this.keysByPath.get(path);
    if (!keys) this.keysByPath.set(path, (keys = new Set()));
    keys.add(key);
    this.bytes += bytes;
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldKey, oldEntry);
    }
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    const path = pathOfKey(key);
    const keys = this.keysByPath.get(path);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByPath.delete(path);
    this.bytes -= entry.bytes;
  }
}

/**
 * A page is kept until midnight, or until its Expires header when that comes first: a list whose
 * "Åbent nu" badges change during the day says when (app/markets/open-state.ts).
 */
function expiryOf(headers: OutgoingHttpHeaders, midnight: number): number {
  const expires = Date.parse(String(headers.expires ?? ""));
  return Number.isNaN(expires) ? midnight : Math.min(expires, midnight);
}

/** Headers that belong to one response on the wire, not to a stored page. */
const HOP_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "etag", "date"]);

/** Page responses that may be shared: no cookie set, nothing marked private, a status worth keeping. */
export function isShareableResponse(status: number, headers: OutgoingHttpHeaders): boolean {
  if (!CACHEABLE_STATUSES.has(status)) return false;
  if (headers["set-cookie"]) return false;
  const cacheControl = String(headers["cache-control"] ?? "");
  return !/\b(private|no-store)\b/.test(cacheControl);
}

/** What a CDN in front may do with a shared page: keep it a minute, per cookie. */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=60";

/**
 * Express middleware, placed after compression so it sees the plain body: on a cacheable request
 * it copies the response as it is written and stores it when it turns out shareable.
 */
export function capturePages(cache: PageCache): RequestHandler {
  return (req, res, next) => {
    if (!isCacheableRequest(req)) return next();
    const key = cacheKey(req);
    const chunks: Buffer[] = [];
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    // Node calls writeHead for implicit headers too, so this runs before any byte is sent.
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      if (isShareableResponse(status, res.getHeaders()) && !res.getHeader("cache-control")) {
        res.setHeader("Cache-Control", SHARED_CACHE_CONTROL);
        res.setHeader("Vary", "Cookie, Accept-Encoding");
      }
      return writeHead(status, ...rest);
    }) as typeof res.writeHead;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const headers = res.getHeaders();
      if (req.method === "GET" && isShareableResponse(res.statusCode, headers)) {
        const stored: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(headers)) {
          if (!HOP_HEADERS.has(name) && value !== undefined) stored[name] = value;
        }
        cache.store(key, res.statusCode, stored, Buffer.concat(chunks));
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
    next();
  };
}
