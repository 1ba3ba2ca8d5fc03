/**
 * "Åbent nu" on a page without React, as use-still-open.ts does on the others: a page shown from
 * the page cache or left open in a tab loses the badge when the market closes.
 */
export function expireOpenBadges(): void {
  for (const badge of document.querySelectorAll<HTMLElement>("[data-open-until]")) {
    const left = Date.parse(badge.dataset.openUntil!) - Date.now();
    setTimeout(() => badge.remove(), Math.max(0, left));
  }
}
