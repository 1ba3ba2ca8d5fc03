import { hasSignedInMarker } from "~/auth/session-flags";
import { importOrReload } from "~/errors/client-storage";
import { t } from "~/lib/i18n";

/**
 * A page that ended signed out in place, as the React pages do after loading their data again:
 * the header's "Min side" becomes "Log ind" (the server put the sign-in address on the link).
 */
function showSignedOut(): void {
  document.body.removeAttribute("data-signed-in");
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-signed-out-href]")) {
    link.href = link.dataset.signedOutHref!;
    link.textContent = t("nav.signIn");
    link.removeAttribute("aria-current");
    link.removeAttribute("data-signed-out-href");
  }
}

/**
 * The session watch of a page without React (product §8): loaded only for a signed-in page, or the
 * first signed-out page of a tab that was signed in, which must tell the other tabs.
 */
export function watchSession(): void {
  const signedIn = document.body.hasAttribute("data-signed-in");
  if (!signedIn && !hasSignedInMarker()) return;
  void importOrReload(() => import("~/auth/start-session-watch")).then(({ startSessionWatch }) => {
    const { watch } = startSessionWatch({ onSignedOut: showSignedOut });
    watch.pageSignedIn(signedIn);
    // A form that leaves the page (such as "Log ud") starts a navigation: a check still under way
    // answers for the page being left, as after a navigation on a page with React. On window,
    // after the page's own handlers, which keep a form they send in the background.
    window.addEventListener("submit", (event) => {
      if (!event.defaultPrevented) watch.navigationStarted();
    });
  });
}
