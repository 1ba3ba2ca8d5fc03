import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { PageCache, cacheKey, capturePages, isCacheableRequest, nextDanishMidnight } from "./page-cache";

const request = (url: string, cookie?: string, method = "GET") => ({ url, method, headers: cookie ? { cookie } : {} }) as unknown as IncomingMessage;

describe("which requests the page cache may answer", () => {
  it("keys on path, sorted query, theme, the consent choice and closed banners", () => {
    expect(cacheKey(request("/register?b=2&a=1"))).toBe(cacheKey(request("/register?a=1&b=2")));
    expect(cacheKey(request("/"))).not.toBe(cacheKey(request("/", "loppeguiden-theme=dark")));
    const choice = (analytics: boolean) =>
      `loppeguiden-consent=1.0; loppeguiden-consent-details=${encodeURIComponent(
        JSON.stringify({ essential: true, preferences: false, analytics, marketing: false, timestamp: "2026-05-01T10:00:00.000Z", version: "1.0" }),
      )}`;
    expect(cacheKey(request("/"))).not.toBe(cacheKey(request("/", choice(true))));
    expect(cacheKey(request("/", choice(true)))).not.toBe(cacheKey(request("/", choice(false))));
    // An unreadable choice renders the banner like no choice at all.
    expect(cacheKey(request("/", "loppeguiden-consent=1.0; loppeguiden-consent-details=%7B"))).toBe(cacheKey(request("/")));
    expect(cacheKey(request("/"))).not.toBe(cacheKey(request("/", "loppeguiden-banner-closed-demo-data=1")));
    expect(cacheKey(request("/", "_ga=1"))).toBe(cacheKey(request("/")));
  });

  it("never serves a signed-in or flashed visitor, a form post or the API from the cache", () => {
    expect(isCacheableRequest(request("/"))).toBe(true);
    expect(isCacheableRequest(request("/", "better-auth.session_token=abc"))).toBe(false);
    expect(isCacheableRequest(request("/", "a=1; __Secure-better-auth.session_token=abc"))).toBe(false);
    expect(isCacheableRequest(request("/", "loppeguiden-flash=hej"))).toBe(false);
    expect(isCacheableRequest(request("/", undefined, "POST"))).toBe(false);
    expect(isCacheableRequest(request("/api/client-errors"))).toBe(false);
    expect(isCacheableRequest(request("/healthz"))).toBe(false);
  });

  it("lets pages expire at the next midnight in Denmark, across summer time", () => {
    // 23:30 Danish summer time on 26 June 2027 is 21:30Z; midnight is 22:00Z.
    expect(new Date(nextDanishMidnight(Date.parse("2027-06-26T21:30:00Z"))).toISOString()).toBe("2027-06-26T22:00:00.000Z");
    // In winter Denmark is UTC+1: midnight is 23:00Z the day before.
    expect(new Date(nextDanishMidnight(Date.parse("2027-01-10T12:00:00Z"))).toISOString()).toBe("2027-01-10T23:00:00.000Z");
    // The night summer time ends (31 October 2027) is 25 hours long; it still ends at local midnight.
    expect(new Date(nextDanishMidnight(Date.parse("2027-10-31T10:00:00Z"))).toISOString()).toBe("2027-10-31T23:00:00.000Z");
  });
});

describe("the page cache in front of an app", () => {
  let server: http.Server | null = null;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  });

  /** A tiny app behind the cache that counts its renders. */
  async function serve(cache: PageCache) {
    let renders = 0;
    const app = express();
    app.use(capturePages(cache));
    app.get("/side", (_req, res) => {
      renders++;
      res.type("html").send(`<h1>Side ${renders}</h1>`);
    });
    app.get("/aabent-nu", (_req, res) => {
      renders++;
      // A list whose first "Åbent nu" changes at 14:00Z (app/markets/open-state.ts).
      res.setHeader("Expires", "Sat, 26 Jun 2027 14:00:00 GMT");
      res.type("html").send(`<h1>Åbent nu ${renders}</h1>`);
    });
    app.get("/privat", (_req, res) => {
      renders++;
      res.setHeader("Cache-Control", "private, no-store");
      res.type("html").send("<h1>Privat</h1>");
    });
    app.get("/cookie", (_req, res) => {
      renders++;
      res.cookie("x", "1").type("html").send("<h1>Cookie</h1>");
    });
    app.get("/fejl", (_req, res) => {
      renders++;
      res.status(500).type("html").send("<h1>Fejl</h1>");
    });
    server = http.createServer((req, res) => {
      if (!cache.serve(req, res)) app(req, res);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const get = (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}${path}`, { headers });
    return { get, renders: () => renders };
  }

  it("renders a page once and answers the next visitors from memory, with a CDN-usable Cache-Control", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    const app = await serve(cache);
    const first = await app.get("/side");
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    expect(await first.text()).toBe("<h1>Side 1</h1>");
    const second = await app.get("/side");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe("<h1>Side 1</h1>");
    expect(app.renders()).toBe(1);
  });

  it("renders for a live update's refresh, and the next visitors get that copy", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    const app = await serve(cache);
    expect(await (await app.get("/side")).text()).toBe("<h1>Side 1</h1>");
    const fresh = await app.get("/side", { "x-live-refresh": "1" });
    expect(fresh.headers.get("x-page-cache")).toBeNull();
    expect(await fresh.text()).toBe("<h1>Side 2</h1>");
    expect(await (await app.get("/side")).text()).toBe("<h1>Side 2</h1>");
    expect(app.renders()).toBe(2);
  });

  it("sends the stored gzip body to clients that accept it, and 304 for a matching ETag", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    const app = await serve(cache);
    await app.get("/side");
    const raw = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve) => {
      http.get({ host: "127.0.0.1", port: (server!.address() as AddressInfo).port, path: "/side", headers: { "accept-encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
    });
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(raw.body).toString()).toBe("<h1>Side 1</h1>");
    const again = await app.get("/side", { "if-none-match": String(raw.headers.etag) });
    expect(again.status).toBe(304);
    expect(app.renders()).toBe(1);
  });

  it("never keeps private pages, pages that set a cookie, or errors", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    const app = await serve(cache);
    for (const path of ["/privat", "/privat", "/cookie", "/cookie", "/fejl", "/fejl"]) await app.get(path);
    expect(app.renders()).toBe(6);
    expect(cache.size).toBe(0);
  });

  it("renders again for a signed-in visitor and after the cache is emptied", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    const app = await serve(cache);
    await app.get("/side");
    expect(await (await app.get("/side", { cookie: "better-auth.session_token=abc" })).text()).toBe("<h1>Side 2</h1>");
    cache.clear();
    expect(await (await app.get("/side")).text()).toBe("<h1>Side 3</h1>");
  });

  it("stays within its memory bound by dropping the least recently used pages", () => {
    const cache = new PageCache({ maxBytes: 20_000 });
    const page = Buffer.alloc(2_000, "x");
    for (let i = 0; i < 20; i++) cache.store(`/p${i}||0`, 200, {}, page);
    expect(cache.totalBytes).toBeLessThanOrEqual(20_000);
    expect(cache.size).toBeLessThan(20);
    expect(cache.size).toBeGreaterThan(2);
  });

  it("keeps a page with an Expires header before midnight only until then", async () => {
    let now = Date.parse("2027-06-26T13:00:00Z");
    const cache = new PageCache({ maxBytes: 1_000_000, now: () => now });
    const app = await serve(cache);
    await app.get("/aabent-nu");
    now = Date.parse("2027-06-26T13:59:59Z");
    expect(await (await app.get("/aabent-nu")).text()).toBe("<h1>Åbent nu 1</h1>");
    now = Date.parse("2027-06-26T14:00:00Z");
    expect(await (await app.get("/aabent-nu")).text()).toBe("<h1>Åbent nu 2</h1>");
  });

  it("treats an entry past its midnight as gone", async () => {
    let now = Date.parse("2027-06-26T21:00:00Z");
    const cache = new PageCache({ maxBytes: 1_000_000, now: () => now });
    const app = await serve(cache);
    await app.get("/side");
    now = Date.parse("2027-06-26T22:00:01Z");
    expect(await (await app.get("/side")).text()).toBe("<h1>Side 2</h1>");
  });
});

describe("a path's pages, dropped", () => {
  const html = { "content-type": "text/html" };
  function cacheWith(urls: string[], options: { maxBytes?: number; now?: () => number } = {}) {
    const cache = new PageCache({ maxBytes: options.maxBytes ?? 1024 * 1024, now: options.now });
    const store = (url: string, cookie?: string, headers: Record<string, string> = html) => cache.store(cacheKey(request(url, cookie)), 200, headers, Buffer.from(`side ${url}`));
    for (const url of urls) store(url);
    const served = (url: string, cookie?: string) => {
      const res = { writeHead: () => res, end: () => res } as unknown as ServerResponse;
      return cache.serve(request(url, cookie), res);
    };
    return { cache, store, served };
  }

  it("drops every query, theme and consent variant of the path, and nothing else", () => {
    const { cache, store, served } = cacheWith(["/community", "/community?side=2", "/community/topic/1", "/community/kategori/salg", "/register"]);
    store("/community", "loppeguiden-theme=dark");
    expect(cache.size).toBe(6);
    cache.removePaths(["/community", "/community/topic/1"]);
    expect(cache.size).toBe(2);
    expect(served("/community")).toBe(false);
    expect(served("/community?side=2")).toBe(false);
    expect(served("/community", "loppeguiden-theme=dark")).toBe(false);
    expect(served("/community/topic/1")).toBe(false);
    // A path is a whole pathname, not a prefix.
    expect(served("/community/kategori/salg")).toBe(true);
    expect(served("/register")).toBe(true);
  });

  it("finds a path as the request's URL spells it", () => {
    const { cache, served } = cacheWith(["/community/kategori/k%C3%B8b", "/community/kategori/k%C3%B8b?side=3"]);
    cache.removePaths(["/community/kategori/køb"]);
    expect(cache.size).toBe(0);
    expect(served("/community/kategori/k%C3%B8b")).toBe(false);
  });

  it("keeps its index of paths with the entries: a page stored again, evicted, expired or cleared", () => {
    let now = Date.parse("2027-06-01T10:00:00Z");
    const { cache, store, served } = cacheWith([], { now: () => now });
    store("/community");
    store("/community");
    store("/community?side=2", undefined, { ...html, expires: new Date(now + 60_000).toUTCString() });
    now += 120_000;
    // Expired on being asked for, and gone from the index with it.
    expect(served("/community?side=2")).toBe(false);
    expect(cache.size).toBe(1);
    cache.removePaths(["/community", "/ukendt"]);
    expect(cache.size).toBe(0);
    expect(cache.totalBytes).toBe(0);
    // Removed once is removed: a new copy is kept again, and removing it again removes that.
    store("/community");
    expect(served("/community")).toBe(true);
    cache.removePaths(["/community"]);
    expect(served("/community")).toBe(false);
    store("/register");
    cache.clear();
    cache.removePaths(["/register"]);
    expect(cache.size).toBe(0);
    expect(cache.totalBytes).toBe(0);
  });

  it("keeps its index when the oldest pages are evicted for room", () => {
    const body = (url: string) => Buffer.from(`${url} `.repeat(400));
    const cache = new PageCache({ maxBytes: 40_000 });
    for (let page = 0; page < 40; page++) cache.store(cacheKey(request(`/community/topic/${page}`)), 200, html, body(String(page)));
    const kept = cache.size;
    expect(kept).toBeLessThan(40);
    // The evicted ones are no longer in the index: removing them takes nothing and frees nothing.
    cache.removePaths(["/community/topic/0", "/community/topic/1"]);
    expect(cache.size).toBe(kept);
    cache.removePaths(["/community/topic/39"]);
    expect(cache.size).toBe(kept - 1);
  });

  it("forgets what a write made stale: everything, or the pages at its paths", () => {
    const { cache, served } = cacheWith(["/community", "/community?side=2", "/register", "/"]);
    cache.forget({ kind: "paths", paths: ["/community"] });
    expect(cache.size).toBe(2);
    expect(served("/register")).toBe(true);
    cache.forget({ kind: "all" });
    expect(cache.size).toBe(0);
    expect(served("/")).toBe(false);
  });
});
