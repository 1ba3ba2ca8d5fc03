/**
 * The little of the session check that every page carries (app/progressive/session.ts, and
 * app/root.tsx on a page with React); the watch itself (start-session-watch.ts, session-watch.ts)
 * is loaded only by pages that need it.
 */

/** In sessionStorage: this tab was signed in at its last page, so a signed-out page means it signed out. */
export const SIGNED_IN_MARKER = "loppeguiden-session-signed-in";

export function hasSignedInMarker(): boolean {
  try {
    return window.sessionStorage.getItem(SIGNED_IN_MARKER) !== null;
  } catch {
    return false;
  }
}

// While the page asks for its data again after the session ended, the root loader must run too
// (app/root.tsx shouldRevalidate), or the header would keep showing "Min side".
let signOutPending = false;

export function markSignOutPending(): void {
  signOutPending = true;
}

export function clearSignOutPending(): void {
  signOutPending = false;
}

export function isSignOutPending(): boolean {
  return signOutPending;
}
