/** The fragment of the navigation under way: the loader's request leaves it out. */
function pendingFragment(url: URL): string {
  // React Router's router in the browser, which it keeps on window for its own use; the address
  // is checked against the request's, so that only this navigation's fragment is taken.
  const router = (window as { __reactRouterDataRouter?: { state: { navigation: { location?: { pathname: string; search: string; hash: string } } } } }).__reactRouterDataRouter;
  const pending = router?.state.navigation.location;
  return pending && pending.pathname === url.pathname && pending.search === url.search ? pending.hash : "";
}

/**
 * The client loader of a page without React: a link, a GET form or a redirect on a page with
 * React that leads there loads it as a new document, with its own script, instead of rendering it
 * in place where that script would never run. The fragment goes along (a redirect after signing in
 * names the "Gem" that was pressed). The navigation stays pending until the browser leaves, so the
 * "Indlæser…" of a slow navigation shows meanwhile.
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  const url = new URL(request.url);
  url.hash = pendingFragment(url);
  window.location.assign(url.href);
  return new Promise<never>(() => {});
}
