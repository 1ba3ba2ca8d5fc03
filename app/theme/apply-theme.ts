import { THEME_CHANNEL, THEME_EVENT, type Theme } from "./theme";

/**
 * Shows the theme immediately in this tab and tells the other open tabs. The server keeps the
 * choice in a cookie (set by the /tema action), so the next page load renders it without a flash.
 * Called by the theme buttons' script (app/progressive/theme.ts) and for a choice in another tab.
 */
export function applyTheme(theme: Theme, { broadcast = true } = {}): void {
  const root = document.documentElement;
  root.classList.remove("light", "dark", "system");
  root.classList.add(theme);
  window.dispatchEvent(new CustomEvent<Theme>(THEME_EVENT, { detail: theme }));
  if (broadcast && "BroadcastChannel" in window) {
    const channel = new BroadcastChannel(THEME_CHANNEL);
    channel.postMessage(theme);
    channel.close();
  }
}
