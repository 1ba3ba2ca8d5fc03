import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpCacheGeneration, invalidatePages, onCacheInvalidation, pollCacheInvalidations } from "../../app/lib/cache-generation.server";
import { generationCache } from "../../app/lib/generation-cache.server";
import { PageCache, cacheKey } from "../../server/page-cache";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/*
 * Decision 0034 across two instances on one database, as server/app.ts wires each: the instance
 * that writes applies its own change to its page cache at once (createSite's listener), the other
 * learns of it at its next poll (watchCacheGeneration). The request-level check of the forum's
 * writes, through the built site with its page cache on, is tests/integration/forum-pages.test.ts.
 */

const request = (url: string, cookie?: string) => ({ url, method: "GET", headers: cookie ? { cookie } : {} }) as unknown as IncomingMessage;

const PAGES: [string, string?][] = [
  ["/community"],
  ["/community?side=2"],
  ["/community", "loppeguiden-theme=dark"],
  ["/community/topic/7"],
  ["/community/kategori/salg"],
  ["/register"],
  ["/"],
];

class Instance {
  readonly cache = new PageCache({ maxBytes: 4 * 1024 * 1024 });
  readonly poll: () => Promise<void>;

  constructor(database: TestDatabase) {
    const next = pollCacheInvalidations(database.db);
    this.poll = async () => {
      const change = await next();
      if (change) this.cache.forget(change);
    };
  }

  render(): void {
    for (const [url, cookie] of PAGES) this.cache.store(cacheKey(request(url, cookie)), 200, { "content-type": "text/html" }, Buffer.from(`<h1>${url}</h1>`));
  }

  /** The pages it would answer from memory. */
  cached(): string[] {
    return PAGES.filter(([url, cookie]) => {
      const res = { writeHead: () => res, end: () => res } as unknown as ServerResponse;
      return this.cache.serve(request(url, cookie), res);
    }).map(([url, cookie]) => (cookie ? `${url} (${cookie})` : url));
  }
}

const EVERY_PAGE = ["/community", "/community?side=2", "/community (loppeguiden-theme=dark)", "/community/topic/7", "/community/kategori/salg", "/register", "/"];

describe("a page invalidated by path, on the instance that wrote it and another", () => {
  let database: TestDatabase;
  let writer: Instance;
  let other: Instance;
  let stopListening: () => void;

  beforeAll(async () => {
    database = await createTestDatabase();
    writer = new Instance(database);
    other = new Instance(database);
    stopListening = onCacheInvalidation((change) => writer.cache.forget(change));
    // Each instance's first poll empties its cache and notes where the invalidations stand.
    await Promise.all([writer.poll(), other.poll()]);
  });
  afterAll(async () => {
    stopListening();
    await database.destroy();
  });

  it("drops that path's pages of every query and theme, at once where it was written and at the next poll elsewhere", async () => {
    writer.render();
    other.render();
    await invalidatePages(database.db, ["/community", "/community/topic/7"]);
    const kept = ["/community/kategori/salg", "/register", "/"];
    expect(writer.cached()).toEqual(kept);
    expect(other.cached()).toEqual(EVERY_PAGE);
    await other.poll();
    expect(other.cached()).toEqual(kept);
    // The writer reads its own rows too: the pages it has rendered again since go once more, nothing else.
    writer.render();
    await writer.poll();
    expect(writer.cached()).toEqual(kept);
    // Read once: the next polls leave the pages rendered since alone.
    writer.render();
    other.render();
    await Promise.all([writer.poll(), other.poll()]);
    expect(writer.cached()).toEqual(EVERY_PAGE);
    expect(other.cached()).toEqual(EVERY_PAGE);
  });

  it("still empties every page on a bump of the generation", async () => {
    writer.render();
    other.render();
    await bumpCacheGeneration(database.db);
    expect(writer.cached()).toEqual([]);
    expect(other.cached()).toEqual(EVERY_PAGE);
    await other.poll();
    expect(other.cached()).toEqual([]);
  });

  it("leaves what is kept in memory by generation as it is", async () => {
    let reads = 0;
    const markers = generationCache<number>({ read: async () => ++reads, maxAgeMs: 3_600_000, whenOld: "wait" });
    expect(await markers(database.db)).toBe(1);
    await invalidatePages(database.db, ["/community", "/markeder/loppemarked-i-aarhus"]);
    expect(await markers(database.db)).toBe(1);
    await bumpCacheGeneration(database.db);
    expect(await markers(database.db)).toBe(2);
  });
});
