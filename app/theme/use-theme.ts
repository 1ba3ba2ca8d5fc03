import { useEffect, useState } from "react";
import { applyTheme } from "./apply-theme";
import { THEME_CHANNEL, THEME_EVENT, isTheme, type Theme } from "./theme";

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
