import { applyTheme } from "~/theme/apply-theme";
import { THEME_CHANNEL, THEME_EVENT, isTheme, type Theme } from "~/theme/theme";

/**
 * The theme buttons without React: the class changes at once and the cookie is stored in the
 * background, as ThemeSwitcher.tsx does; a choice in another tab shows here too.
 */
export function enhanceThemeSwitcher(): void {
  const form = document.querySelector<HTMLFormElement>("form[data-theme-switcher]");
  if (!form) return;
  const showPressed = (theme: Theme) => {
    for (const button of form.querySelectorAll<HTMLButtonElement>("button[name=theme]")) button.setAttribute("aria-pressed", String(button.value === theme));
  };
  form.addEventListener("submit", (event) => {
    const chosen = (event.submitter as HTMLButtonElement | null)?.value;
    if (!isTheme(chosen)) return;
    event.preventDefault();
    applyTheme(chosen);
    void fetch(form.action, { method: "POST", body: new URLSearchParams({ theme: chosen, background: "1" }) });
  });
  window.addEventListener(THEME_EVENT, (event) => {
    const theme = (event as CustomEvent<unknown>).detail;
    if (isTheme(theme)) showPressed(theme);
  });
  if ("BroadcastChannel" in window) {
    new BroadcastChannel(THEME_CHANNEL).onmessage = (message: MessageEvent<unknown>) => {
      if (isTheme(message.data)) applyTheme(message.data, { broadcast: false });
    };
  }
}
