import { pipeline } from "node:stream/promises";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { isPrivateKey, privateOwnerOf } from "../app/lib/storage/private-keys";
import { keyFromUrlPath, type Storage } from "../app/lib/storage/storage.server";
import { answerEarly } from "./request-guards";

/** A public file's key changes with its content, so a browser may keep it for good (30 days). */
export const STORED_FILE_CACHE_CONTROL = "public, max-age=2592000, immutable";

/** A private file is shown to its owner and the admins, and kept by nobody: no shared cache, no browser cache. */
export const PRIVATE_FILE_CACHE_CONTROL = "private, no-store";

/** Whether the person asking may see a file of "private/{ownerId}/…" (null: a private key naming nobody). */
export type PrivateFileAccess = (req: ExpressRequest, ownerId: string | null) => Promise<"allowed" | "sign-in" | "forbidden">;

/**
 * /billeder/<key>: streams a stored file from whichever store holds it, so pages name only our
 * own origin (docs/decisions/0019-files-in-a-bucket.md). A key that could not be stored (odd
 * characters, "..", a bad escape) is a 404 without asking the store.
 *
 * Who may see a file is read from its key alone (decision 0027): a key under "private/" is a
 * picture nobody has reviewed, for its owner and the admins (`access`), never cached; every other
 * key is public and immutable. A public request costs no more than a prefix test: no session is
 * read, and no row is looked up whose answer could change after a browser has kept the file.
 */
export function serveStoredFiles(storage: Storage, access?: PrivateFileAccess): RequestHandler {
  return async (req, res, next) => {
    const key = keyFromUrlPath(req.path);
    if (key === null) return answerEarly(req, res, { status: 404 });

    const unreviewed = isPrivateKey(key);
    if (unreviewed) {
      let verdict;
      try {
        verdict = access ? await access(req, privateOwnerOf(key)) : "forbidden";
      } catch (error) {
        return next(error);
      }
      res.setHeader("Cache-Control", PRIVATE_FILE_CACHE_CONTROL);
      if (verdict === "sign-in") return res.redirect(302, `/sign-in?next=${encodeURIComponent(req.originalUrl)}`);
      if (verdict === "forbidden") return answerEarly(req, res, { status: 403 }, { "Cache-Control": PRIVATE_FILE_CACHE_CONTROL });
    }

    let file;
    try {
      file = await storage.get(key);
    } catch (error) {
      return next(error);
    }
    if (!file) return answerEarly(req, res, { status: 404 }, unreviewed ? { "Cache-Control": PRIVATE_FILE_CACHE_CONTROL } : {});

    res.status(200);
    res.setHeader("Content-Type", file.contentType);
    res.setHeader("Cache-Control", unreviewed ? PRIVATE_FILE_CACHE_CONTROL : STORED_FILE_CACHE_CONTROL);
    if (file.size !== undefined) res.setHeader("Content-Length", String(file.size));
    if (req.method === "HEAD") {
      file.body.destroy();
      res.end();
      return;
    }
    try {
      await pipeline(file.body, res);
    } catch (error) {
      // A visitor who leaves mid-file is no error; a store that breaks off is logged.
      if (!res.writableFinished && !req.socket.destroyed) req.log?.warn({ err: error, key }, "stored file broke off");
      res.destroy();
    }
  };
}
