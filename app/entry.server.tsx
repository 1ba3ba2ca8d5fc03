import { site } from "~/lib/site-context.server";
import { PassThrough } from "node:stream";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { tileOrigin } from "~/lib/config.server";
import { googleProviderOrigin } from "~/auth/google.server";
import { ScriptMarkContext } from "~/lib/script-mark";
import { contentSecurityPolicy, markedScriptHashes, newScriptMark } from "~/lib/security-headers.server";
import { ANALYTICS_TAG_CSP } from "~/consent/consent-signals";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering. Our pages are small and mostly read by search
 * engines and phones, and a complete body lets us hash the inline scripts we rendered for the
 * Content-Security-Policy (and keep the same policy valid when a page is served from cache). The
 * scripts we render carry this render's mark; only those are hashed (docs/decisions/0016).
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext): Promise<Response> {
  if (request.method.toUpperCase() === "HEAD") {
    return Promise.resolve(new Response(null, { status: responseStatusCode, headers: responseHeaders }));
  }

  const mark = newScriptMark();
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const options: RenderToPipeableStreamOptions = {
      onAllReady() {
        const body = new PassThrough();
        const chunks: Buffer[] = [];
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          clearTimeout(timeout);
          const { html, hashes } = markedScriptHashes(Buffer.concat(chunks).toString("utf8"), mark);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (site().config.isProduction) {
            responseHeaders.set(
              "Content-Security-Policy",
              contentSecurityPolicy({
                tileOrigin: tileOrigin(site().config.mapTileUrl),
                scriptHashes: hashes,
                formActionOrigins: [googleProviderOrigin(site().config)].filter((origin): origin is string => origin !== null),
                // Allowed only when configured; the browser still loads the tag only after consent.
                ...(site().config.gaMeasurementId ? ANALYTICS_TAG_CSP : {}),
              }),
            );
          }
          resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        site().logger.error({ err: error, url: request.url }, "render failed");
      },
    };
    const { pipe, abort } = renderToPipeableStream(
      <ScriptMarkContext.Provider value={mark}>
        <ServerRouter context={routerContext} url={request.url} nonce={mark} />
      </ScriptMarkContext.Provider>,
      options,
    );
  });
}

/** Every error a loader, action or render throws ends up here once, with its stack, in the log. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  site().logger.error({ err: error, method: request.method, url: request.url }, "request failed");
};
