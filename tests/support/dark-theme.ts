import type { Page } from "playwright-core";

/**
 * Turns an open page dark without loading it again: the device starts to prefer dark, which the
 * default theme ("system", no theme cookie) follows (app/app.css). The DOM stays as it was, so a
 * state reached by clicks (an open panel, a dialog) is checked in the dark theme without repeating
 * them; axe then needs only COLOUR_RULES (tests/support/browser.ts). Waits until the colour
 * transitions the switch starts have ended, so nothing is measured halfway between the themes.
 */
export async function showDarkTheme(page: Page): Promise<void> {
  const theme = await page.evaluate(() => document.documentElement.className);
  if (!theme.split(/\s+/).includes("system")) {
    throw new Error(`showDarkTheme needs a page in the device's theme (<html class="system">), not "${theme}": leave out the theme cookie`);
  }
  await page.emulateMedia({ colorScheme: "dark" });
  await transitionsEnded(page);
  // The theme's own mark (app/app.css): a page that did not turn dark must not pass as checked in it.
  const scheme = await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
  if (scheme !== "dark") throw new Error(`The page did not turn dark (color-scheme: ${scheme})`);
}

async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Reading the animations applies the new styles, which starts their transitions.
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.allSettled(transitions.map((transition) => transition.finished));
  });
}

/** Back to the light theme, for a page that goes on to be checked in it. */
export async function showLightTheme(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: "light" });
  await transitionsEnded(page);
}
