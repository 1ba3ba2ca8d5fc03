import { t } from "~/lib/i18n";

/**
 * The filter panel's behaviour in the browser (app/progressive/filters.ts) on the markup of
 * FilterLayout.tsx and FilterFields.tsx: every page with a market list's filters is a page without
 * React (decision 0032).
 */

/** Tailwind's lg: from here the filters are a sidebar beside the results. */
export const WIDE_SCREEN = "(min-width: 64rem)";

/**
 * Keeps the <details> open as a sidebar on wide screens, where CSS shows it anyway (so that it is
 * announced as open), and folded on a phone unless a field in it needs attention. Returns what
 * stops following the screen width.
 */
export function followScreenWidth(panel: HTMLDetailsElement, needsAttention: boolean): () => void {
  const wide = window.matchMedia(WIDE_SCREEN);
  const fold = () => {
    panel.open = wide.matches || needsAttention;
  };
  fold();
  wide.addEventListener("change", fold);
  return () => wide.removeEventListener("change", fold);
}

/** A click on the sidebar's heading: the sidebar cannot be folded. */
export function keepSidebarOpen(event: Event): void {
  if (window.matchMedia(WIDE_SCREEN).matches) event.preventDefault();
}

/** The filter form sent again with a position, sorted "nær mig": the list, the map and the page's address all follow. */
export function submitNear(form: HTMLFormElement, position: { lat: number; lng: number }): void {
  (form.elements.namedItem("lat") as HTMLInputElement).value = position.lat.toFixed(4);
  (form.elements.namedItem("lng") as HTMLInputElement).value = position.lng.toFixed(4);
  const sort = form.elements.namedItem("sorter") as HTMLSelectElement | null;
  if (sort) sort.value = "afstand";
  form.requestSubmit();
}

/**
 * "Brug min placering": asks the browser for the position, puts it in the form's hidden fields,
 * sorts by distance and sends the form. A refusal or failure is told through `report`.
 */
export function locateAndSubmit(form: HTMLFormElement, report: (message: string) => void): void {
  if (!("geolocation" in navigator)) {
    report(t("markets.locationUnavailable"));
    return;
  }
  navigator.geolocation.getCurrentPosition(
    (position) => submitNear(form, { lat: position.coords.latitude, lng: position.coords.longitude }),
    (failure) => report(failure.code === failure.PERMISSION_DENIED ? t("markets.locationDenied") : t("markets.locationUnavailable")),
    { timeout: 10_000, maximumAge: 300_000 },
  );
}
