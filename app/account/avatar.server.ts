import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { AVATAR_SIZES, avatarUrl, parseAvatarUrl, type AvatarSize } from "./avatar-url";
import { AVATAR_MAX_BYTES } from "./avatar-url";

export { AVATAR_MAX_BYTES };

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

function avatarDirectory(storageDir: string, userId: string): string {
  return path.join(storageDir, "avatars", userId);
}

/** Writes the files under a fresh key and returns the URL to store. */
export async function storeAvatar(storageDir: string, userId: string, files: { size: AvatarSize; data: Buffer }[]): Promise<string> {
  const key = randomBytes(16).toString("hex");
  const directory = avatarDirectory(storageDir, userId);
  await mkdir(directory, { recursive: true });
  await Promise.all(files.map((file) => writeFile(path.join(directory, `${key}-${file.size}.webp`), file.data)));
  return avatarUrl(userId, key);
}

/** Removes the files behind one of our avatar URLs; URLs that are not ours are left alone. */
export async function removeAvatarFiles(storageDir: string, url: string | null | undefined): Promise<void> {
  const parsed = parseAvatarUrl(url);
  if (!parsed) return;
  const directory = avatarDirectory(storageDir, parsed.userId);
  await Promise.all(AVATAR_SIZES.map((size) => rm(path.join(directory, `${parsed.key}-${size}.webp`), { force: true })));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every avatar file a user ever left behind, when the account goes. */
export async function removeAllAvatars(storageDir: string, userId: string): Promise<void> {
  if (!UUID.test(userId)) return;
  await rm(avatarDirectory(storageDir, userId), { recursive: true, force: true });
}
