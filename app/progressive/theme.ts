import { applyTheme } from "~/theme/apply-theme";
import { DEFAULT_THEME, THEME_CHANNEL, THEME_EVENT, THEMES, isTheme, type Theme } from "~/theme/theme";
import { eachElement } from "./each-element";

const SWITCHER = "form[data-theme-switcher]";

/** The theme the page shows: the class on <html>, which the server rendered and applyTheme changes. */
const shownTheme = (): Theme => THEMES.find((theme) => document.documentElement.classList.contains(theme)) ?? DEFAULT_THEME;

function showPressed(switcher: HTMLElement, theme: Theme): void {
  for (const button of switcher.querySelectorAll<HTMLButtonElement>("button[name=theme]")) button.setAttribute("aria-pressed", String(button.value === theme));
}

/**
 * The theme buttons (ThemeSwitcher.tsx): the class changes at once and the cookie is stored in the
 * background; a choice in another tab shows here too.
 */
export function enhanceThemeSwitcher(): void {
  document.addEventListener("submit", (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>(SWITCHER);
    const chosen = (event.submitter as HTMLButtonElement | null)?.value;
    if (!form || !isTheme(chosen)) return;
    event.preventDefault();
    applyTheme(chosen);
    // Nothing waits for the answer: the theme shows already, the cookie is for the next page.
    void fetch(form.action, { method: "POST", body: new URLSearchParams({ theme: chosen, background: "1" }) });
  });
  // A switcher a client-side navigation renders shows the theme of the page, not the one its data had.
  eachElement(SWITCHER, (switcher) => showPressed(switcher, shownTheme()));
  window.addEventListener(THEME_EVENT, (event) => {
    const theme = (event as CustomEvent<unknown>).detail;
    if (isTheme(theme)) for (const switcher of document.querySelectorAll<HTMLElement>(SWITCHER)) showPressed(switcher, theme);
  });
  if ("BroadcastChannel" in window) {
    new BroadcastChannel(THEME_CHANNEL).onmessage = (message: MessageEvent<unknown>) => {
      if (isTheme(message.data)) applyTheme(message.data, { broadcast: false });
    };
  }
}
