import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import { z } from "zod";
import type { Config } from "../app/lib/config.server";
import type { AppDatabase } from "../app/lib/db/database.server";
import { t, translation } from "../app/lib/i18n";
import { hitRateLimit, parseRateLimit } from "../app/lib/rate-limit.server";
import { marketIcsResponse } from "../app/markets/market-ics.server";
import { capturePages, type PageCache } from "./page-cache";

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
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
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
  const app = express();
  app.disable("x-powered-by");

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
    }),
  );

  // The Content-Security-Policy is set by the document renderer (entry.server), which knows the
  // hashes of the page's inline scripts; the other headers come from helmet.
  app.use(helmet({ contentSecurityPolicy: false, strictTransportSecurity: config.baseUrl.startsWith("https:") }));
  app.use(compression());
  if (options.pageCache) app.use(capturePages(options.pageCache));

  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.clientDir) {
    // File names under /assets carry a content hash, so they never change and can be kept for good.
    app.use(
      "/assets",
      express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000 }),
    );
    app.use(express.static(options.clientDir, { maxAge: "1h" }));
  }

  // Uploaded images are re-encoded and stored under a key that changes with the picture.
  app.use("/billeder", express.static(config.storageDir, { maxAge: "30d", immutable: true, index: false, dotfiles: "ignore" }));

  app.get("/healthz", async (_req, res) => {
    const up = await appDatabase.ping();
    res.setHeader("Cache-Control", "no-store");
    res.status(up ? 200 : 503).json({ status: up ? "ok" : "unavailable", database: up ? "ok" : "unreachable" });
  });

  app.get("/locales/da/translation.json", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.json(translation);
  });

  app.get("/markeder/:slug.ics", async (req, res) => {
    const answer = await marketIcsResponse(appDatabase.db, req.params.slug, { baseUrl: config.baseUrl });
    res.status(answer.status).set(answer.headers).send(answer.body);
  });

  const clientErrorLimit = parseRateLimit(process.env.RATE_LIMIT_CLIENT_ERRORS, { limit: 20, windowSeconds: 60 });
  app.post(
    "/api/client-errors",
    express.json({ limit: CLIENT_ERROR_MAX_BYTES, type: ["application/json", "text/plain"] }),
    async (req, res) => {
      const verdict = await hitRateLimit(appDatabase.db, `client-errors:${req.ip}`, clientErrorLimit);
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
    },
  );

  app.all(
    "/{*splat}",
    createRequestHandler({ build: options.build, mode: config.isProduction ? "production" : "development" }),
  );

  const handleError: ErrorRequestHandler = (err, req, res, _next) => {
    const status = typeof err?.status === "number" && err.status >= 400 && err.status < 600 ? err.status : 500;
    if (status >= 500) req.log.error({ err }, "unhandled error");
    if (res.headersSent) return;
    const messages: Record<number, string> = { 400: t("api.badRequest"), 413: t("api.payloadTooLarge") };
    res.status(status).type("text/plain; charset=utf-8").send(messages[status] ?? t("api.serverError"));
  };
  app.use(handleError);

  return app;
}
