import { eachElement } from "./each-element";

/**
 * "Åbent nu" (MarketCard.tsx) as the server read it, until the market's closing time has passed: a
 * page kept by the page cache (until midnight) may be shown hours after it was made, and an open
 * tab stays open.
 */
export function expireOpenBadges(): void {
  eachElement("[data-open-until]", (badge) => {
    const left = Date.parse(badge.dataset.openUntil!) - Date.now();
    setTimeout(
      () => {
        badge.hidden = true;
      },
      Math.max(0, left),
    );
  });
}
