import type { Config } from "../config.server";
import { createDiskStorage } from "./disk.server";
import { createS3Storage } from "./s3.server";
import type { Storage } from "./storage.server";

export type { FileInfo, Storage, StoredFile } from "./storage.server";
export { isValidKey, isValidPrefix, InvalidKeyError, STORAGE_URL_PREFIX } from "./storage.server";
export { createDiskStorage } from "./disk.server";
export { createS3Storage, type S3Settings } from "./s3.server";

/** The store the configuration names: the bucket when S3_BUCKET is set, else STORAGE_DIR. */
export function createStorage(settings: Pick<Config, "storage">): Storage {
  const storage = settings.storage;
  return storage.driver === "s3" ? createS3Storage(storage) : createDiskStorage(storage.dir);
}
