import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "pino";
import type { Auth } from "~/auth/auth.server";
import type { Mailer } from "~/mail/mailer.server";
import type { Config } from "./config.server";
import type { AppDatabase } from "./db/database.server";
import type { Storage } from "./storage/storage.server";

/**
 * What one site runs on: its settings, its database, its store for uploads, its logger, its mailer and the auth library
 * bound to all of these. server/app.ts's createSite
 * makes one; `npm start` makes one per process, a test file as many as it needs.
 */
export interface SiteContext {
  config: Config;
  database: AppDatabase;
  storage: Storage;
  logger: Logger;
  mailer: Mailer;
  /** The auth library on this site's database, settings and mailer (app/auth/auth.server.ts's createAuth). */
  auth: Auth;
}

const requestSite = new AsyncLocalStorage<SiteContext>();
let processSite: SiteContext | null = null;

/**
 * The site this code runs for: the one whose request is being answered, else the process's own
 * (the server of `npm start`, a script), else null (a script that has opened no site).
 */
export function currentSite(): SiteContext | null {
  return requestSite.getStore() ?? processSite;
}

/** Runs `work`, and everything it starts, for this site: createSite wraps each request in it. */
export function runForSite<T>(site: SiteContext, work: () => T): T {
  return requestSite.run(site, work);
}

/** Makes this site the process's own, for the jobs and timers that run outside any request (null: none). */
export function setProcessSite(site: SiteContext | null): void {
  processSite = site;
}

/**
 * The site a route answers for, to hand to the domain functions it calls. Only the edge (routes,
 * root, the server) asks for it; the domains take what they need as arguments.
 */
export function site(): SiteContext {
  const found = currentSite();
  if (!found) throw new Error("No site is being served: site() is for code that answers a request or runs in the server's process");
  return found;
}
