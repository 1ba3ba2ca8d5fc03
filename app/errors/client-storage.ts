import { sendReportToServer } from "./reporter";

/** Storage keys that hold the visitor's cookie consent: kept even by a forced clear. */
export function isConsentKey(key: string): boolean {
  return key.startsWith("loppeguiden-consent");
}

/** The warning product §8 names for a browser that refuses local storage. */
export const STORAGE_WARNING = "Storage not available";

const PROBE_KEY = "loppeguiden-storage-probe";

/**
 * Whether this browser lets the site use local storage. Private modes and blocked site data make
 * the getter itself throw (SecurityError), and a full quota makes setItem throw.
 */
export function isLocalStorageAvailable(): boolean {
  try {
    const storage = window.localStorage;
    storage.setItem(PROBE_KEY, PROBE_KEY);
    storage.removeItem(PROBE_KEY);
    return true;
  } catch {
    return false;
  }
}

let checked = false;

/**
 * The start-up storage check of product §4. Nothing the site needs lives in local storage (theme and
 * consent are cookies), so a refusal only has to be known: a console warning and one warning in
 * the server log per page load, with no toast to trouble the visitor about it.
 */
export function checkStorageAvailability(): void {
  if (checked || typeof window === "undefined") return;
  checked = true;
  if (isLocalStorageAvailable()) return;
  console.warn(STORAGE_WARNING);
  sendReportToServer({ title: STORAGE_WARNING, message: STORAGE_WARNING, severity: "warning" });
}

/** In sessionStorage: when this tab last reloaded for a chunk a deploy removed. */
export const STALE_BUILD_RELOAD_KEY = "loppeguiden-stale-build-reload";
const STALE_BUILD_RELOAD_GUARD_MS = 30_000;

/**
 * Whether this tab may reload for a missing chunk now. Once per 30 seconds at most, so a chunk
 * that is missing from the new build too gives the usual error instead of a reload loop; without
 * sessionStorage there is no guard, so no reload either.
 */
export function claimStaleBuildReload(now = Date.now()): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(STALE_BUILD_RELOAD_KEY));
    if (last > 0 && now - last < STALE_BUILD_RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(STALE_BUILD_RELOAD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

let recoveryInstalled = false;

/**
 * product §4 clears caches on a version change; here the stale part is a tab opened before a deploy.
 * React Router reloads such a tab itself when it navigates (manifest version, route modules);
 * what it does not cover is a lazy import inside a page with React (the map, a form's checks)
 * whose old chunk is gone: Vite raises vite:preloadError, and a fresh document loads the new
 * build's chunks. The script of app/progressive/ has importOrReload for its own.
 */
export function installStaleBuildRecovery(): void {
  if (recoveryInstalled || typeof window === "undefined") return;
  recoveryInstalled = true;
  window.addEventListener("vite:preloadError", (event) => {
    if (!claimStaleBuildReload()) return;
    // The page is about to be replaced: the failed import need not reach the error reporter.
    event.preventDefault();
    window.location.reload();
  });
}

/**
 * A lazy chunk of the script of app/progressive/ (the session watch, the measurements reporter).
 * That script is built without Vite's preload helper, so a chunk a deploy removed raises no
 * vite:preloadError: it reloads the page here the same way, once per 30 seconds at most.
 */
export function importOrReload<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (!claimStaleBuildReload()) throw error;
    window.location.reload();
    // The page is about to be replaced: nothing waits for this chunk any more.
    return new Promise<T>(() => undefined);
  });
}

/**
 * The critical error screen's "Ryd cache" (product §4, forced clear): forgets everything the site
 * kept in this browser except the consent choice, deletes the Cache Storage caches and reloads.
 */
export async function forcedClear(): Promise<void> {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (!isConsentKey(key)) window.localStorage.removeItem(key);
    }
    window.sessionStorage.clear();
  } catch {
    // Storage can be unavailable (private mode); the reload below still helps.
  }
  try {
    if ("caches" in window) {
      const names = await window.caches.keys();
      await Promise.all(names.map((name) => window.caches.delete(name)));
    }
  } finally {
    window.location.reload();
  }
}
