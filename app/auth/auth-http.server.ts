import { AUTH_BASE_PATH } from "./auth.server";
import { GOOGLE_PROVIDER_ID } from "./google.server";

/**
 * The auth library mounts an HTTP endpoint for everything it can do (update the user, change the
 * password or the address, list the sessions …), each with its own rules, not ours. The site does
 * every account step in its own forms, on the server, through auth.api, where our limits and
 * checks apply. So over HTTP only what a browser must reach directly is open: the address Google
 * sends people back to. Everything else under /api/auth is refused before the library sees it
 * (server/express-app.ts).
 */
export const AUTH_HTTP_ALLOW_LIST: readonly { method: string; path: string }[] = [{ method: "GET", path: `${AUTH_BASE_PATH}/callback/${GOOGLE_PROVIDER_ID}` }];

export function isAuthRequestAllowed(method: string, pathname: string): boolean {
  return AUTH_HTTP_ALLOW_LIST.some((endpoint) => endpoint.method === method && endpoint.path === pathname);
}
