import { sql, type Kysely } from "kysely";
import type { Database } from "./db/schema";

const KEY = "page-cache-generation";

/**
 * The generation of public data. Every write that changes what anonymous visitors see bumps it,
 * and every app instance empties its page cache when it sees a new value (foundations §9).
 */
export async function readCacheGeneration(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("site_state").select("value").where("key", "=", KEY).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

type GenerationListener = () => void;
const listeners = new Set<GenerationListener>();

/** This instance's page cache listens here, so its own writes take effect at once. */
export function onCacheGenerationBump(listener: GenerationListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function bumpCacheGeneration(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  const updatedAt = now.toISOString();
  await db
    .insertInto("site_state")
    .values({ key: KEY, value: "1", updated_at: updatedAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        // The value is text on both databases; count it up as a number.
        value: sql<string>`cast(cast(site_state.value as integer) + 1 as varchar(20))`,
        updated_at: updatedAt,
      }),
    )
    .execute();
  for (const listener of listeners) listener();
}
