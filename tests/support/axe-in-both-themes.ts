import type { Page } from "playwright-core";
import { expect } from "vitest";
import { THEME_EVENT } from "../../app/theme/theme";
import { axeViolations, COLOUR_RULES } from "./browser";

/**
 * One page state through axe in both themes, loaded once: every rule in the light theme, then the
 * page switched to dark where it stands and only the colour rules run, then switched back.
 *
 * The switch is the one the theme buttons make (app/theme/apply-theme.ts): the class on <html>, and
 * the event that keeps React's state in step with it. The server renders a dark page as the same
 * DOM with class="dark" (tests/e2e/theme.test.ts and the request-level tests check that it does),
 * so loading the page again in the dark theme would only repeat the rules that do not look at colour.
 */

type Theme = "light" | "dark";

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

/** Puts the page in a theme as the theme buttons do; the theme it was in. */
async function showTheme(page: Page, theme: Theme | string[]): Promise<string[]> {
  const before = await page.evaluate(
    ({ classes, event }) => {
      const root = document.documentElement;
      const was = [...root.classList];
      root.classList.remove("light", "dark", "system");
      root.classList.add(...classes);
      const chosen = classes.find((name) => ["light", "dark", "system"].includes(name));
      window.dispatchEvent(new CustomEvent(event, { detail: chosen }));
      return was.filter((name) => ["light", "dark", "system"].includes(name));
    },
    { classes: typeof theme === "string" ? [theme] : theme, event: THEME_EVENT },
  );
  await finishTransitions(page);
  return before;
}

export interface BothThemesOptions {
  /** Only the part this selects (a section, when the page around it is checked elsewhere). */
  within?: string;
  /**
   * How the page turns dark: "theme" as when the person chooses dark on the site (the default), or
   * "device" as a page in the system theme follows a device set to dark (prefers-color-scheme).
   */
  dark?: "theme" | "device";
}

/**
 * Axe finds nothing in the page as it stands, in the light theme with every rule and in the dark
 * theme with the colour rules. `what` names the state in a failure. The page must be in the light
 * (or the system) theme when called, and is left in it.
 */
export async function expectNoAxeViolationsInBothThemes(page: Page, what: string, { within, dark = "theme" }: BothThemesOptions = {}): Promise<void> {
  const isDark = () => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme === "dark");
  expect(await isDark(), `${what} starts in the light theme`).toBe(false);
  const light = await axeViolations(page, { within });
  expect(light, `${what} (light):\n${JSON.stringify(light, null, 2)}`).toEqual([]);
  let previous: string[] = [];
  if (dark === "device") {
    await page.emulateMedia({ colorScheme: "dark" });
    await finishTransitions(page);
  } else {
    previous = await showTheme(page, "dark");
  }
  try {
    expect(await isDark(), `${what} turned dark`).toBe(true);
    const violations = await axeViolations(page, { within, rules: COLOUR_RULES });
    expect(violations, `${what} (dark):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
  } finally {
    if (dark === "device") {
      await page.emulateMedia({ colorScheme: "light" });
      await finishTransitions(page);
    } else {
      await showTheme(page, previous.length > 0 ? previous : ["light"]);
    }
  }
}
