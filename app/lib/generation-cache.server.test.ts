import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/lib/db/schema";
import { generationCache } from "~/lib/generation-cache.server";

const generation = vi.hoisted(() => ({ value: 1 }));
vi.mock("./cache-generation.server", () => ({ readCacheGeneration: async () => generation.value }));

const MAX_AGE_MS = 1_000;
/** Only the handle's identity matters: the cache keys its snapshots by it. */
const db = () => ({}) as Kysely<Database>;

/** A cache whose reads count up, so each answer tells which read it came from. */
function counting(whenOld: "wait" | "background", fail: (read: number) => boolean = () => false) {
  let reads = 0;
  const read = vi.fn(async (_db: Kysely<Database>, key: string) => {
    reads += 1;
    if (fail(reads)) throw new Error(`read ${reads} failed`);
    return `${key}#${reads}`;
  });
  return { read, cache: generationCache<string, string>({ read, maxAgeMs: MAX_AGE_MS, whenOld }) };
}

beforeEach(() => {
  generation.value = 1;
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => vi.useRealTimers());

describe("generationCache", () => {
  it("reads once per handle and key, and shares a read that is under way", async () => {
    const { read, cache } = counting("wait");
    const handle = db();
    expect(await Promise.all([cache(handle, "a"), cache(handle, "a")])).toEqual(["a#1", "a#1"]);
    expect(await cache(handle, "a")).toBe("a#1");
    expect(await cache(db(), "a")).toBe("a#2");
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("reads again when the cache generation or the key changes", async () => {
    const { cache } = counting("wait");
    const handle = db();
    expect(await cache(handle, "a")).toBe("a#1");
    generation.value = 2;
    expect(await cache(handle, "a")).toBe("a#2");
    expect(await cache(handle, "b")).toBe("b#3");
  });

  it('"wait": an old snapshot is read again before answering', async () => {
    const { cache } = counting("wait");
    const handle = db();
    expect(await cache(handle, "a")).toBe("a#1");
    vi.setSystemTime(Date.now() + MAX_AGE_MS);
    expect(await cache(handle, "a")).toBe("a#2");
  });

  it('"background": an old snapshot answers while a fresh one is read behind it', async () => {
    const { read, cache } = counting("background");
    const handle = db();
    expect(await cache(handle, "a")).toBe("a#1");
    vi.setSystemTime(Date.now() + MAX_AGE_MS);
    expect(await Promise.all([cache(handle, "a"), cache(handle, "a")])).toEqual(["a#1", "a#1"]);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.waitFor(async () => expect(await cache(handle, "a")).toBe("a#2"));
  });

  it("forgets a failed read, so the next request tries again", async () => {
    const { cache } = counting("wait", (read) => read === 1);
    const handle = db();
    await expect(cache(handle, "a")).rejects.toThrow("read 1 failed");
    expect(await cache(handle, "a")).toBe("a#2");
  });
});
