import { MARKET_MAP_SELECTOR } from "~/map/map-settings";

/**
 * The map of /markeder: its frame, which the server hides from a browser without JavaScript, is
 * shown at once (so the page does not move when the map arrives), and the map with Leaflet loads
 * as a chunk of its own, only on the page that has the frame. Should that chunk not come, the
 * frame goes again and the page is the list it is without JavaScript.
 */
export function enhanceMarketMap(): void {
  const frame = document.querySelector<HTMLElement>(MARKET_MAP_SELECTOR);
  if (!frame) return;
  frame.hidden = false;
  void import("~/map/market-map").then(
    ({ startMarketMap }) => startMarketMap(frame),
    () => {
      frame.hidden = true;
    },
  );
}
