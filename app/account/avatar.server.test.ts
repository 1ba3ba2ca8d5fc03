import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { avatarImage, parseAvatarUrl } from "./avatar-url";
import { createDiskStorage } from "~/lib/storage/index.server";
import { encodeAvatar, removeAllAvatars, removeAvatarFiles, storeAvatar } from "./avatar.server";

const USER = "3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c";
const OTHER_USER = "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f";

function photo(width: number, height: number, format: "png" | "jpeg" = "png"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 60, b: 30 } } })
    [format]()
    .withExif({ IFD0: { Copyright: "Hemmelig", Make: "Kamera" } })
    .toBuffer();
}

describe("encoding an avatar", () => {
  it("turns a photo into square WebP files in each size, without its metadata", async () => {
    const encoded = await encodeAvatar(await photo(640, 480, "jpeg"));
    expect(encoded.ok).toBe(true);
    if (!encoded.ok) return;
    const sizes = await Promise.all(encoded.files.map(async (file) => ({ size: file.size, meta: await sharp(file.data).metadata() })));
    for (const { size, meta } of sizes) {
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", size, size]);
      expect(meta.exif).toBeUndefined();
    }
    expect(sizes.map((entry) => entry.size)).toEqual([256, 96]);
  });

  it("refuses what is not a picture, an SVG document and a cut-off file", async () => {
    expect(await encodeAvatar(new TextEncoder().encode("hej med dig"))).toEqual({ ok: false, problem: "not-image" });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect(await encodeAvatar(svg)).toEqual({ ok: false, problem: "not-image" });
    const png = await photo(400, 400);
    expect(await encodeAvatar(png.subarray(0, png.length / 2))).toEqual({ ok: false, problem: "not-image" });
  });
});

describe("storing avatars", () => {
  const directory = mkdtempSync(path.join(tmpdir(), "lg-avatar-"));
  const storage = createDiskStorage(directory);
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("stores each size under a fresh key and removes exactly those files again", async () => {
    const encoded = await encodeAvatar(await photo(300, 300));
    if (!encoded.ok) throw new Error("encoding failed");
    const first = await storeAvatar(storage, USER, encoded.files);
    const second = await storeAvatar(storage, USER, encoded.files);
    expect(first).not.toBe(second);
    expect(readdirSync(path.join(directory, "avatars", USER))).toHaveLength(4);
    await removeAvatarFiles(storage, USER, first);
    expect(readdirSync(path.join(directory, "avatars", USER)).sort()).toEqual(
      [`${parseAvatarUrl(second)!.key}-256.webp`, `${parseAvatarUrl(second)!.key}-96.webp`].sort(),
    );
    await removeAllAvatars(storage, USER);
    expect(readdirSync(path.join(directory, "avatars"))).toEqual([]);
  });

  it("removes nothing of another user's, whatever URL it is given", async () => {
    const encoded = await encodeAvatar(await photo(300, 300));
    if (!encoded.ok) throw new Error("encoding failed");
    const theirs = await storeAvatar(storage, OTHER_USER, encoded.files);
    await removeAvatarFiles(storage, USER, theirs);
    expect(readdirSync(path.join(directory, "avatars", OTHER_USER))).toHaveLength(2);
  });

  it("leaves alone anything that is not one of our avatar URLs", async () => {
    await removeAvatarFiles(storage, USER, "https://lh3.googleusercontent.com/a/foto");
    await removeAvatarFiles(storage, USER, `/billeder/avatars/${USER}/../../../etc-256.webp`);
    await removeAllAvatars(storage, "../..");
    expect(parseAvatarUrl(`/billeder/avatars/${USER}/${"a".repeat(32)}-256.webp/../x`)).toBeNull();
    expect(avatarImage("https://lh3.googleusercontent.com/a/foto")).toBeNull();
    expect(avatarImage(`/billeder/avatars/${USER}/${"a".repeat(32)}-256.webp`)?.srcSet).toBe(
      `/billeder/avatars/${USER}/${"a".repeat(32)}-256.webp 256w, /billeder/avatars/${USER}/${"a".repeat(32)}-96.webp 96w`,
    );
  });
});
