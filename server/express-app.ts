import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import { toNodeHandler } from "better-auth/node";
import { z } from "zod";
import { accountLifecycle } from "../app/account/account-lifecycle.server";
import { AUTH_BASE_PATH, createAuth, type Auth } from "../app/auth/auth.server";
import { isAuthRequestAllowed } from "../app/auth/auth-http.server";
import { privateFileAccess } from "../app/http/private-file-access.server";
import type { Config } from "../app/lib/config.server";
import type { AppDatabase } from "../app/lib/db/database.server";
import { FLASH_COOKIE, clearFlashCookie } from "../app/http/flash.server";
import { readCookie } from "../app/lib/http";
import { t, translation } from "../app/lib/i18n";
import { requestContext } from "../app/http/request-context.server";
import { hitRateLimit } from "../app/lib/rate-limit.server";
import { PERMISSIONS_POLICY } from "../app/lib/security-headers.server";
import { createStorage, type Storage } from "../app/lib/storage/index.server";
import { createMailer } from "../app/mail/mailer.server";
import { marketIcsResponse } from "../app/calendar/ics.server";
import { capturePages, type PageCache } from "./page-cache";
import { answerEarly, limitRequestBodies, onlyMethods, refuseOtherMethods } from "./request-guards";
import { serveStoredFiles, type PrivateFileAccess } from "./stored-files";
import { LIVE_STREAM_LIMITS, liveStream } from "./live-stream";
import { LIVE_PATH } from "../app/lib/realtime/channels";
import type { LiveHub } from "../app/lib/realtime/hub.server";

export interface ExpressAppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  appDatabase: AppDatabase;
  config: Config;
  logger: Logger;
  /** The built browser assets; absent in development, where Vite serves them. */
  clientDir?: string;
  devMiddleware?: RequestHandler;
  /** Rendered pages for anonymous visitors are copied into it as they are sent. */
  pageCache?: PageCache;
  /** Where /billeder/… is read from; by default the store the configuration names. */
  storage?: Storage;
  /** The site's auth library (SiteContext.auth); by default one made from the options above, with its mail going to the outbox or SMTP_URL. */
  auth?: Auth;
  /** The live updates' hub: /api/live streams from it (absent: no live updates). */
  hub?: LiveHub;
  /** Whether the instance has warmed up or is stopping, for /readyz (absent: ready once built). */
  readiness?: () => ReadinessState;
}

/** "starting" until the instance has read what its first visitors need; "stopping" once it drains. */
export type ReadinessState = "starting" | "ready" | "stopping";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A client error report is a few lines of text; anything bigger is refused unread. */
export const CLIENT_ERROR_MAX_BYTES = 8 * 1024;

const clientErrorSchema = z.object({
  title: z.string().max(300),
  message: z.string().max(2000),
  severity: z.enum(["critical", "error", "warning"]),
  errorMessage: z.string().max(2000).optional(),
  stack: z.string().max(4000).optional(),
  url: z.string().max(2000).optional(),
});

export function createExpressApp(options: ExpressAppOptions) {
  const { appDatabase, config, logger } = options;
  const storage = options.storage ?? createStorage(config);
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy the connection comes from the proxy: req.ip and req.protocol (the rate limits,
  // the live streams' caps, the cross-site check) read X-Forwarded-For and -Proto from the trusted
  // hops only. Untrusted, those headers are ignored, as a visitor could write anything in them.
  app.set("trust proxy", config.trustProxy);

  app.use(
    pinoHttp({
      logger,
      // A proxy asks /healthz and /readyz every few seconds, and /readyz answers 503 while starting.
      autoLogging: { ignore: (req) => (req.url?.startsWith("/assets/") ?? false) || req.url === "/healthz" || req.url === "/readyz" },
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
    }),
  );

  // The Content-Security-Policy is set by the document renderer (entry.server), which knows the
  // hashes of the page's inline scripts; the other headers come from helmet.
  // Referrer-Policy same-origin rather than helmet's no-referrer: with no-referrer Chromium sends
  // "Origin: null" on a form post without JavaScript, which the cross-site check below refuses.
  app.use(
    helmet({
      contentSecurityPolicy: false,
      referrerPolicy: { policy: "same-origin" },
      strictTransportSecurity: config.baseUrl.startsWith("https:"),
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  });
  app.use(compression());
  if (options.pageCache) app.use(capturePages(options.pageCache));

  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.clientDir) {
    // File names under /assets carry a content hash, so they never change and can be kept for good.
    app.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000 }));
    // The few files at the top (the logo, the favicon, illustrations) all have an extension; a page
    // never does, and looking for it on disk first cost each page view a file-system call.
    const publicFiles = express.static(options.clientDir, { maxAge: "1h" });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  // Before anything reads a body: its length must be declared and within the route's limit.
  app.use(limitRequestBodies());

  // A form or fetch from another site must not act for a signed-in visitor: browsers name the
  // page a request comes from (Origin, Sec-Fetch-Site); requests without either (scripts, curl)
  // carry no visitor's cookies by accident.
  const siteOrigin = new URL(config.baseUrl).origin;
  app.use((req, res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    // The browser's own Sec-Fetch-Site cannot be set by a page; "same-origin" settles it even
    // when a privacy setting makes the Origin "null".
    const fetchSite = req.get("sec-fetch-site");
    if (fetchSite === "same-origin") return next();
    const origin = req.get("origin");
    const foreignOrigin = origin && origin !== siteOrigin && origin !== `${req.protocol}://${req.get("host")}`;
    if (foreignOrigin || fetchSite === "cross-site") return answerEarly(req, res, { status: 403, message: t("api.crossSite") });
    next();
  });

  // The auth library answers only the calls a browser must make to it directly (the way back from
  // Google): every other account step is one of our forms (app/auth/auth-http.server.ts). Mounted
  // before any body parser, as it reads the body itself.
  const authHandler = toNodeHandler(
    options.auth ??
      createAuth({
        config,
        database: appDatabase,
        storage,
        logger,
        mailer: createMailer(config, logger),
        lifecycle: accountLifecycle({ config, database: appDatabase, storage, logger }),
      }),
  );
  app.all(`${AUTH_BASE_PATH}/*splat`, (req, res) => {
    if (isAuthRequestAllowed(req.method, req.path)) return void authHandler(req, res);
    answerEarly(req, res, { status: 404 });
  });

  // A flash message is shown by the page this request renders: the same response deletes it (an
  // unreadable one too; the root loader reads the message).
  // Not by the route manifest a client navigation may fetch first, nor by JSON endpoints such as
  // the session check: those would delete it before the page had shown it.
  app.use((req, res, next) => {
    const rendersPage = !req.path.startsWith("/__manifest") && !req.path.startsWith("/api/");
    if (req.method === "GET" && rendersPage && readCookie(req.headers.cookie, FLASH_COOKIE) !== null)
      res.append("Set-Cookie", clearFlashCookie(config.baseUrl.startsWith("https:")));
    next();
  });

  // Uploaded images are re-encoded and stored under a key that changes with the picture; the server
  // streams them from the disk or the bucket alike (docs/decisions/0019-files-in-a-bucket.md).
  // A file under "private/" (a picture nobody has reviewed) is its owner's and the admins': only
  // those requests read the session, from the cookie alone.
  const privateAccess: PrivateFileAccess = (req, ownerId) =>
    privateFileAccess(new Request(new URL(req.originalUrl, config.baseUrl), { headers: { cookie: req.headers.cookie ?? "" } }), ownerId);
  app.route("/billeder/{*key}").get(serveStoredFiles(storage, privateAccess)).all(onlyMethods("GET"));

  // Each route Express answers itself says which methods it takes; others get 405 with Allow.
  app
    .route("/healthz")
    .get(async (_req, res) => {
      const up = await appDatabase.ping();
      res.setHeader("Cache-Control", "no-store");
      res.status(up ? 200 : 503).json({ status: up ? "ok" : "unavailable", database: up ? "ok" : "unreachable" });
    })
    .all(onlyMethods("GET"));

  // Readiness, for a proxy or an orchestrator deciding where to send visitors: warmed up, not
  // stopping, and the database answers. /healthz above only says the process is alive.
  app
    .route("/readyz")
    .get(async (_req, res) => {
      const state = options.readiness?.() ?? "ready";
      const up = await appDatabase.ping();
      const ready = state === "ready" && up;
      res.setHeader("Cache-Control", "no-store");
      res.status(ready ? 200 : 503).json({ status: ready ? "ready" : state === "ready" ? "unavailable" : state, database: up ? "ok" : "unreachable" });
    })
    .all(onlyMethods("GET"));

  app
    .route("/locales/da/translation.json")
    .get((_req, res) => {
      res.setHeader("Cache-Control", "public, max-age=3600");
      res.json(translation);
    })
    .all(onlyMethods("GET"));

  app
    .route("/markeder/:slug.ics")
    .get(async (req, res) => {
      const answer = await marketIcsResponse(appDatabase.db, req.params.slug, { baseUrl: config.baseUrl });
      res.status(answer.status).set(answer.headers).send(answer.body);
    })
    .all(onlyMethods("GET"));

  if (options.hub)
    app
      .route(LIVE_PATH)
      .get(liveStream({ hub: options.hub, db: appDatabase.db, baseUrl: config.baseUrl, limits: { ...LIVE_STREAM_LIMITS, recheckMs: config.liveRecheckMs } }))
      .all(onlyMethods("GET"));

  app
    .route("/api/client-errors")
    .post(express.json({ limit: CLIENT_ERROR_MAX_BYTES, type: ["application/json", "text/plain"] }), async (req, res) => {
      const verdict = await hitRateLimit(appDatabase.db, `client-errors:${req.ip}`, config.rateLimits.clientErrors);
      if (!verdict.allowed) {
        res.setHeader("Retry-After", String(verdict.retryAfterSeconds));
        res.status(429).json({ error: t("api.tooManyReports") });
        return;
      }
      const report = clientErrorSchema.safeParse(req.body);
      if (!report.success) {
        res.status(400).json({ error: t("api.unreadableReport") });
        return;
      }
      const level = report.data.severity === "warning" ? "warn" : "error";
      req.log[level]({ clientError: report.data }, "client error");
      res.status(204).end();
    })
    .all(onlyMethods("POST"));

  app.all(
    "/{*splat}",
    refuseOtherMethods(options.build),
    createRequestHandler({
      build: options.build,
      mode: config.isProduction ? "production" : "development",
      // Loaders and actions key their rate limits on the visitor's address (app/auth/auth-rate-limits.server.ts).
      getLoadContext: (req) => requestContext(req.ip ?? req.socket.remoteAddress),
    }),
  );

  const handleError: ErrorRequestHandler = (err: unknown, req, res, _next) => {
    // An error may carry the status it is answered with (body-parser's 413, a 400 for bad JSON).
    const declared: unknown = typeof err === "object" && err !== null && "status" in err ? err.status : undefined;
    const status = typeof declared === "number" && declared >= 400 && declared < 600 ? declared : 500;
    if (status >= 500) req.log.error({ err }, "unhandled error");
    if (res.headersSent) return;
    answerEarly(req, res, { status, message: status >= 500 ? t("api.serverError") : undefined });
  };
  app.use(handleError);

  return app;
}
