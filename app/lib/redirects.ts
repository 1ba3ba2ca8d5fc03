/**
 * Where a URL that moved for good now lives (product §2), or null. The query string is kept.
 * Used by the redirect route; pure so that every rule has a unit test.
 */
export function permanentRedirectTarget(url: URL): string | null {
  const { pathname, search } = url;
  const withQuery = (path: string) => path + search;

  if (pathname === "/en" || pathname === "/en/") return withQuery("/");
  if (pathname.startsWith("/en/")) {
    // One hop, even when the unprefixed path has moved too (/en/pricing → /priser).
    const unprefixed = new URL(pathname.slice(3) + search, url);
    return permanentRedirectTarget(unprefixed) ?? withQuery(unprefixed.pathname);
  }

  const oldMarket = pathname.match(/^\/marked\/([^/]+)\/?$/);
  if (oldMarket) return withQuery(`/markeder/${oldMarket[1]}`);

  const fixed: Record<string, string> = {
    "/markeder/alle": "/register",
    "/pricing": "/priser",
    "/gemte-markeder": "/dashboard/gemte-markeder",
  };
  const target = fixed[pathname.replace(/\/$/, "")];
  return target ? withQuery(target) : null;
}
