import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { Storage } from "~/lib/storage/index.server";
import { AVATAR_SIZES, avatarUrl, parseAvatarUrl, type AvatarSize } from "./avatar-url";

export { AVATAR_MAX_BYTES } from "./avatar-url";
/** A phone photo is 12–50 megapixels; far beyond that an upload is an attempt to exhaust memory. */
export const AVATAR_MAX_PIXELS = 100_000_000;

/** What phones and cameras produce. SVG is left out on purpose: it is a document, not a picture. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);

export type AvatarProblem = "not-image" | "too-many-pixels";

export type EncodedAvatar = { ok: true; files: { size: AvatarSize; data: Buffer }[] } | { ok: false; problem: AvatarProblem };

/**
 * Re-encodes an upload to square WebP files in each size. Whatever the file claimed to be, only
 * what sharp can decode gets through, and the re-encoding drops its metadata (camera, GPS
 * position) after turning the picture the way the camera meant.
 */
export async function encodeAvatar(input: Uint8Array): Promise<EncodedAvatar> {
  const options = { limitInputPixels: AVATAR_MAX_PIXELS, failOn: "error" as const };
  let format: string | undefined;
  try {
    const metadata = await sharp(input, options).metadata();
    format = metadata.format;
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > AVATAR_MAX_PIXELS) return { ok: false, problem: "too-many-pixels" };
  } catch {
    return { ok: false, problem: "not-image" };
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) return { ok: false, problem: "not-image" };
  try {
    const files = await Promise.all(
      AVATAR_SIZES.map(async (size) => ({
        size,
        data: await sharp(input, options)
          .rotate()
          .resize(size, size, { fit: "cover", position: sharp.strategy.attention })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
    return { ok: true, files };
  } catch {
    // A file whose header reads fine but whose pixels are broken (a cut-off download).
    return { ok: false, problem: "not-image" };
  }
}

/** The storage key of one size of an avatar: the /billeder/ address without its prefix. */
function avatarKey(userId: string, key: string, size: AvatarSize): string {
  return `avatars/${userId}/${key}-${size}.webp`;
}

/** Writes the files under a fresh key (disk or bucket, app/lib/storage) and returns the URL to store. */
export async function storeAvatar(store: Storage, userId: string, files: { size: AvatarSize; data: Buffer }[]): Promise<string> {
  const key = randomBytes(16).toString("hex");
  await Promise.all(files.map((file) => store.put(avatarKey(userId, key, file.size), file.data, "image/webp")));
  return avatarUrl(userId, key);
}

/**
 * Removes one of the owner's avatars: the files of the key in the URL, under the owner's own
 * folder. A stored URL is not trusted as a path: one that is not ours, or that names another
 * user's files, removes nothing.
 */
export async function removeAvatarFiles(store: Storage, ownerId: string, url: string | null | undefined): Promise<void> {
  const parsed = parseAvatarUrl(url);
  if (!parsed || parsed.userId !== ownerId) return;
  await Promise.all(AVATAR_SIZES.map((size) => store.delete(avatarKey(ownerId, parsed.key, size))));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every avatar file a user ever left behind, when the account goes. */
export async function removeAllAvatars(store: Storage, userId: string): Promise<void> {
  if (!UUID.test(userId)) return;
  await store.deletePrefix(`avatars/${userId}/`);
}
