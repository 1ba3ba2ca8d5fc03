import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import type { SnapshotImage } from "./snapshot";
import { parseImageWidths } from "../markets/image-widths";

/** A market's pictures as stored, in order: the first is the cover. */
export async function readImageRows(db: Kysely<Database>, marketId: string): Promise<SnapshotImage[]> {
  const rows = await db.selectFrom("market_images").selectAll().where("market_id", "=", marketId).orderBy("position").orderBy("id").execute();
  return rows.map((row) => ({ storageKey: row.storage_key, widths: parseImageWidths(row.widths), width: Number(row.width), height: Number(row.height), alt: row.alt }));
}

/**
 * Makes a market's market_images rows the list given, in its order (position 0 is the cover), in
 * the caller's transaction. The rows are written anew: a picture is its files and its alt text,
 * not its row, so nothing refers to a row's id.
 */
export async function writeImageRows(trx: Kysely<Database>, marketId: string, images: readonly SnapshotImage[], now: Date): Promise<void> {
  await trx.deleteFrom("market_images").where("market_id", "=", marketId).execute();
  if (!images.length) return;
  await trx
    .insertInto("market_images")
    .values(
      images.map((image, position) => ({
        id: randomUUID(),
        market_id: marketId,
        storage_key: image.storageKey,
        widths: image.widths ? JSON.stringify(image.widths) : null,
        width: image.width,
        height: image.height,
        alt: image.alt,
        position,
        created_at: now.toISOString(),
      })),
    )
    .execute();
}
