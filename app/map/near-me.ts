import { t } from "~/lib/i18n";
import type { Position } from "./map-settings";

/**
 * "Find markeder nær mig": the button, which the server renders hidden since it needs a script,
 * is shown; a press asks the browser where the visitor is and hands the position to `found`, or
 * says in `message` why there is none. The button says it is looking meanwhile.
 */
export function enableNearMe(button: HTMLButtonElement, message: HTMLElement, found: (here: Position) => void): void {
  const label = button.textContent;
  const looking = (busy: boolean) => {
    button.disabled = busy;
    button.textContent = busy ? t("map.locating") : label;
  };
  button.hidden = false;
  button.addEventListener("click", () => {
    if (!("geolocation" in navigator)) {
      message.textContent = t("markets.locationUnavailable");
      return;
    }
    looking(true);
    message.textContent = "";
    navigator.geolocation.getCurrentPosition(
      (position) => {
        looking(false);
        found({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (failure) => {
        looking(false);
        message.textContent = failure.code === failure.PERMISSION_DENIED ? t("markets.locationDenied") : t("markets.locationUnavailable");
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  });
}
