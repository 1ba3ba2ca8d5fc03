import http from "node:http";
import type { HttpTimeouts } from "../app/lib/config.server";

/**
 * The HTTP server with its timeouts set on purpose (Node's defaults let a client take a minute
 * over its headers and five over its body): a client that sends its request slowly, or stops,
 * holds a connection and memory, so it is cut off, while everybody else is served as usual.
 * - headers: slow-header clients (a "slowloris") get 408 after `headersMs`;
 * - request: the whole request, body included, within `requestMs`, room for a large photo on a
 *   slow phone;
 * - idle: a connection on which nothing moves for `idleMs` is closed (a post that announces a
 *   body and sends none);
 * - keep-alive: an open connection waits `keepAliveMs` for its next request. Behind a proxy or
 *   load balancer, make it longer than the proxy's own idle timeout.
 * Node checks the first two on a timer; it runs often enough for the shortest of them.
 */
export function createHttpServer(listener: http.RequestListener, timeouts: HttpTimeouts): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(timeouts.headersMs / 4)),
    },
    listener,
  );
  server.keepAliveTimeout = timeouts.keepAliveMs;
  server.setTimeout(timeouts.idleMs);
  return server;
}
