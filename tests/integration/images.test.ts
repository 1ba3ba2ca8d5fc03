import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseAvatarUrl } from "../../app/lib/images/avatar-url";
import { avatarProblemMessage, removeAllAvatars, removeAvatarFiles, storeAvatar } from "../../app/account/avatar.server";
import { processImage } from "../../app/lib/images/process-image.server";
import { createDiskStorage, type Storage } from "../../app/lib/storage/index.server";
import translation from "../../app/locales/da/translation.json";

// Pictures do not touch the database: the file runs once, in the SQLite project (vitest.config.ts).
const { kind } = inject("testDatabase");

/** Where Copenhagen's flea markets are: a position no published picture may carry. */
const GPS = { GPSLatitudeRef: "N", GPSLatitude: "55/1 40/1 36/1", GPSLongitudeRef: "E", GPSLongitude: "12/1 34/1 6/1" };

function plain(width: number, height: number, background = { r: 120, g: 60, b: 30 }) {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** The GPS IFD pointer (tag 0x8825) in raw EXIF, in the byte order its TIFF header names. */
function hasGpsPointer(exif: Buffer): boolean {
  const tiff = exif.indexOf("II*\0") >= 0 ? exif.indexOf("II*\0") : exif.indexOf("MM\0*");
  if (tiff < 0) return false;
  const tag = exif.subarray(tiff, tiff + 2).toString("latin1") === "II" ? Buffer.from([0x25, 0x88]) : Buffer.from([0x88, 0x25]);
  return exif.indexOf(tag, tiff) >= 0;
}

/**
 * A photo as a phone stores one taken upright: lying down (600 × 400), with EXIF orientation 6,
 * "turn 90° clockwise to show". Its top half is red, its bottom half blue, so upright (400 × 600)
 * the left half is blue and the right half red.
 */
async function lyingPhoto(): Promise<Buffer> {
  const blue = await plain(600, 200, { r: 0, g: 0, b: 255 }).png().toBuffer();
  const stored = await plain(600, 400, { r: 255, g: 0, b: 0 })
    .composite([{ input: blue, left: 0, top: 200 }])
    .png()
    .toBuffer();
  return sharp(stored).jpeg().withMetadata({ orientation: 6 }).toBuffer();
}

async function pixel(data: Buffer, x: number, y: number): Promise<number[]> {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [raw[at]!, raw[at + 1]!, raw[at + 2]!];
}

describe(`pictures are made safe to publish (${kind} project)`, () => {
  let directory: string;
  let store: Storage;
  const user = randomUUID();
  const avatarPath = (url: string, size: number) => path.join(directory, url.replace("/billeder/", "").replace("-256.webp", `-${size}.webp`));
  const filesOf = (id: string) => (existsSync(path.join(directory, "avatars", id)) ? readdirSync(path.join(directory, "avatars", id)).sort() : []);

  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), "lg-images-"));
    store = createDiskStorage(directory);
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("an uploaded avatar keeps no EXIF and no GPS position", async () => {
    const input = await plain(800, 600)
      .jpeg()
      .withExif({ IFD0: { Make: "Kamera A/S", Copyright: "Hemmelig Fotograf" }, IFD3: GPS })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString("latin1")).toContain("Kamera A/S");
    expect(hasGpsPointer(before.exif!)).toBe(true);

    const stored = await storeAvatar(store, user, input);
    if (!stored.ok) throw new Error(stored.problem);
    for (const size of [256, 96]) {
      const out = readFileSync(avatarPath(stored.url, size));
      const meta = await sharp(out).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", size, size]);
      expect([meta.exif, meta.xmp, meta.orientation]).toEqual([undefined, undefined, undefined]);
      expect(out.toString("latin1")).not.toMatch(/Exif|Kamera|Hemmelig/);
    }
    await removeAllAvatars(store, user);
  });

  it("a photo with EXIF orientation 6 comes out upright, as an avatar and at any width", async () => {
    const input = await lyingPhoto();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    // Not cropped: the stored 600 × 400 comes out 400 wide and 600 tall.
    const processed = await processImage(input, { widths: [300], maxBytes: 5 * 1024 * 1024, maxPixels: 100_000_000 });
    if (!processed.ok) throw new Error(processed.problem);
    const [file] = processed.files;
    expect([file!.width, file!.height]).toEqual([300, 450]);
    const meta = await sharp(file!.data).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([300, 450, undefined]);

    // The avatar's square is cut from the upright picture: blue on the left, red on the right.
    const stored = await storeAvatar(store, user, input);
    if (!stored.ok) throw new Error(stored.problem);
    const avatar = readFileSync(avatarPath(stored.url, 256));
    const [left, right] = [await pixel(avatar, 20, 128), await pixel(avatar, 235, 128)];
    expect(left[2]).toBeGreaterThan(200);
    expect(left[0]).toBeLessThan(60);
    expect(right[0]).toBeGreaterThan(200);
    expect(right[2]).toBeLessThan(60);
    await removeAllAvatars(store, user);
  });

  it("a decompression bomb is refused with the Danish message, quickly, and nothing is stored", async () => {
    // One colour over 12000 × 12000 pixels: a small file that would take 432 MB once decoded,
    // beyond the avatar cap of 100 million pixels. The file itself is within the byte limit.
    const bomb = await plain(12_000, 12_000, { r: 200, g: 200, b: 200 }).toColourspace("b-w").png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 12_000, height: 12_000 });

    const started = performance.now();
    const refused = await storeAvatar(store, user, bomb);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(refused).toEqual({ ok: false, problem: "too-many-pixels" });
    if (refused.ok) return;
    expect(avatarProblemMessage(refused.problem)).toBe(translation.images.errors.tooManyPixels);
    expect(avatarProblemMessage(refused.problem)).toBe("Billedet har for mange pixels. Vælg et mindre billede.");
    expect(filesOf(user)).toEqual([]);
  }, 20_000);

  it("an avatar is stored, replaced and deleted on the disk driver, and one stored before keeps working", async () => {
    const owner = randomUUID();
    // An avatar uploaded before keys came from the content: a random 32-hex key.
    const oldKey = randomBytes(16).toString("hex");
    const oldUrl = `/billeder/avatars/${owner}/${oldKey}-256.webp`;
    const webp = await plain(256, 256).webp().toBuffer();
    await Promise.all([256, 96].map((size) => store.put(`avatars/${owner}/${oldKey}-${size}.webp`, webp, "image/webp")));
    expect(parseAvatarUrl(oldUrl)).toEqual({ userId: owner, key: oldKey });

    // Replacing, as the settings page does: store the new files, then remove the previous ones.
    const first = await storeAvatar(store, owner, await plain(500, 400, { r: 10, g: 120, b: 60 }).png().toBuffer());
    if (!first.ok) throw new Error(first.problem);
    await removeAvatarFiles(store, owner, oldUrl);
    const firstKey = parseAvatarUrl(first.url)!.key;
    expect(filesOf(owner)).toEqual([`${firstKey}-256.webp`, `${firstKey}-96.webp`]);
    const served = await store.get(`avatars/${owner}/${firstKey}-96.webp`);
    expect(served?.contentType).toBe("image/webp");
    served?.body.destroy();

    // The same picture again is the same URL over the same files: nothing to remove.
    const again = await storeAvatar(store, owner, await plain(500, 400, { r: 10, g: 120, b: 60 }).png().toBuffer());
    expect(again).toEqual(first);

    const second = await storeAvatar(store, owner, await plain(500, 400, { r: 200, g: 20, b: 60 }).png().toBuffer());
    if (!second.ok) throw new Error(second.problem);
    expect(second.url).not.toBe(first.url);
    await removeAvatarFiles(store, owner, first.url);
    const secondKey = parseAvatarUrl(second.url)!.key;
    expect(filesOf(owner)).toEqual([`${secondKey}-256.webp`, `${secondKey}-96.webp`]);

    // Removing the picture, then the account.
    await removeAvatarFiles(store, owner, second.url);
    expect(filesOf(owner)).toEqual([]);
    await storeAvatar(store, owner, webp);
    await removeAllAvatars(store, owner);
    expect(existsSync(path.join(directory, "avatars", owner))).toBe(false);
  });
});
