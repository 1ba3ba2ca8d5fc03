import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createDiskStorage } from "~/lib/storage/index.server";
import { avatarImage, parseAvatarUrl } from "~/lib/images/avatar-url";
import { avatarProblemMessage, removeAllAvatars, removeAvatarFiles, storeAvatar } from "./avatar.server";

const USER = "3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c";
const OTHER_USER = "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f";

function photo(width: number, height: number, format: "png" | "jpeg" = "png", background = { r: 120, g: 60, b: 30 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    [format]()
    .withExif({ IFD0: { Copyright: "Hemmelig", Make: "Kamera" } })
    .toBuffer();
}

describe("storing an avatar", () => {
  const directory = mkdtempSync(path.join(tmpdir(), "lg-avatar-"));
  const storage = createDiskStorage(directory);
  const filesOf = (userId: string) => readdirSync(path.join(directory, "avatars", userId)).sort();
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("turns a photo into square WebP files in each size, without its metadata", async () => {
    const stored = await storeAvatar(storage, USER, await photo(640, 480, "jpeg"));
    if (!stored.ok) throw new Error(stored.problem);
    const { key } = parseAvatarUrl(stored.url)!;
    expect(filesOf(USER)).toEqual([`${key}-256.webp`, `${key}-96.webp`]);
    for (const size of [256, 96]) {
      const meta = await sharp(readFileSync(path.join(directory, "avatars", USER, `${key}-${size}.webp`))).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", size, size, undefined]);
    }
    await removeAllAvatars(storage, USER);
  });

  it("names the files by their content: the same picture gets the same URL, another picture another", async () => {
    const picture = await photo(300, 300);
    const first = await storeAvatar(storage, USER, picture);
    const again = await storeAvatar(storage, USER, picture);
    const other = await storeAvatar(storage, USER, await photo(300, 300, "png", { r: 10, g: 200, b: 90 }));
    if (!first.ok || !again.ok || !other.ok) throw new Error("storing failed");
    expect(first.url).toMatch(new RegExp(`^/billeder/avatars/${USER}/[0-9a-f]{32}-256\\.webp$`));
    expect(again.url).toBe(first.url);
    expect(other.url).not.toBe(first.url);
    expect(filesOf(USER)).toHaveLength(4);
  });

  it("removes exactly the files of one URL, and every file of a user", async () => {
    const kept = await storeAvatar(storage, USER, await photo(200, 200, "png", { r: 1, g: 2, b: 3 }));
    const removed = await storeAvatar(storage, USER, await photo(200, 200, "png", { r: 200, g: 2, b: 3 }));
    if (!kept.ok || !removed.ok) throw new Error("storing failed");
    await removeAvatarFiles(storage, USER, removed.url);
    const remaining = filesOf(USER);
    expect(remaining).toEqual(expect.arrayContaining([`${parseAvatarUrl(kept.url)!.key}-256.webp`, `${parseAvatarUrl(kept.url)!.key}-96.webp`]));
    expect(remaining.some((file) => file.startsWith(parseAvatarUrl(removed.url)!.key))).toBe(false);
    await removeAllAvatars(storage, USER);
    expect(readdirSync(path.join(directory, "avatars"))).toEqual([]);
  });

  it("refuses what is not a picture, an SVG document and a cut-off file, and stores nothing", async () => {
    expect(await storeAvatar(storage, USER, new TextEncoder().encode("hej med dig"))).toEqual({ ok: false, problem: "not-image" });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect(await storeAvatar(storage, USER, svg)).toEqual({ ok: false, problem: "unsupported-type" });
    const png = await photo(400, 400);
    expect(await storeAvatar(storage, USER, png.subarray(0, png.length / 2))).toEqual({ ok: false, problem: "not-image" });
    expect(readdirSync(directory).includes("avatars") ? readdirSync(path.join(directory, "avatars")) : []).toEqual([]);
  });

  it("says the size limit of avatars when a picture is too large", () => {
    expect(avatarProblemMessage("too-large")).toBe("Billedet fylder for meget. Vælg et billede på højst 5 MB.");
  });
});

describe("removing avatars safely", () => {
  const directory = mkdtempSync(path.join(tmpdir(), "lg-avatar-"));
  const storage = createDiskStorage(directory);
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("removes nothing of another user's, whatever URL it is given", async () => {
    const theirs = await storeAvatar(storage, OTHER_USER, await photo(300, 300));
    if (!theirs.ok) throw new Error(theirs.problem);
    await removeAvatarFiles(storage, USER, theirs.url);
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
