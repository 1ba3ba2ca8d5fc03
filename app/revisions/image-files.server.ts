import { processImage, type ImageProblem } from "~/lib/images/process-image.server";
import type { Storage } from "~/lib/storage/index.server";
import type { SnapshotImage } from "./snapshot";
import { MARKET_IMAGE_MAX_BYTES, MARKET_IMAGE_MAX_PIXELS, MARKET_IMAGE_WIDTHS } from "./picture-limits";

export type StoredImage = { ok: true; image: SnapshotImage } | { ok: false; problem: ImageProblem };

/**
 * The storage keys of a picture's files, by the convention every reader of market_images keeps:
 * with widths, "{storageKey}-{width}.webp" for each; without, the one file storageKey.
 */
export function imageFileKeys(image: Pick<SnapshotImage, "storageKey" | "widths">): string[] {
  return image.widths ? image.widths.map((width) => `${image.storageKey}-${width}.webp`) : [image.storageKey];
}

/**
 * Turns an upload into the market's WebP files (upright, no metadata, app/lib/images) and stores
 * them under "{prefix}/{hash}": the owner's private folder, "private/{ownerId}/markets/{marketId}" or
 * "private/{ownerId}/drafts/{draftId}" (image-target.server.ts), until a public market shows them
 * (publish-pictures.server.ts). Only the widths the picture has are kept: a request
 * wider than the picture gives a file as wide as it, kept once, and only when it is narrower than
 * every width asked for. The hash is the widest file's, so the same picture gets the same key and
 * a key never changes what it shows (served with immutable caching once public). A refused upload
 * stores nothing.
 */
export async function storeMarketImage(store: Storage, prefix: string, bytes: Uint8Array, alt: string): Promise<StoredImage> {
  const processed = await processImage(bytes, { widths: MARKET_IMAGE_WIDTHS, maxBytes: MARKET_IMAGE_MAX_BYTES, maxPixels: MARKET_IMAGE_MAX_PIXELS });
  if (!processed.ok) return processed;
  const whole = processed.files.filter((file) => file.width === file.requestedWidth);
  const files = whole.length ? whole : [processed.files[0]!];
  const widest = files.at(-1)!;
  const storageKey = `${prefix}/${widest.key}`;
  const widths = files.map((file) => file.width);
  await Promise.all(files.map((file) => store.put(`${storageKey}-${file.width}.webp`, file.data, file.contentType)));
  return { ok: true, image: { storageKey, widths, width: widest.width, height: widest.height, alt } };
}

/**
 * The part of a storage key that names the content (the hash): the same picture has it wherever it
 * is stored, in a private folder or in the market's public one.
 */
export function contentKeyOf(storageKey: string): string {
  return storageKey.slice(storageKey.lastIndexOf("/") + 1);
}

/** True when the two are the same picture, wherever each is stored. */
export function sameContent(a: Pick<SnapshotImage, "storageKey">, b: Pick<SnapshotImage, "storageKey">): boolean {
  return contentKeyOf(a.storageKey) === contentKeyOf(b.storageKey);
}
