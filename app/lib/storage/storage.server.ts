import type { Readable } from "node:stream";

/**
 * One way to keep uploaded files, whatever holds them: a folder on the server (disk.server.ts) or
 * an S3-compatible bucket (s3.server.ts). Callers name a file by its key ("avatars/<user>/<name>.webp")
 * and show it at publicUrl(key), which is always our own /billeder/… address
 * (docs/decisions/0019-files-in-a-bucket.md).
 */
export interface Storage {
  /** Writes the file, replacing one with the same key. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none under the key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a key with no file is no error. */
  delete(key: string): Promise<void>;
  /** Every key that starts with the prefix (a folder is a prefix ending in "/"), sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * Every file whose key starts with the prefix, or every file of the store without one, with its
   * size and when it was last written, sorted by key. Only reads, so unlike deletePrefix it may
   * cover the whole store. Names that are no valid key (put there by hand, or another program's
   * objects in a shared bucket) are left out: nothing here could show or remove them.
   */
  listFiles(prefix?: string): Promise<FileInfo[]>;
  /** Removes every file whose key starts with the prefix. */
  deletePrefix(prefix: string): Promise<void>;
  /** The address the file is shown at. */
  publicUrl(key: string): string;
}

export interface FileInfo {
  key: string;
  /** In bytes. */
  size: number;
  /** When the file was last written (put again, it is new). */
  modifiedAt: Date;
}

export interface StoredFile {
  body: Readable;
  contentType: string;
  /** In bytes, when the store says. */
  size?: number;
}

export const STORAGE_URL_PREFIX = "/billeder/";

export const KEY_MAX_LENGTH = 512;

/**
 * Keys are a few plain path segments. Stricter than either store needs, so that the same key is
 * the same file in both, and so no key can leave the storage folder: no "..", no absolute path, no
 * backslash, no empty segment. A segment may not start with a dot either, which keeps the disk
 * driver's half-written files (".name.tmp") and any dotfile out of the key space.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isValidKey(key: unknown): key is string {
  if (typeof key !== "string" || key.length === 0 || key.length > KEY_MAX_LENGTH) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment));
}

/** A prefix is a key, or a key followed by "/"; never empty, so no call can touch everything. */
export function isValidPrefix(prefix: unknown): prefix is string {
  if (typeof prefix !== "string") return false;
  return isValidKey(prefix.endsWith("/") ? prefix.slice(0, -1) : prefix);
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = "InvalidKeyError";
  }
}

export function assertKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
}

export function assertPrefix(prefix: string): void {
  if (!isValidPrefix(prefix)) throw new InvalidKeyError(prefix);
}

/** Sorts a listing by key, as list() sorts keys. */
export function byKey(a: FileInfo, b: FileInfo): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

export function publicUrlFor(key: string): string {
  assertKey(key);
  // The key's characters need no escaping in a URL path.
  return STORAGE_URL_PREFIX + key;
}

/**
 * The key in a /billeder/… path as Express gives it (still percent-encoded), or null when the path
 * cannot be one of ours. Malformed escapes are an odd request, not a server error.
 */
export function keyFromUrlPath(pathname: string): string | null {
  if (!pathname.startsWith(STORAGE_URL_PREFIX)) return null;
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice(STORAGE_URL_PREFIX.length));
  } catch {
    return null;
  }
  return isValidKey(key) ? key : null;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  json: "application/json",
  txt: "text/plain; charset=utf-8",
};

/** The folder keeps no metadata, so the disk driver reads the type from the key's extension. */
export function contentTypeFromKey(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return (key.includes(".") && TYPES_BY_EXTENSION[extension]) || "application/octet-stream";
}
