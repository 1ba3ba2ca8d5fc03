import type { Kysely } from "kysely";
import { avatarFileKeys } from "~/lib/images/avatar-url";
import type { Database } from "~/lib/db/schema";
import { keyFromUrlPath } from "~/lib/storage/storage.server";

/*
 * Which stored files something still refers to. The image cleanup (app/image-cleanup/) removes
 * every file of the store that is not named here once it is old enough, so every kind of stored
 * file must have its reader in REFERENCES: a file kept anywhere else is removed after 7 days.
 * Reading too much only keeps a file longer; reading too little loses one. So a value that cannot
 * be read refers to nothing, but a picture whose widths cannot be read keeps its key itself.
 */

/** One market picture as market_images and the snapshots name it (migration 0012). */
export interface StoredPicture {
  storageKey: string;
  /** The widths of its WebP files, "{storageKey}-{width}.webp"; null for one file under storageKey. */
  widths: readonly number[] | null;
}

/** The files of one picture: one per width, or the storage key itself when it was stored as one file. */
export function pictureFileKeys({ storageKey, widths }: StoredPicture): string[] {
  return widths === null ? [storageKey] : widths.map((width) => `${storageKey}-${width}.webp`);
}

/** market_images.widths (JSON text) as a list, or null for one file; a list that cannot be read is null too. */
export function parseWidths(value: unknown): number[] | null {
  const list = typeof value === "string" ? parseJson(value) : value;
  if (!Array.isArray(list) || list.length === 0) return null;
  return list.every((width) => Number.isSafeInteger(width) && width > 0) ? (list as number[]) : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The pictures in an `images` value of a pending change (its snapshot's list) or a draft (the
 * list, or the list as JSON text): [{ storageKey, widths, … }]. Anything else is none.
 */
export function picturesIn(images: unknown): StoredPicture[] {
  const list = typeof images === "string" ? parseJson(images) : images;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    const picture = item as { storageKey?: unknown; widths?: unknown } | null;
    if (typeof picture?.storageKey !== "string" || picture.storageKey === "") return [];
    return [{ storageKey: picture.storageKey, widths: parseWidths(picture.widths) }];
  });
}

/** The pictures of a JSON object's `images` (a revision's `after`, a draft's `fields`). */
function picturesOfJsonObject(text: string | null): StoredPicture[] {
  const object = text === null ? undefined : parseJson(text);
  if (typeof object !== "object" || object === null || Array.isArray(object)) return [];
  return picturesIn((object as { images?: unknown }).images);
}

/** One kind of thing that refers to stored files, and how to read the keys of all of them. */
export interface ReferenceSource {
  name: string;
  keys(db: Kysely<Database>): Promise<string[]>;
  /**
   * Which of these file keys it refers to, reading only the rows that could name them; without it,
   * all of keys() is read. Reading more is allowed (a row that only looks like it names one is
   * parsed and dropped); reading less loses a file someone still shows.
   */
  keysAmong?(db: Kysely<Database>, candidates: readonly string[]): Promise<string[]>;
}

/** The picture keys a file key may belong to: "{storageKey}-{width}.webp", or the key itself for one file. */
function pictureKeysOf(fileKeys: readonly string[]): string[] {
  return [...new Set(fileKeys.flatMap((key) => [key, key.replace(/-\d+\.webp$/, "")]))];
}

/**
 * Profile pictures: the profile's avatar, and a user's own image when it is one of ours. An address
 * of ours that is not an avatar's (an older form) still keeps the one file it names.
 */
const avatars: ReferenceSource = {
  name: "avatars",
  async keys(db) {
    const [profiles, users] = await Promise.all([
      db.selectFrom("profiles").select("avatar_url as url").where("avatar_url", "is not", null).execute(),
      db.selectFrom("user").select("image as url").where("image", "like", "/billeder/%").execute(),
    ]);
    return [...profiles, ...users].flatMap((row) => {
      const named = row.url === null ? null : keyFromUrlPath(row.url);
      return named ? [named, ...avatarFileKeys(row.url)] : [];
    });
  },
};

/** The pictures of the markets. */
const marketPictures: ReferenceSource = {
  name: "market pictures",
  async keys(db) {
    const rows = await db.selectFrom("market_images").select(["storage_key", "widths"]).execute();
    return rows.flatMap((row) => pictureFileKeys({ storageKey: row.storage_key, widths: parseWidths(row.widths) }));
  },
  async keysAmong(db, candidates) {
    const rows = await db.selectFrom("market_images").select(["storage_key", "widths"]).where("storage_key", "in", pictureKeysOf(candidates)).execute();
    return rows.flatMap((row) => pictureFileKeys({ storageKey: row.storage_key, widths: parseWidths(row.widths) }));
  },
};

/** Pictures of a change that waits for review: not the market's yet, and its own once approved. */
const pendingChanges: ReferenceSource = {
  name: "pending changes",
  async keys(db) {
    const rows = await db.selectFrom("market_revisions").select("after").where("state", "=", "pending").where("after", "like", "%images%").execute();
    return rows.flatMap((row) => picturesOfJsonObject(row.after).flatMap(pictureFileKeys));
  },
  async keysAmong(db, candidates) {
    const rows = await db
      .selectFrom("market_revisions")
      .select("after")
      .where("state", "=", "pending")
      .where((eb) => eb.or(pictureKeysOf(candidates).map((key) => eb("after", "like", `%${key}%`))))
      .execute();
    return rows.flatMap((row) => picturesOfJsonObject(row.after).flatMap(pictureFileKeys));
  },
};

/** Pictures uploaded to a submission still being written. */
const drafts: ReferenceSource = {
  name: "drafts",
  async keys(db) {
    const rows = await db.selectFrom("market_drafts").select("fields").where("fields", "like", "%images%").execute();
    return rows.flatMap((row) => picturesOfJsonObject(row.fields).flatMap(pictureFileKeys));
  },
  async keysAmong(db, candidates) {
    const rows = await db
      .selectFrom("market_drafts")
      .select("fields")
      .where((eb) => eb.or(pictureKeysOf(candidates).map((key) => eb("fields", "like", `%${key}%`))))
      .execute();
    return rows.flatMap((row) => picturesOfJsonObject(row.fields).flatMap(pictureFileKeys));
  },
};

/** Everything that refers to stored files. A new kind of stored file adds its reader here. */
export const REFERENCES: readonly ReferenceSource[] = [avatars, marketPictures, pendingChanges, drafts];

/** The key of every stored file that something refers to. */
export async function referencedKeys(db: Kysely<Database>): Promise<Set<string>> {
  const lists = await Promise.all(REFERENCES.map((source) => source.keys(db)));
  return new Set(lists.flat());
}

/** Candidates asked about in one query: a bound on the statement's size. */
const BATCH = 100;

/**
 * Which of these file keys something still refers to, reading only what could name them: what a
 * removal asks before it deletes a file (app/lib/images/remove-unreferenced.server.ts).
 */
export async function referencedAmong(db: Kysely<Database>, keys: readonly string[]): Promise<Set<string>> {
  const wanted = new Set(keys);
  const found = new Set<string>();
  for (let start = 0; start < keys.length; start += BATCH) {
    const batch = keys.slice(start, start + BATCH);
    const lists = await Promise.all(REFERENCES.map((source) => (source.keysAmong ? source.keysAmong(db, batch) : source.keys(db))));
    for (const key of lists.flat()) if (wanted.has(key)) found.add(key);
  }
  return found;
}
