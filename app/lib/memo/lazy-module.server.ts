import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A package loaded the first time it is used instead of when the server starts: for the heavy
 * ones that many servers never need (sharp with libvips until someone uploads a picture, pg on a
 * SQLite site, nodemailer until a mail goes out). Each costs megabytes of resident memory for the
 * life of the process once loaded.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
