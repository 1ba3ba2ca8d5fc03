import type { Kysely } from "kysely";
import { readCacheGeneration } from "./cache-generation.server";
import type { Database } from "./db/schema";

/**
 * A value read from the database once and then answered from memory, such as the map's positions
 * (app/markets/map/snapshot.server.ts) or the landing pages' numbers (app/markets/landing/data.server.ts).
 *
 * The snapshot is kept per database handle and read again when the cache generation changes
 * (every write to public data bumps it, foundations §9), so each app instance sees a write as soon as
 * its page cache does; when the key changes (the landing pages' Danish day); and after maxAgeMs
 * regardless, in case a writer forgot to bump.
 */
export interface SnapshotCacheOptions<T, K> {
  read: (db: Kysely<Database>, key: K) => Promise<T>;
  maxAgeMs: number;
  /**
   * What a request gets once maxAgeMs has passed: "wait" reads afresh before answering;
   * "background" answers with the old snapshot while a fresh one is read behind it.
   */
  whenOld: "wait" | "background";
}

interface Read<T> {
  value: T;
  readAt: number;
}

interface SnapshotEntry<T, K> {
  key: K;
  generation: number;
  snapshot: Promise<Read<T>>;
  /** Set while a background read after maxAgeMs is under way. */
  refreshing?: boolean;
}

/** The snapshot for a database handle (and key), read when there is none or it is out of date. */
export function snapshotCache<T, K = void>(options: SnapshotCacheOptions<T, K>): (db: Kysely<Database>, key: K) => Promise<T> {
  const snapshots = new WeakMap<Kysely<Database>, SnapshotEntry<T, K>>();

  const read = (db: Kysely<Database>, key: K): Promise<Read<T>> => options.read(db, key).then((value) => ({ value, readAt: Date.now() }));

  function refreshInBackground(db: Kysely<Database>, entry: SnapshotEntry<T, K>): void {
    entry.refreshing = true;
    read(db, entry.key).then(
      (snapshot) => {
        // Only if nothing newer replaced the entry while this read ran.
        if (snapshots.get(db) !== entry) return;
        snapshots.set(db, { key: entry.key, generation: entry.generation, snapshot: Promise.resolve(snapshot) });
      },
      () => {
        entry.refreshing = false;
      },
    );
  }

  return async function snapshot(db: Kysely<Database>, key: K): Promise<T> {
    const generation = await readCacheGeneration(db);
    const entry = snapshots.get(db);
    if (entry && entry.key === key) {
      const current = await entry.snapshot.catch(() => null);
      if (current && entry.generation === generation) {
        if (Date.now() - current.readAt < options.maxAgeMs) return current.value;
        if (options.whenOld === "background") {
          if (!entry.refreshing) refreshInBackground(db, entry);
          return current.value;
        }
      }
      // Another request may have started a fresh read meanwhile: share it.
      if (snapshots.get(db) !== entry) return snapshot(db, key);
    }
    const reading = read(db, key);
    const fresh: SnapshotEntry<T, K> = { key, generation, snapshot: reading };
    snapshots.set(db, fresh);
    reading.catch(() => {
      if (snapshots.get(db) === fresh) snapshots.delete(db);
    });
    return (await reading).value;
  };
}
