import type { IncomingMessage } from "node:http";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { plainErrorBody, plainErrorHeaders, type PlainError } from "../app/http/plain-error-page.server";
import { requestBodyLimit } from "../app/http/request-body.server";
import { BoundedMemo } from "../app/lib/memo/bounded-memo";

/**
 * What the server refuses before any page runs: a method the route does not take, a body larger
 * than the route's limit or of unknown length. Each refusal is a short Danish page (a script gets
 * the same as text) with a real status.
 */

/** After refusing a body still on its way, how long to read and throw it away before hanging up. */
const LINGER_MS = 10_000;

/**
 * Answers at once, without reading the body. A browser still sending would see a reset
 * connection if we hung up now, not our page: Node reads and drops the rest after the answer,
 * and the connection is closed once that is done, or after LINGER_MS of a sender that keeps going.
 * The answer says `Connection: close`, so the client sends its next request on a new connection
 * rather than on this one (behind a proxy that pools connections, that could be someone else's).
 */
export function answerEarly(req: ExpressRequest, res: ExpressResponse, error: PlainError, headers: Record<string, string> = {}): void {
  if (hasUnreadBody(req)) lingerThenClose(req, res);
  const accept = req.get("accept");
  res
    .status(error.status)
    .set({ ...plainErrorHeaders(accept), ...headers })
    .send(plainErrorBody(error, accept));
}

/** A body announced and not yet read; a request without one (a GET) keeps its connection. */
function hasUnreadBody(req: IncomingMessage): boolean {
  if (req.complete) return false;
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

function lingerThenClose(req: IncomingMessage, res: ExpressResponse): void {
  res.setHeader("Connection", "close");
  // For an answer that closes, Node destroys the socket as soon as the answer is written
  // (destroySoon), with the body still arriving: the reset the sender gets hides our page. This
  // socket half-closes instead: our side is done, theirs may finish sending into the void.
  const socket = req.socket;
  socket.destroySoon = () => socket.end();
  const cut = setTimeout(() => socket.destroy(), LINGER_MS);
  cut.unref();
  req.once("end", () => {
    clearTimeout(cut);
    socket.end();
  });
  req.once("close", () => clearTimeout(cut));
}

/**
 * Every body has a declared length (browsers always send one), within the limit of its route
 * (app/http/request-body.server.ts), or it is refused unread: 411 without a length, 413 past it.
 */
export function limitRequestBodies(): RequestHandler {
  return (req, res, next) => {
    const declared = req.get("content-length");
    if (declared === undefined) {
      if (req.get("transfer-encoding") !== undefined) return answerEarly(req, res, { status: 411 });
      return next();
    }
    if (Number(declared) > requestBodyLimit(req.path)) return answerEarly(req, res, { status: 413 });
    next();
  };
}

/** The Allow header of a route that answers only these methods, for the routes Express answers itself. */
export function onlyMethods(...methods: string[]): RequestHandler {
  const allow = allowHeader(methods);
  return (req, res) => answerEarly(req, res, { status: 405 }, { Allow: allow });
}

function allowHeader(methods: string[]): string {
  return [...new Set(methods.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method])))].join(", ");
}

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

interface RouteTree {
  routes: RouteObject[];
  modules: Map<string, RouteModule>;
  /**
   * The methods found per path: matchRoutes flattens, ranks and compiles the whole route table on
   * every call, which took a twelfth of the request-level suite's time, and React Router matches
   * each request again after this.
   */
  answers: BoundedMemo<string, string[] | null>;
}

const trees = new WeakMap<ServerBuild, RouteTree>();

/** The build's flat route manifest as the nested routes matchRoutes takes. */
function routeTree(build: ServerBuild): RouteTree {
  let tree = trees.get(build);
  if (tree) return tree;
  const modules = new Map<string, RouteModule>();
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route?.parentId === parentId)
      .map((route) => {
        modules.set(route!.id, route!.module);
        const nested = children(route!.id);
        return route!.index ? { id: route!.id, index: true, path: route!.path } : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: nested };
      });
  tree = { routes: children(undefined), modules, answers: new BoundedMemo(2000) };
  trees.set(build, tree);
  return tree;
}

/**
 * The methods the route at this URL takes: GET and HEAD when it has a loader or a page, POST when
 * the route a post goes to has an action (an index route only with ?index, as React Router does).
 * PUT, PATCH and DELETE are never ours: our actions are form posts. Null for an address React
 * Router handles itself (its route manifest) or that no route matches.
 */
export function allowedMethods(build: ServerBuild, url: URL): string[] | null {
  if (url.pathname.startsWith("/__manifest")) return null;
  // Single fetch: /register.data is /register's data, /_.data the front page's (/a/_.data: /a/).
  const pathname = url.pathname.replace(/(\/_)?\.data$/, (_whole, slash?: string) => (slash ? "/" : "")) || "/";
  const tree = routeTree(build);
  const index = url.searchParams.has("index");
  const key = `${index ? "?index " : ""}${pathname}`;
  return tree.answers.get(key, () => methodsAt(tree, pathname, index));
}

function methodsAt({ routes, modules }: RouteTree, pathname: string, index: boolean): string[] | null {
  const matches = matchRoutes(routes, pathname);
  if (!matches?.length) return null;
  const leaf = matches.at(-1)!;
  const postTarget = leaf.route.index && !index ? matches.at(-2) : leaf;
  const leafModule = modules.get(leaf.route.id!);
  const methods: string[] = [];
  if (leafModule?.loader || leafModule?.default) methods.push("GET", "HEAD");
  if (postTarget && modules.get(postTarget.route.id!)?.action) methods.push("POST");
  return methods;
}

/**
 * In front of React Router: a method the route does not take is 405 with an Allow header naming
 * the ones it does. (React Router would answer with a page and no Allow, and cannot even make a
 * request object for TRACE, which ended in a 500.)
 */
export function refuseOtherMethods(build: ServerBuild | (() => Promise<ServerBuild>)): RequestHandler {
  return async (req, res, next) => {
    try {
      const resolved = typeof build === "function" ? await build() : build;
      const allowed = allowedMethods(resolved, new URL(req.originalUrl, "http://loppeguiden.invalid"));
      if (allowed === null && ["GET", "HEAD", "POST"].includes(req.method)) return next();
      const methods = allowed ?? ["GET", "HEAD"];
      if (methods.includes(req.method)) return next();
      answerEarly(req, res, { status: 405 }, { Allow: allowHeader(methods) });
    } catch (error) {
      next(error);
    }
  };
}
