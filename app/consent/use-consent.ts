import { useEffect, useState } from "react";
import { CONSENT_EVENT, OPEN_CONSENT_SETTINGS_EVENT, readConsentInBrowser, type ConsentChoices, type ConsentRecord } from "./consent";

export function openConsentSettings(): void {
  window.dispatchEvent(new Event(OPEN_CONSENT_SETTINGS_EVENT));
}

function choicesOf(record: ConsentRecord | null): ConsentChoices | null {
  return record ? { preferences: record.preferences, analytics: record.analytics, marketing: record.marketing } : null;
}

function sameChoices(a: ConsentChoices | null, b: ConsentChoices | null): boolean {
  if (a === null || b === null) return a === b;
  return a.preferences === b.preferences && a.analytics === b.analytics && a.marketing === b.marketing;
}

/**
 * The visitor's choice: the server's reading at first (so the HTML matches), then the browser's
 * own cookie, which also catches a page served from a cache for a different choice, then every
 * choice made in this tab.
 */
export function useConsentChoices(serverChoices: ConsentChoices | null): ConsentChoices | null {
  const [choices, setChoices] = useState(serverChoices);
  useEffect(() => {
    // Keep the same object when nothing changed, so effects that depend on it do not run twice.
    const follow = (next: ConsentChoices | null) => setChoices((current) => (sameChoices(current, next) ? current : next));
    follow(choicesOf(readConsentInBrowser()));
    const onChoice = (event: Event) => follow(choicesOf((event as CustomEvent<ConsentRecord>).detail));
    window.addEventListener(CONSENT_EVENT, onChoice);
    return () => window.removeEventListener(CONSENT_EVENT, onChoice);
  }, []);
  return choices;
}
