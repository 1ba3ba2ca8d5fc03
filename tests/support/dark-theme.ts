import type { Page } from "playwright-core";
import { expect } from "vitest";
import { THEME_EVENT } from "../../app/theme/theme";
import { axeViolations, COLOUR_RULES } from "./browser";

/**
 * One page state through axe in both themes, loaded once: every rule in the light theme, then the
 * page switched to dark where it stands and only the colour rules run, then switched back. The
 * server renders a dark page as the same DOM with class="dark" (tests/integration/theme.test.ts and
 * tests/integration/page-shell.test.ts check that it does), so a state reached by clicks (an open
 * panel, a dialog) is checked in the dark theme without loading the page again or repeating them.
 */

/**
 * How the page turns dark:
 * - "theme", as when the person chooses dark on the site: the switch the theme buttons make
 *   (app/theme/apply-theme.ts), the class on <html> and the event that keeps React's state in step
 *   with it. Works whatever theme the page is in.
 * - "device", as a page in the system theme (no theme cookie, <html class="system">) follows a
 *   device set to dark: prefers-color-scheme (app/app.css).
 */
export type DarkSwitch = "theme" | "device";

const THEMES = ["light", "dark", "system"];

/**
 * Ends at once the colour transitions a change of theme starts: a button's colours fade over a
 * moment (Tailwind's transition-colors), and axe would read them halfway. Asking for the document's
 * animations brings its styles up to date first, so every transition the change started is there.
 */
async function finishTransitions(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
  });
}

/** Puts the theme classes on <html> as the theme buttons do; the theme classes it had. */
async function setThemeClasses(page: Page, classes: string[]): Promise<string[]> {
  return page.evaluate(
    ({ classes, event, themes }) => {
      const root = document.documentElement;
      const was = [...root.classList].filter((name) => themes.includes(name));
      root.classList.remove(...themes);
      root.classList.add(...classes);
      window.dispatchEvent(new CustomEvent(event, { detail: classes.find((name) => themes.includes(name)) }));
      return was;
    },
    { classes, event: THEME_EVENT, themes: THEMES },
  );
}

/** Turns the page dark by the switch; returns what turns it back to the theme it was in. */
async function showDarkTheme(page: Page, by: DarkSwitch): Promise<() => Promise<void>> {
  let back: () => Promise<unknown>;
  if (by === "device") {
    const theme = await page.evaluate(() => document.documentElement.className);
    if (!theme.split(/\s+/).includes("system")) {
      throw new Error(`Turning dark by the device needs a page in the device's theme (<html class="system">), not "${theme}": leave out the theme cookie`);
    }
    await page.emulateMedia({ colorScheme: "dark" });
    back = () => page.emulateMedia({ colorScheme: "light" });
  } else {
    const previous = await setThemeClasses(page, ["dark"]);
    back = () => setThemeClasses(page, previous.length > 0 ? previous : ["light"]);
  }
  await finishTransitions(page);
  return async () => {
    await back();
    await finishTransitions(page);
  };
}

export interface BothThemesOptions {
  /** Only the part this selects (a section, when the page around it is checked elsewhere). */
  within?: string;
  /** How the page turns dark: "theme" (the default) or "device" (see DarkSwitch). */
  dark?: DarkSwitch;
}

/**
 * Axe finds nothing in the page as it stands, in the light theme with every rule and in the dark
 * theme with the colour rules. `what` names the state in a failure. The page must be in the light
 * (or the system) theme when called, and is left in it.
 */
export async function expectNoAxeViolationsInBothThemes(page: Page, what: string, { within, dark = "theme" }: BothThemesOptions = {}): Promise<void> {
  // The theme's own mark (app/app.css): a page that did not turn dark must not pass as checked in it.
  const isDark = async () => (await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)) === "dark";
  expect(await isDark(), `${what} starts in the light theme`).toBe(false);
  const light = await axeViolations(page, { within });
  expect(light, `${what} (light):\n${JSON.stringify(light, null, 2)}`).toEqual([]);
  const backToLight = await showDarkTheme(page, dark);
  try {
    expect(await isDark(), `${what} turned dark`).toBe(true);
    const violations = await axeViolations(page, { within, rules: COLOUR_RULES });
    expect(violations, `${what} (dark):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
  } finally {
    await backToLight();
  }
}
