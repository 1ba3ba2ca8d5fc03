import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import type { Storage } from "~/lib/storage/index.server";
import { referencedAmong } from "./referenced-files.server";

/**
 * Deletes those of these files that nothing refers to any more (referenced-files.server.ts reads
 * every kind of reference), and keeps the rest: a file is shared whenever two rows name the same
 * key (the same picture in a market and in a change that waits, or in two lists), and only the
 * last one to let go of it may remove it. Called after the transaction that let go has committed.
 * Returns the keys it deleted.
 */
export async function removeUnreferencedFiles(db: Kysely<Database>, store: Storage, keys: readonly string[]): Promise<string[]> {
  const unique = [...new Set(keys)];
  if (!unique.length) return [];
  const referenced = await referencedAmong(db, unique);
  const gone = unique.filter((key) => !referenced.has(key));
  await Promise.all(gone.map((key) => store.delete(key)));
  return gone;
}
