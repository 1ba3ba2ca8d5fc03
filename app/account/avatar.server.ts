import { createHash } from "node:crypto";
import { imageProblemMessage } from "~/lib/images/messages.server";
import { processImage, type ImageProblem, type ProcessedImage } from "~/lib/images/process-image.server";
import type { Storage } from "~/lib/storage/index.server";
import { AVATAR_MAX_BYTES, AVATAR_SIZES, avatarUrl, parseAvatarUrl } from "~/lib/images/avatar-url";

export { AVATAR_MAX_BYTES } from "~/lib/images/avatar-url";
/** A phone photo is 12–50 megapixels; far beyond that an upload is an attempt to exhaust memory. */
export const AVATAR_MAX_PIXELS = 100_000_000;

export type StoredAvatar = { ok: true; url: string } | { ok: false; problem: ImageProblem };

/**
 * One key for all sizes of an avatar, made from the bytes of every file: the stored URL names the
 * largest size and the others are found beside it, so the key must change when any file does.
 * 32 hex characters, the length random keys had, so URLs stored before still match the same pattern.
 */
function avatarKeyOf(files: ProcessedImage[]): string {
  const hash = createHash("sha256");
  for (const file of files) hash.update(file.data);
  return hash.digest("hex").slice(0, 32);
}

/** The storage key of one size of an avatar: the /billeder/ address without its prefix. */
function fileKey(userId: string, key: string, size: number): string {
  return `avatars/${userId}/${key}-${size}.webp`;
}

/**
 * Turns an upload (or an imported picture) into the avatar's square WebP files, upright and
 * without metadata (app/lib/images), and stores them under the owner's folder. Returns the URL to
 * keep on the profile; a refused picture stores nothing. The same picture gives the same URL, so
 * a caller replacing an avatar must not remove the old files when the URL did not change.
 */
export async function storeAvatar(store: Storage, userId: string, bytes: Uint8Array): Promise<StoredAvatar> {
  const processed = await processImage(bytes, { widths: AVATAR_SIZES, square: true, maxBytes: AVATAR_MAX_BYTES, maxPixels: AVATAR_MAX_PIXELS });
  if (!processed.ok) return processed;
  const key = avatarKeyOf(processed.files);
  await Promise.all(processed.files.map((file) => store.put(fileKey(userId, key, file.requestedWidth), file.data, file.contentType)));
  return { ok: true, url: avatarUrl(userId, key) };
}

/** What the settings page says about a refused picture, with the size limit of avatars. */
export function avatarProblemMessage(problem: ImageProblem): string {
  return imageProblemMessage(problem, { maxBytes: AVATAR_MAX_BYTES });
}

/**
 * Removes one of the owner's avatars: the files of the key in the URL, under the owner's own
 * folder. A stored URL is not trusted as a path: one that is not ours, or that names another
 * user's files, removes nothing.
 */
export async function removeAvatarFiles(store: Storage, ownerId: string, url: string | null | undefined): Promise<void> {
  const parsed = parseAvatarUrl(url);
  if (!parsed || parsed.userId !== ownerId) return;
  await Promise.all(AVATAR_SIZES.map((size) => store.delete(fileKey(ownerId, parsed.key, size))));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every avatar file a user ever left behind, when the account goes. */
export async function removeAllAvatars(store: Storage, userId: string): Promise<void> {
  if (!UUID.test(userId)) return;
  await store.deletePrefix(`avatars/${userId}/`);
}
