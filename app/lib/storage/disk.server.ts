import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertKey, assertPrefix, byKey, contentTypeFromKey, isValidKey, publicUrlFor, type FileInfo, type Storage, type StoredFile } from "./storage.server";

/** Errors that mean "no such file" when the key names a folder, or a path through a file. */
const MISSING = new Set(["ENOENT", "ENOTDIR", "EISDIR"]);

function isMissing(error: unknown): boolean {
  return MISSING.has((error as NodeJS.ErrnoException | null)?.code ?? "");
}

/** Files in a folder (STORAGE_DIR), one file per key, the key's segments as sub-folders. */
export function createDiskStorage(root: string): Storage {
  const base = path.resolve(root);

  function fileFor(key: string): string {
    assertKey(key);
    const file = path.join(base, ...key.split("/"));
    // The key rules already keep a key inside; this is the second lock on the same door.
    const relative = path.relative(base, file);
    if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) throw new Error("Storage key leaves the folder");
    return file;
  }

  /** The files under a folder as [key, path] pairs, the folder's key prefix in front of their names. */
  async function walk(folder: string, keyPrefix: string, into: [key: string, file: string][]): Promise<void> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      // Dot names are half-written files (see put) or not ours.
      if (entry.name.startsWith(".")) continue;
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(file, `${keyPrefix}${entry.name}/`, into);
      else if (entry.isFile()) into.push([keyPrefix + entry.name, file]);
    }
  }

  /** The files whose keys start with the prefix: only the folder it points into is walked, the rest of it filters names. */
  async function filesUnder(prefix: string): Promise<[key: string, file: string][]> {
    const folderKey = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/") + 1) : "";
    const folder = folderKey === "" ? base : path.join(base, ...folderKey.slice(0, -1).split("/"));
    const files: [string, string][] = [];
    await walk(folder, folderKey, files);
    return files.filter(([key]) => key.startsWith(prefix));
  }

  const storage: Storage = {
    async put(key, bytes) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written under a dot name and renamed, so a reader never gets half a file.
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        await writeFile(partial, bytes);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key): Promise<StoredFile | null> {
      const file = fileFor(key);
      let handle;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), contentType: contentTypeFromKey(key), size: stats.size };
    },

    async delete(key) {
      await rm(fileFor(key), { force: true });
    },

    async list(prefix) {
      assertPrefix(prefix);
      return (await filesUnder(prefix)).map(([key]) => key).sort();
    },

    async listFiles(prefix) {
      if (prefix !== undefined) assertPrefix(prefix);
      const files = (await filesUnder(prefix ?? "")).filter(([key]) => isValidKey(key));
      const listed = await Promise.all(
        files.map(async ([key, file]): Promise<FileInfo | null> => {
          try {
            const stats = await stat(file);
            return { key, size: stats.size, modifiedAt: stats.mtime };
          } catch (error) {
            // Removed since the folder was read: no longer there to list.
            if (isMissing(error)) return null;
            throw error;
          }
        }),
      );
      return listed.filter((file) => file !== null).sort(byKey);
    },

    async deletePrefix(prefix) {
      assertPrefix(prefix);
      if (prefix.endsWith("/")) {
        await rm(fileFor(prefix.slice(0, -1)), { recursive: true, force: true });
        return;
      }
      for (const key of await storage.list(prefix)) await storage.delete(key);
    },

    publicUrl: publicUrlFor,
  };
  return storage;
}
