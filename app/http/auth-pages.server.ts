import { safeNextPath } from "~/lib/next-path";

/** Account pages depend on who asks and carry one-time links: no cache may keep them. */
export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

const ACCOUNT_PAGE = /^\/(sign-in|sign-up|sign-out|forgot-password|reset-password|auth)(\/|$)/;

/**
 * Where to go after signing in or up: the `next` the guard or a link gave, else the page of this
 * site the visitor came from (Referer), else the front page. Never another site (safeNextPath),
 * and never back to an account page, which would only lead in a circle.
 */
export function returnPathFor(request: Request): string {
  const url = new URL(request.url);
  const next = url.searchParams.get("next");
  if (next) return safeNextPath(next);
  const referer = request.headers.get("Referer");
  if (!referer) return "/";
  try {
    const from = new URL(referer);
    if (from.origin !== url.origin || ACCOUNT_PAGE.test(from.pathname)) return "/";
    return safeNextPath(`${from.pathname}${from.search}`);
  } catch {
    return "/";
  }
}

/** Only the cookies from the library's answer (session, state): they must reach the browser with our redirect. */
export function libraryCookies(headers: Headers | null | undefined): Headers {
  const cookies = new Headers();
  for (const cookie of headers?.getSetCookie() ?? []) cookies.append("Set-Cookie", cookie);
  return cookies;
}

/** The request's headers without its cookies: for calls that must not act as the signed-in visitor. */
export function withoutCookies(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete("Cookie");
  return copy;
}
