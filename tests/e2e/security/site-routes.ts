import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import pino from "pino";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "../../../app/routes";
import { loadConfig } from "../../../app/lib/config.server";
import { openDatabase } from "../../../app/lib/db/database.server";
import { createExpressApp } from "../../../server/express-app";
import { baseUrl } from "../helpers";

/**
 * Every address the site answers, found from the code rather than listed by hand: the React Router
 * routes of app/routes.ts (with what their modules export) and the routes Express answers itself
 * (server/express-app.ts). The security suite sends its matrices against these, so a new route is
 * covered the day it is added.
 */

const APP_DIR = path.resolve(import.meta.dirname, "../../../app");

export interface SiteRoute {
  /** "/markeder/:slug", "/api/auth/*splat" … */
  pattern: string;
  /** An address that reaches the route. */
  sample: string;
  /** The route module (React Router), or null for a route of Express. */
  file: string | null;
  /** Methods its code answers (React Router: from its exports; Express: from its router). */
  methods: string[];
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

function sampleOf(pattern: string): string {
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
    return { pattern, sample: sampleOf(pattern), file, methods };
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
    config: loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "security-suite", BASE_URL: baseUrl }),
    logger: pino({ level: "silent" }),
  });
  const layers = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  return layers
    .filter((layer): layer is Required<RouterLayer> => Boolean(layer.route) && layer.route!.path !== "/{*splat}")
    .map(({ route }) => {
      const methods = Object.keys(route.methods)
        .filter((method) => method !== "_all")
        .map((method) => method.toUpperCase());
      return { pattern: route.path, sample: sampleOf(route.path), file: null, methods: methods.includes("GET") ? [...methods, "HEAD"] : methods };
    });
}

export function siteRoutes(): SiteRoute[] {
  return [...expressRoutes(), ...reactRouterRoutes()];
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request with any method (fetch refuses TRACE and CONNECT) and any body. Resolves with the
 * answer, or rejects with the socket error (ECONNRESET …) when the server gave none.
 */
export function rawRequest(method: string, target: string, options: { headers?: Record<string, string>; body?: Buffer | string } = {}): Promise<RawAnswer> {
  const address = new URL(target, baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: address.hostname, port: address.port, path: `${address.pathname}${address.search}`, method, headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/** Runs `work` over `items`, `width` at a time: fast, without a thousand sockets at once. */
export async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width) {
    results.push(...(await Promise.all(items.slice(start, start + width).map(work))));
  }
  return results;
}
