import type { Kysely } from "kysely";
import { readCacheGeneration } from "~/lib/cache-generation.server";
import type { Database } from "~/lib/db/schema";

/**
 * A value read from the database once and then answered from memory, such as the map's positions
 * (app/map/markers-in-memory.server.ts) or the landing pages' numbers (app/landing/data.server.ts).
 *
 * The value is kept per database handle and read again when the cache generation changes
 * (every write that changes what many pages show bumps it, decision 0034; the forum's writes name
 * their pages instead and leave these values alone), so each app instance sees a write as soon as
 * its page cache does; when the key changes (the landing pages' Danish day); and after maxAgeMs
 * regardless, in case a writer forgot to bump.
 */
export interface GenerationCacheOptions<T, K> {
  read: (db: Kysely<Database>, key: K) => Promise<T>;
  maxAgeMs: number;
  /**
   * What a request gets once maxAgeMs has passed: "wait" reads afresh before answering;
   * "background" answers with the old value while a fresh one is read behind it.
   */
  whenOld: "wait" | "background";
}

interface Read<T> {
  value: T;
  readAt: number;
}

interface CacheEntry<T, K> {
  key: K;
  generation: number;
  value: Promise<Read<T>>;
  /** Set while a background read after maxAgeMs is under way. */
  refreshing?: boolean;
}

/** The value for a database handle (and key), read when there is none or it is out of date. */
export function generationCache<T, K = void>(options: GenerationCacheOptions<T, K>): (db: Kysely<Database>, key: K) => Promise<T> {
  const entries = new WeakMap<Kysely<Database>, CacheEntry<T, K>>();

  const read = (db: Kysely<Database>, key: K): Promise<Read<T>> => options.read(db, key).then((value) => ({ value, readAt: Date.now() }));

  function refreshInBackground(db: Kysely<Database>, entry: CacheEntry<T, K>): void {
    entry.refreshing = true;
    read(db, entry.key).then(
      (value) => {
        // Only if nothing newer replaced the entry while this read ran.
        if (entries.get(db) !== entry) return;
        entries.set(db, { key: entry.key, generation: entry.generation, value: Promise.resolve(value) });
      },
      () => {
        entry.refreshing = false;
      },
    );
  }

  return async function cached(db: Kysely<Database>, key: K): Promise<T> {
    const generation = await readCacheGeneration(db);
    const entry = entries.get(db);
    if (entry && entry.key === key) {
      const current = await entry.value.catch(() => null);
      if (current && entry.generation === generation) {
        if (Date.now() - current.readAt < options.maxAgeMs) return current.value;
        if (options.whenOld === "background") {
          if (!entry.refreshing) refreshInBackground(db, entry);
          return current.value;
        }
      }
      // Another request may have started a fresh read meanwhile: share it.
      if (entries.get(db) !== entry) return cached(db, key);
    }
    const reading = read(db, key);
    const fresh: CacheEntry<T, K> = { key, generation, value: reading };
    entries.set(db, fresh);
    reading.catch(() => {
      if (entries.get(db) === fresh) entries.delete(db);
    });
    return (await reading).value;
  };
}
