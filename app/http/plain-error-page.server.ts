import { createHash } from "node:crypto";
import { escapeHtml } from "~/lib/html";
import { LANGUAGE, maybeT, t } from "~/lib/i18n";

/**
 * The answer to a request the site refuses before any page runs: an unknown method, a body too
 * large or in the wrong format, an address of the auth library that is closed. A person who
 * meets one (a form sent with a huge file, a link followed in an odd way) reads a short Danish page
 * with the way home; a script reads the status. No script and nothing to load: one fixed style
 * block, allowed by its hash, in the site's colours and the reader's light or dark theme.
 */
const STYLE =
  ":root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}" +
  "body{margin:0;padding:3rem 1.25rem;background:#fafaf9;color:#1c1917}" +
  "main{max-width:36rem;margin:0 auto}p:first-child{color:#57534e;font-weight:600}" +
  "h1{font-size:1.75rem;line-height:1.2;margin:.25rem 0 1rem}a{color:#065f46}" +
  "@media (prefers-color-scheme:dark){body{background:#0c0a09;color:#f5f5f4}p:first-child{color:#d6d3d1}a{color:#6ee7b7}}";

export const PLAIN_ERROR_CSP = `default-src 'none'; style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

export interface PlainError {
  status: number;
  /** Replaces the standard text of the status (a cross-site post says why it was refused). */
  message?: string;
}

/** Where the texts of a status live: the site's own 404 and 500 screens, else errors.status. */
function textKey(status: number): string {
  if (status === 404) return "errors.notFound";
  if (status >= 500) return "errors.serverError";
  return `errors.status.${status}`;
}

function textsFor({ status, message }: PlainError): { title: string; heading: string; body: string } {
  const key = textKey(status);
  const heading = maybeT(`${key}.heading`) ?? t("errors.generic.heading");
  return {
    title: maybeT(`${key}.title`) ?? heading,
    heading,
    body: message ?? maybeT(`${key}.body`) ?? t("errors.generic.body"),
  };
}

export function plainErrorHtml(error: PlainError): string {
  const { title, heading, body } = textsFor(error);
  return [
    "<!DOCTYPE html>",
    `<html lang="${LANGUAGE}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} – Loppeguiden</title><style>${STYLE}</style></head>`,
    `<body><main><p>${error.status}</p><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(body)}</p>`,
    `<p><a href="/">${escapeHtml(t("errors.backHome"))}</a></p></main></body></html>`,
  ].join("");
}

/** "413 Det sendte er for stort. Formularen …" for clients that did not ask for HTML. */
export function plainErrorText(error: PlainError): string {
  const { heading, body } = textsFor(error);
  return `${heading}. ${body}`;
}

/** Whether the client reads HTML (a browser) rather than data (a script, a fetch for JSON). */
export function wantsHtml(accept: string | null | undefined): boolean {
  return /\btext\/html\b/.test(accept ?? "");
}

export function plainErrorHeaders(accept: string | null | undefined): Record<string, string> {
  return {
    "Content-Type": wantsHtml(accept) ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
    "Content-Security-Policy": PLAIN_ERROR_CSP,
    "Cache-Control": "no-store",
  };
}

export function plainErrorBody(error: PlainError, accept: string | null | undefined): string {
  return wantsHtml(accept) ? plainErrorHtml(error) : plainErrorText(error);
}

/** The same as a Response, for an action to throw (a resource route returns it as it is; a page renders its status screen). */
export function plainErrorResponse(request: Request, error: PlainError, headers: Record<string, string> = {}): Response {
  const accept = request.headers.get("Accept");
  return new Response(plainErrorBody(error, accept), { status: error.status, headers: { ...plainErrorHeaders(accept), ...headers } });
}
