import { hasSignedInMarker } from "~/auth/session-flags";
import type { SessionWatch } from "~/auth/session-watch";
import { importOrReload } from "~/errors/client-storage";
import { t } from "~/lib/i18n";
import { pageSingleton } from "~/lib/memo/page-singleton";

/**
 * A page without React ended signed out in place, as a page with React does by loading its data
 * again: the header's "Min side" becomes "Log ind" (the server put the sign-in address on the link).
 */
function showSignedOutInPlace(): void {
  document.body.removeAttribute("data-signed-in");
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-signed-out-href]")) {
    link.href = link.dataset.signedOutHref!;
    link.textContent = t("nav.signIn");
    link.removeAttribute("aria-current");
    link.removeAttribute("data-signed-out-href");
  }
}

interface PageSession {
  /** What the page shows: checks run only while it shows itself signed in. */
  signedIn: boolean;
  /** What the page does when the watch finds its session ended. */
  signOut: () => void;
  loading: Promise<SessionWatch> | null;
  watch: SessionWatch | null;
}

/** Once per page: React's root hands its signed-in state to the watch this script started. */
const pageSession = () => pageSingleton<PageSession>("session", () => ({ signedIn: false, signOut: showSignedOutInPlace, loading: null, watch: null }));

/**
 * The session watch of a page (product §8): loaded only for a signed-in page, or the first
 * signed-out page of a tab that was signed in, which must tell the other tabs. This script starts
 * it from the page's <body>; on a page with React the root calls again with the state of each
 * new load of its data, and with its own way to sign out (loading its data again).
 */
export function followSession(signedIn: boolean, signOut?: () => void): void {
  const session = pageSession();
  session.signedIn = signedIn;
  if (signOut) session.signOut = signOut;
  if (!session.loading && !signedIn && !hasSignedInMarker()) return;
  session.loading ??= importOrReload(() => import("~/auth/start-session-watch")).then(({ startSessionWatch }) => {
    session.watch = startSessionWatch({ onSignedOut: () => pageSession().signOut() });
    return session.watch;
  });
  void session.loading.then((watch) => watch.pageSignedIn(pageSession().signedIn));
}

/** A page with React is loading new data: the answer to a check sent before is not acted on (session-watch.ts). */
export function sessionNavigationStarted(): void {
  pageSession().watch?.navigationStarted();
}

/** The watch from the state the server rendered into the page. */
export function watchSession(): void {
  followSession(document.body.hasAttribute("data-signed-in"));
  // A form that leaves the page (such as "Log ud") starts a navigation: a check still under way
  // answers for the page being left. On window, after the page's own handlers: a form they send in
  // the background (or React's) is prevented, and React reports its own navigations.
  window.addEventListener("submit", (event) => {
    if (!event.defaultPrevented) sessionNavigationStarted();
  });
}

/** Checks the session now (a live stream ended because the session or a right did): a page that ended signed out resets. */
export function checkSessionNow(): void {
  void pageSession().watch?.check("manual");
}
