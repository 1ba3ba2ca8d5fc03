/**
 * What a route module may export as `handle` for the document around it (app/root.tsx).
 *
 * `hydrate: false` marks a page that needs no client-side React: the root then leaves out React's
 * scripts, and the page runs only the small script of app/progressive/, which every page loads
 * (decision 0022). Such a module also exports `clientLoader = loadAsDocument`
 * (app/http/load-as-document.ts), so that a page with React never draws it in place (decision
 * 0032); app/route-imports.test.ts checks the pair.
 */
export interface RouteHandle {
  hydrate?: boolean;
}

/** A page read without React in the browser: its links are ordinary page loads. */
export const STATIC_PAGE: RouteHandle = { hydrate: false };

/** Whether the matched routes let the page hydrate: no route among them said no. */
export function pageHydrates(handles: readonly unknown[]): boolean {
  return handles.every((handle) => (handle as RouteHandle | undefined)?.hydrate !== false);
}
