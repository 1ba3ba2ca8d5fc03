import { pipeline } from "node:stream/promises";
import type { RequestHandler } from "express";
import { keyFromUrlPath, type Storage } from "../app/lib/storage/storage.server";
import { answerEarly } from "./request-guards";

/** A stored file's key changes with its content, so a browser may keep it for good (30 days). */
export const STORED_FILE_CACHE_CONTROL = "public, max-age=2592000, immutable";

/**
 * /billeder/<key>: streams a stored file from whichever store holds it, so pages name only our
 * own origin (docs/decisions/0019-files-in-a-bucket.md). A key that could not be stored (odd
 * characters, "..", a bad escape) is a 404 without asking the store.
 */
export function serveStoredFiles(storage: Storage): RequestHandler {
  return async (req, res, next) => {
    const key = keyFromUrlPath(req.path);
    if (key === null) return answerEarly(req, res, { status: 404 });

    let file;
    try {
      file = await storage.get(key);
    } catch (error) {
      return next(error);
    }
    if (!file) return answerEarly(req, res, { status: 404 });

    res.status(200);
    res.setHeader("Content-Type", file.contentType);
    res.setHeader("Cache-Control", STORED_FILE_CACHE_CONTROL);
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
