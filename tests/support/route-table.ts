import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import pino from "pino";
import { matchRoutes, type RouteObject } from "react-router";
import { loadConfig } from "../../app/lib/config.server";
import { BoundedMemo } from "../../app/lib/memo/bounded-memo";
import { openDatabase } from "../../app/lib/db/database.server";
import routeConfig from "../../app/routes";
import { createExpressApp } from "../../server/express-app";

/**
 * The React Router routes of app/routes.ts with what their modules export, and the routes Express
 * answers itself (server/express-app.ts), read from the code rather than listed by hand: the
 * security suite and the fuzzing of every form find their routes here, so a new route is covered
 * the day it is added.
 */

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

export interface SiteRoute {
  /** "/markeder/:slug", "/api/auth/*splat" … */
  pattern: string;
  /** An address that reaches the route. */
  sample: string;
  /** The route module (React Router), or null for a route of Express. */
  file: string | null;
  /** Methods its code answers (React Router: from its exports; Express: from its router). */
  methods: string[];
  /** A page (a module with a component), as opposed to a resource route. */
  page: boolean;
}

/** Values for dynamic segments: any value reaches the route, a real one is not needed. */
const SAMPLE_VALUES: Record<string, string> = {
  landing: "loppemarkeder",
  slug: "findes-ikke",
  id: "00000000-0000-4000-8000-000000000000",
  postId: "00000000-0000-4000-8000-000000000000",
  file: "sider-1.xml",
  z: "1",
  x: "1",
  y: "1",
};

export function sampleOf(pattern: string): string {
  return pattern
    .replace(/\*splat$|\*$/, "findes-ikke")
    .replace(/\{\*splat\}$/, "findes-ikke")
    .replace(/:(\w+)/g, (_whole, name: string) => SAMPLE_VALUES[name] ?? "x");
}

function exportsOf(file: string): { action: boolean; loader: boolean; component: boolean } {
  const source = readFileSync(path.join(APP_DIR, file), "utf8");
  const exported = (name: string) => new RegExp(`export (async )?function ${name}\\b|export const ${name}\\b`).test(source);
  return { action: exported("action"), loader: exported("loader"), component: /export default\b/.test(source) };
}

function flatten(entries: RouteConfigEntry[], parent: string): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
    const here = entry.path !== undefined || entry.index ? [{ pattern: own, file: entry.file }] : [];
    return [...here, ...flatten(entry.children ?? [], own)];
  });
}

/** The React Router routes, one per pattern. */
export function reactRouterRoutes(): SiteRoute[] {
  return flatten(routeConfig, "").map(({ pattern, file }) => {
    const exports = exportsOf(file);
    const methods = [...(exports.loader || exports.component ? ["GET", "HEAD"] : []), ...(exports.action ? ["POST"] : [])];
    return { pattern, sample: sampleOf(pattern), file, methods, page: exports.component };
  });
}

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** The routes Express answers before React Router, read from the app's router. */
export function expressRoutes(): SiteRoute[] {
  const dataDir = "/tmp/lg-security-routes";
  const app = createExpressApp({
    build: () => Promise.reject(new Error("only the router is read")),
    appDatabase: openDatabase("file::memory:"),
    config: loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "security-suite", BASE_URL: "http://127.0.0.1" }),
    logger: pino({ level: "silent" }),
  });
  const layers = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  return layers
    .filter((layer): layer is Required<RouterLayer> => Boolean(layer.route) && layer.route!.path !== "/{*splat}")
    .map(({ route }) => {
      const methods = Object.keys(route.methods)
        .filter((method) => method !== "_all")
        .map((method) => method.toUpperCase());
      return { pattern: route.path, sample: sampleOf(route.path), file: null, methods: methods.includes("GET") ? [...methods, "HEAD"] : methods, page: false };
    });
}

/** Per table, its routes as matchRoutes takes them and the answers found so far. */
const matchers = new WeakMap<SiteRoute[], { table: RouteObject[]; answers: BoundedMemo<string, SiteRoute | null> }>();

/**
 * The route that answers this path, ranked as React Router ranks them; null for none. Remembered
 * per table and path: matchRoutes ranks the whole table again on every call, and the fuzzing asks
 * for the same pages over and over.
 */
export function routeOf(routes: SiteRoute[], pathname: string): SiteRoute | null {
  let matcher = matchers.get(routes);
  if (!matcher) {
    matcher = { table: routes.map((route, index) => ({ id: String(index), path: route.pattern })), answers: new BoundedMemo(10_000) };
    matchers.set(routes, matcher);
  }
  const { table, answers } = matcher;
  return answers.get(pathname, () => {
    const leaf = matchRoutes(table, pathname)?.at(-1);
    return leaf ? routes[Number(leaf.route.id)]! : null;
  });
}
