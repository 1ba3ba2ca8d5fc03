/** Storage keys that hold the visitor's cookie consent: kept even by a forced clear. */
export function isConsentKey(key: string): boolean {
  return key.startsWith("loppeguiden-consent");
}

/**
 * The critical error screen's "Ryd cache" (SPEC §4, forced clear): forgets everything the site
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
