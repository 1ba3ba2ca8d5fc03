import http from "node:http";
import { expressRoutes, reactRouterRoutes, type SiteRoute } from "../../support/route-table";

export { expressRoutes, reactRouterRoutes, type SiteRoute };

/**
 * Every address the site answers, found from the code rather than listed by hand: the React Router
 * routes of app/routes.ts (tests/support/route-table.ts) and the routes Express answers itself
 * (server/express-app.ts). The security suite sends its matrices against these, so a new route is
 * covered the day it is added.
 */

export function siteRoutes(): SiteRoute[] {
  return [...expressRoutes(), ...reactRouterRoutes()];
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request to the site at `base` with any method (fetch refuses TRACE and CONNECT) and any
 * body, headers sent exactly as given. Resolves with the answer, or rejects with the socket error
 * (ECONNRESET …) when the server gave none.
 */
export function rawRequest(base: string, method: string, target: string, options: { headers?: Record<string, string>; body?: Buffer | string } = {}): Promise<RawAnswer> {
  const address = new URL(target, base);
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
