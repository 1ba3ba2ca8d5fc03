import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { referencedKeys } from "~/lib/images/referenced-files.server";
import { isValidKey, type FileInfo, type Storage } from "~/lib/storage/index.server";

/*
 * Stored files nothing refers to (app/lib/images/referenced-files.server.ts): pictures of a market
 * that were replaced or removed, avatars changed, uploads never sent. An admin sees and removes them
 * at /dashboard/image-cleanup; the daily job removes those a week old.
 */

const HOUR_MS = 60 * 60 * 1000;

/**
 * A file is an orphan only once it is this old: an upload is stored before anything refers to it
 * (a draft saved, a picture added), and a picture put again is new again.
 */
export const ORPHAN_MIN_AGE_MS = 24 * HOUR_MS;

/** The daily job removes orphans this old, giving an admin a week to look first. */
export const ORPHAN_REMOVAL_AGE_MS = 7 * 24 * HOUR_MS;

/** Deletes at a time: a bucket answers one request per file. */
const DELETE_CONCURRENCY = 8;

/**
 * The files older than minAgeMs that nothing refers to, sorted by key (so the sizes of one picture
 * stand together). The store is listed before the references are read: a reference written in
 * between, even to an old file, is then seen.
 */
export async function orphans(store: Storage, db: Kysely<Database>, now = new Date(), minAgeMs = ORPHAN_MIN_AGE_MS): Promise<FileInfo[]> {
  const files = await store.listFiles();
  const referenced = await referencedKeys(db);
  const bornBefore = now.getTime() - Math.max(minAgeMs, ORPHAN_MIN_AGE_MS);
  return files.filter((file) => file.modifiedAt.getTime() < bornBefore && !referenced.has(file.key));
}

/** The count and bytes of a list of files. */
export function totalOf(files: readonly FileInfo[]): { count: number; bytes: number } {
  return { count: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0) };
}

export type RemoveOrphanResult =
  | { kind: "removed"; file: FileInfo }
  /** Something refers to it now, or it was written again: it stays. */
  | { kind: "in-use" }
  /** No such file (removed already, or never a key). */
  | { kind: "missing" };

/**
 * Removes one file if it is still an orphan: the page was read a while ago, and since then the
 * file may have been taken into use or put again.
 */
export async function removeOrphan(store: Storage, db: Kysely<Database>, key: string, now = new Date()): Promise<RemoveOrphanResult> {
  if (!isValidKey(key)) return { kind: "missing" };
  const file = (await store.listFiles(key)).find((listed) => listed.key === key);
  if (!file) return { kind: "missing" };
  if (file.modifiedAt.getTime() >= now.getTime() - ORPHAN_MIN_AGE_MS) return { kind: "in-use" };
  if ((await referencedKeys(db)).has(key)) return { kind: "in-use" };
  await store.delete(key);
  return { kind: "removed", file };
}

/**
 * Removes every orphan older than minAgeMs, found just before (the store listed, then the
 * references read); what was removed, counted.
 */
export async function removeAllOrphans(store: Storage, db: Kysely<Database>, now = new Date(), minAgeMs = ORPHAN_MIN_AGE_MS): Promise<{ count: number; bytes: number }> {
  const found = await orphans(store, db, now, minAgeMs);
  for (let at = 0; at < found.length; at += DELETE_CONCURRENCY) {
    await Promise.all(found.slice(at, at + DELETE_CONCURRENCY).map((file) => store.delete(file.key)));
  }
  return totalOf(found);
}

/** The daily job's part: orphans a week old go. Every instance may run it; deleting what is gone costs nothing. */
export function removeOldOrphans(store: Storage, db: Kysely<Database>, now = new Date()): Promise<{ count: number; bytes: number }> {
  return removeAllOrphans(store, db, now, ORPHAN_REMOVAL_AGE_MS);
}
