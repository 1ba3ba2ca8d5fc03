import { useEffect, useState } from "react";
import { THEME_CHANNEL, THEME_EVENT, isTheme, type Theme } from "./theme";

/**
 * Shows the theme immediately in this tab and tells the other open tabs. The server keeps the
 * choice in a cookie (set by the /tema action), so the next page load renders it without a flash.
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

/** The current theme: the server's value at first, then whatever this or another tab chooses. */
export function useTheme(serverTheme: Theme): Theme {
  const [theme, setTheme] = useState(serverTheme);
  useEffect(() => setTheme(serverTheme), [serverTheme]);
  useEffect(() => {
    const onLocal = (event: Event) => {
      const next = (event as CustomEvent<unknown>).detail;
      if (isTheme(next)) setTheme(next);
    };
    window.addEventListener(THEME_EVENT, onLocal);
    const channel = "BroadcastChannel" in window ? new BroadcastChannel(THEME_CHANNEL) : null;
    if (channel) {
      channel.onmessage = (message: MessageEvent<unknown>) => {
        if (isTheme(message.data)) applyTheme(message.data, { broadcast: false });
      };
    }
    return () => {
      window.removeEventListener(THEME_EVENT, onLocal);
      channel?.close();
    };
  }, []);
  return theme;
}
