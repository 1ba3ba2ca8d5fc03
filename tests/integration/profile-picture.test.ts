import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseAvatarUrl } from "../../app/lib/images/avatar-url";
import { AVATAR_MAX_BYTES, storeAvatar } from "../../app/account/avatar.server";
import { importProfilePicture, pictureAllowed } from "../../app/account/profile-picture.server";
import { createDiskStorage } from "../../app/lib/storage/index.server";
import { createProfile } from "../../app/auth/profiles.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");
const GOOGLE_PICTURE = "https://lh3.googleusercontent.com/a/billede=s96-c";
const PROVIDER = "https://accounts.google.com";

describe("which picture addresses are fetched", () => {
  it("https anywhere, plain http only from the provider itself, nothing else", () => {
    expect(pictureAllowed(GOOGLE_PICTURE, PROVIDER)).toBe(true);
    expect(pictureAllowed("http://127.0.0.1:4010/picture.png", "http://127.0.0.1:4010")).toBe(true);
    expect(pictureAllowed("http://127.0.0.1:5432/", PROVIDER)).toBe(false);
    expect(pictureAllowed("http://169.254.169.254/latest/meta-data", null)).toBe(false);
    expect(pictureAllowed("file:///etc/passwd", PROVIDER)).toBe(false);
    expect(pictureAllowed("https://bruger:kode@example.com/a.png", PROVIDER)).toBe(false);
    expect(pictureAllowed("ikke en adresse", PROVIDER)).toBe(false);
  });
});

describe(`a Google picture becomes the avatar (${kind})`, () => {
  let database: TestDatabase;
  let storageDir: string;
  let png: Buffer;

  beforeAll(async () => {
    database = await createTestDatabase();
    storageDir = mkdtempSync(path.join(tmpdir(), "loppeguiden-picture-"));
    png = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(storageDir, { recursive: true, force: true });
  });

  async function newUser(avatarUrl: string | null = null) {
    const id = randomUUID();
    const email = `${id.slice(0, 8)}@eksempel.dk`;
    const now = kind === "postgres" ? new Date() : new Date().toISOString();
    await database.db
      .insertInto("user")
      .values({ id, name: "Pia", email, emailVerified: kind === "postgres" ? true : 1, image: GOOGLE_PICTURE, createdAt: now, updatedAt: now })
      .execute();
    await createProfile(database.db, { id, email });
    if (avatarUrl) await database.db.updateTable("profiles").set({ avatar_url: avatarUrl }).where("auth_user_id", "=", id).execute();
    return { id, image: GOOGLE_PICTURE };
  }

  const avatarOf = async (id: string) => (await database.db.selectFrom("profiles").select("avatar_url").where("auth_user_id", "=", id).executeTakeFirstOrThrow()).avatar_url;
  const filesOf = (id: string) => {
    const directory = path.join(storageDir, "avatars", id);
    return existsSync(directory) ? readdirSync(directory).sort() : [];
  };
  const answering =
    (response: () => Response): typeof fetch =>
    async () =>
      response();

  it("is fetched, re-encoded to our WebP sizes and stored on the profile", async () => {
    const user = await newUser();
    const asked: string[] = [];
    const fetchPicture = (async (input: string | URL | Request) => {
      asked.push(input instanceof Request ? input.url : String(input));
      return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png" } });
    }) as typeof fetch;
    expect(await importProfilePicture(database.db, createDiskStorage(storageDir), user, PROVIDER, fetchPicture)).toBe("imported");
    expect(asked).toEqual([GOOGLE_PICTURE]);
    const stored = await avatarOf(user.id);
    const key = stored?.match(/\/([0-9a-f]{32})-256\.webp$/)?.[1];
    expect(key).toBeDefined();
    expect(filesOf(user.id)).toEqual([`${key}-256.webp`, `${key}-96.webp`]);
    // Square, and never made larger than the picture: Google's are often 96 pixels.
    const large = await sharp(path.join(storageDir, "avatars", user.id, `${key}-256.webp`)).metadata();
    expect([large.format, large.width, large.height, large.exif]).toEqual(["webp", 80, 80, undefined]);
  });

  it("leaves an avatar the person has set meanwhile, and keeps no stray files", async () => {
    const own = `/billeder/avatars/${randomUUID()}/${"a".repeat(32)}-256.webp`;
    const user = await newUser(own);
    const outcome = await importProfilePicture(
      database.db,
      createDiskStorage(storageDir),
      user,
      PROVIDER,
      answering(() => new Response(new Uint8Array(png))),
    );
    expect(outcome).toBe("has-avatar");
    expect(await avatarOf(user.id)).toBe(own);
    expect(filesOf(user.id)).toEqual([]);
  });

  it("keeps the files of an avatar set meanwhile from the same picture", async () => {
    const user = await newUser();
    const store = createDiskStorage(storageDir);
    const own = await storeAvatar(store, user.id, png);
    if (!own.ok) throw new Error(own.problem);
    await database.db.updateTable("profiles").set({ avatar_url: own.url }).where("auth_user_id", "=", user.id).execute();
    expect(
      await importProfilePicture(
        database.db,
        store,
        user,
        PROVIDER,
        answering(() => new Response(new Uint8Array(png))),
      ),
    ).toBe("has-avatar");
    expect(await avatarOf(user.id)).toBe(own.url);
    const key = parseAvatarUrl(own.url)!.key;
    expect(filesOf(user.id)).toEqual([`${key}-256.webp`, `${key}-96.webp`]);
  });

  it("stores nothing for an answer that is not a picture, too large, refused or never comes", async () => {
    const cases: [typeof fetch, string][] = [
      [answering(() => new Response("<html>ikke et billede</html>", { headers: { "Content-Type": "text/html" } })), "not-image"],
      [answering(() => new Response(new Uint8Array(AVATAR_MAX_BYTES + 1))), "too-large"],
      [answering(() => new Response("", { status: 404 })), "failed"],
      [async () => Promise.reject(new DOMException("The operation timed out.", "TimeoutError")), "failed"],
    ];
    for (const [fetchPicture, expected] of cases) {
      const user = await newUser();
      expect(await importProfilePicture(database.db, createDiskStorage(storageDir), user, PROVIDER, fetchPicture)).toBe(expected);
      expect(await avatarOf(user.id)).toBeNull();
      expect(filesOf(user.id)).toEqual([]);
    }
  });

  it("does not fetch an address the provider did not give", async () => {
    const user = { ...(await newUser()), image: "http://127.0.0.1:5432/" };
    let asked = false;
    const fetchPicture = (async () => {
      asked = true;
      return new Response(new Uint8Array(png));
    }) as typeof fetch;
    expect(await importProfilePicture(database.db, createDiskStorage(storageDir), user, PROVIDER, fetchPicture)).toBe("not-allowed");
    expect(asked).toBe(false);
  });
});
