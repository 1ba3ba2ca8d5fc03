import { randomUUID } from "node:crypto";
import { mkdtemp, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { avatarUrl } from "../../app/lib/images/avatar-url";
import { orphans, removeAllOrphans, removeOldOrphans, removeOrphan } from "../../app/image-cleanup/orphans.server";
import { referencedAmong, referencedKeys } from "../../app/lib/images/referenced-files.server";
import { createDiskStorage, createS3Storage, type Storage } from "../../app/lib/storage/index.server";
import { createTestMarket } from "../support/factories";
import { startS3StandIn, type S3StandIn } from "../support/s3-stand-in";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");

/**
 * The image cleanup against a real database and each store: what refers to a file (a market's
 * pictures with and without widths, avatars, pending changes, drafts), and that exactly the rest,
 * once a day old, is found and removed. The page and its guards: image-cleanup-page.test.ts.
 */

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date();
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

let tempDir: string;
let standIn: S3StandIn;

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), "lg-cleanup-"));
  standIn = await startS3StandIn();
});

afterAll(async () => {
  await standIn?.stop();
  await rm(tempDir, { recursive: true, force: true });
});

type Backdate = (key: string, when: Date) => Promise<void>;
const drivers: [string, () => { store: Storage; backdate: Backdate }][] = [
  [
    "disk",
    () => {
      const root = path.join(tempDir, "disk");
      return { store: createDiskStorage(root), backdate: (key, when) => utimes(path.join(root, ...key.split("/")), when, when) };
    },
  ],
  ["s3 (s3rver)", () => ({ store: createS3Storage(standIn.settings), backdate: (key, when) => standIn.backdate(key, when) })],
];

const picture = (storageKey: string, widths: number[] | null) => ({ storageKey, widths, width: 1600, height: 1200, alt: "Boder i solskin" });

describe.each(drivers)(`image cleanup, %s store (${kind})`, (_name, make) => {
  let database: TestDatabase;
  let store: Storage;
  let backdate: Backdate;
  let referenced: string[];
  let oldOrphans: string[];
  const young = "markets/ny-upload/abc-400.webp";
  const weekOld = "markets/gammel/def-800.webp";
  const sizes = new Map<string, number>();

  async function put(key: string, bytes: number, when: Date | null = daysAgo(3)) {
    sizes.set(key, bytes);
    await store.put(key, new Uint8Array(bytes), "image/webp");
    if (when) await backdate(key, when);
  }

  async function revision(marketId: string, state: string, after: unknown) {
    await database.db
      .insertInto("market_revisions")
      .values({ id: randomUUID(), market_id: marketId, kind: "edit", state, author_id: null, before: null, after: JSON.stringify(after), created_at: NOW.toISOString() })
      .execute();
  }

  async function draft(fields: unknown) {
    const stamp = NOW.toISOString();
    await database.db
      .insertInto("market_drafts")
      .values({
        id: randomUUID(),
        owner_id: randomUUID(),
        step: "billeder",
        fields: typeof fields === "string" ? fields : JSON.stringify(fields),
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ store, backdate } = make());
    const market = await createTestMarket(database, { name: "Loppemarked med billeder" });
    // Rows as the sign-up leaves them, written directly: hashing passwords is no part of this.
    const withAvatar = { id: randomUUID() };
    const withImage = { id: randomUUID() };
    const avatarKey = "0123456789abcdef0123456789abcdef";
    const oldAvatarKey = "fedcba9876543210fedcba9876543210";
    const stamp = NOW.toISOString();
    const verified = kind === "sqlite" ? 1 : true;
    await database.db
      .insertInto("user")
      .values([
        { id: withAvatar.id, name: "Anna Avatar", email: "anna@example.com", emailVerified: verified, image: null, createdAt: stamp, updatedAt: stamp },
        {
          id: withImage.id,
          name: "Gustav Google",
          email: "gustav@example.com",
          emailVerified: verified,
          image: avatarUrl(withImage.id, avatarKey),
          createdAt: stamp,
          updatedAt: stamp,
        },
      ])
      .execute();
    await database.db
      .insertInto("profiles")
      .values([
        { id: randomUUID(), auth_user_id: withAvatar.id, email: "anna@example.com", avatar_url: avatarUrl(withAvatar.id, avatarKey), created_at: stamp, updated_at: stamp },
        { id: randomUUID(), auth_user_id: withImage.id, email: "gustav@example.com", avatar_url: null, created_at: stamp, updated_at: stamp },
      ])
      .execute();

    await database.db
      .insertInto("market_images")
      .values([
        {
          id: randomUUID(),
          market_id: market.id,
          storage_key: `markets/${market.id}/a1b2c3`,
          width: 1600,
          height: 1200,
          alt: "Boder",
          position: 0,
          widths: "[400,800,1600]",
          created_at: NOW.toISOString(),
        },
        {
          id: randomUUID(),
          market_id: market.id,
          storage_key: `markets/${market.id}/gammelt-foto.jpg`,
          width: 800,
          height: 600,
          alt: "Pladsen",
          position: 1,
          widths: null,
          created_at: NOW.toISOString(),
        },
      ])
      .execute();
    await revision(market.id, "pending", { name: "Nyt navn", images: [picture("markets/afventer/p1", [400, 800]), picture("markets/afventer/enkelt.webp", null)] });
    await revision(market.id, "applied", { name: "Gammelt navn", images: [picture("markets/anvendt/q1", [400])] });
    await revision(market.id, "rejected", { images: [picture("markets/afvist/r1", [400])] });
    await draft({ name: "Kladde", images: [picture("drafts/kladde/d1", [400])] });
    await draft({ images: JSON.stringify([picture("drafts/kladde/d2", [800])]) });
    await draft({ images: "ikke json" });
    await draft("{ikke et objekt");

    referenced = [
      `markets/${market.id}/a1b2c3-400.webp`,
      `markets/${market.id}/a1b2c3-800.webp`,
      `markets/${market.id}/a1b2c3-1600.webp`,
      `markets/${market.id}/gammelt-foto.jpg`,
      `avatars/${withAvatar.id}/${avatarKey}-256.webp`,
      `avatars/${withAvatar.id}/${avatarKey}-96.webp`,
      `avatars/${withImage.id}/${avatarKey}-256.webp`,
      `avatars/${withImage.id}/${avatarKey}-96.webp`,
      "markets/afventer/p1-400.webp",
      "markets/afventer/p1-800.webp",
      "markets/afventer/enkelt.webp",
      "drafts/kladde/d1-400.webp",
      "drafts/kladde/d2-800.webp",
    ];
    oldOrphans = [
      // A width the picture no longer has, and the bare key of a picture stored in widths.
      `markets/${market.id}/a1b2c3-200.webp`,
      `markets/${market.id}/a1b2c3`,
      `avatars/${withAvatar.id}/${oldAvatarKey}-256.webp`,
      `avatars/${withAvatar.id}/${oldAvatarKey}-96.webp`,
      "markets/anvendt/q1-400.webp",
      "markets/afvist/r1-400.webp",
      "noter/readme.txt",
      weekOld,
    ].sort();
    await Promise.all([
      ...referenced.map((key, at) => put(key, 1000 + at, daysAgo(30))),
      ...oldOrphans.map((key, at) => put(key, 2000 + at, key === weekOld ? daysAgo(8) : daysAgo(3))),
      put(young, 500, null),
      put("markets/naesten/xyz-400.webp", 600, new Date(NOW.getTime() - DAY + 60_000)),
    ]);
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it("reads every reference: market pictures with widths and without, avatars, pending changes and drafts", async () => {
    expect([...(await referencedKeys(database.db))].sort()).toEqual([...referenced].sort());
  });

  it("asked about some keys only, reads the same references: what a removal checks before it deletes", async () => {
    const asked = [...referenced, ...oldOrphans, young];
    expect([...(await referencedAmong(database.db, asked))].sort()).toEqual([...referenced].sort());
    expect([...(await referencedAmong(database.db, oldOrphans))]).toEqual([]);
    expect([...(await referencedAmong(database.db, ["markets/afventer/p1-800.webp", "drafts/kladde/d2-800.webp"]))].sort()).toEqual([
      "drafts/kladde/d2-800.webp",
      "markets/afventer/p1-800.webp",
    ]);
  });

  it("finds exactly the orphans more than a day old, sorted, with size and time", async () => {
    const found = await orphans(store, database.db, NOW);
    expect(found.map((file) => file.key)).toEqual(oldOrphans);
    expect(found.map((file) => file.size)).toEqual(oldOrphans.map((key) => sizes.get(key)));
    const weekOldFile = found.find((file) => file.key === weekOld)!;
    expect(Math.abs(weekOldFile.modifiedAt.getTime() - daysAgo(8).getTime())).toBeLessThan(1000);
  });

  it("removes one orphan, and refuses a referenced file, a young one and a missing one", async () => {
    const target = oldOrphans.find((key) => key.startsWith("noter/"))!;
    const removed = await removeOrphan(store, database.db, target, NOW);
    expect(removed.kind === "removed" && [removed.file.key, removed.file.size]).toEqual([target, sizes.get(target)]);
    expect(await store.listFiles(target)).toEqual([]);
    expect(await removeOrphan(store, database.db, target, NOW)).toEqual({ kind: "missing" });
    expect(await removeOrphan(store, database.db, referenced[0]!, NOW)).toEqual({ kind: "in-use" });
    expect(await removeOrphan(store, database.db, young, NOW)).toEqual({ kind: "in-use" });
    expect(await removeOrphan(store, database.db, "../uden/for.webp", NOW)).toEqual({ kind: "missing" });
    expect(await store.listFiles(referenced[0])).toHaveLength(1);
    expect(await store.listFiles(young)).toHaveLength(1);
    oldOrphans = oldOrphans.filter((key) => key !== target);
  });

  it("checks again before removing: a file taken into use since the list was read stays", async () => {
    const listed = await orphans(store, database.db, NOW);
    const taken = listed.find((file) => file.key.startsWith("markets/anvendt/"))!.key;
    await draft({ images: [picture("markets/anvendt/q1", [400])] });
    expect(await removeOrphan(store, database.db, taken, NOW)).toEqual({ kind: "in-use" });
    expect(await store.listFiles(taken)).toHaveLength(1);
    oldOrphans = oldOrphans.filter((key) => key !== taken);
    referenced.push(taken);
  });

  it("the daily job removes only the orphans a week old", async () => {
    expect(await removeOldOrphans(store, database.db, NOW)).toEqual({ count: 1, bytes: sizes.get(weekOld) });
    expect(await store.listFiles(weekOld)).toEqual([]);
    oldOrphans = oldOrphans.filter((key) => key !== weekOld);
    expect((await orphans(store, database.db, NOW)).map((file) => file.key)).toEqual(oldOrphans);
  });

  it("removes all orphans at once and leaves every referenced and young file", async () => {
    const before = await orphans(store, database.db, NOW);
    const result = await removeAllOrphans(store, database.db, NOW);
    expect(result).toEqual({ count: before.length, bytes: before.reduce((sum, file) => sum + file.size, 0) });
    expect(await orphans(store, database.db, NOW)).toEqual([]);
    const left = (await store.listFiles()).map((file) => file.key);
    expect(left).toEqual([...referenced, young, "markets/naesten/xyz-400.webp"].sort());
  });
});
