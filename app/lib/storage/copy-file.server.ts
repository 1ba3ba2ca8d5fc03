import { buffer } from "node:stream/consumers";
import type { Storage } from "./storage.server";

/**
 * Copies the file under `from` to `to` in the same store, through get and put so that both drivers
 * do it alike (pictures are a few hundred kilobytes at most). False when there is no file to copy.
 */
export async function copyStoredFile(store: Storage, from: string, to: string): Promise<boolean> {
  const file = await store.get(from);
  if (!file) return false;
  await store.put(to, new Uint8Array(await buffer(file.body)), file.contentType);
  return true;
}
