import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContextOptions, type BrowserServer, type LaunchOptions, type Page } from "playwright-core";
import { inject } from "vitest";

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same engine as
 * /usr/bin/chromium without the browser's own window and pages, which in headless mode start
 * renderers of their own for every new page. The suite ran in half the time with it.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell";

/** The headless shell, with everything that would reach for the network switched off. */
const LAUNCH: LaunchOptions = {
  executablePath: CHROMIUM,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

/** The one Chromium of a browser-suite run (setup-server.ts starts it; every test file connects to it). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH);
}

/**
 * A connection to the suite's Chromium: each test file gets its own, and closing it closes only
 * that file's pages. Starting a Chromium per file cost about a second of CPU each.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject("browserEndpoint"));
}

export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/** Collects what the page logs as errors (CSP violations, failed hydration, uncaught errors). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * The rules of axe that depend on colour alone. The dark theme changes only colours, not the DOM,
 * so a page state checked with every rule in the light theme needs only these in the dark one.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

export interface AxeOptions {
  /** Only the part this selects (a panel that opened, when the page around it is checked elsewhere). */
  within?: string;
  /** Only these rules (COLOUR_RULES for the dark theme); every rule axe runs by default when absent. */
  rules?: string[];
}

/**
 * Runs axe in the page. Evaluated through the browser's debugging channel rather than a script tag,
 * so the page's Content-Security-Policy stays on while we check it.
 */
export async function axeViolations(page: Page, options: string | AxeOptions = {}): Promise<AxeViolation[]> {
  const { within, rules } = typeof options === "string" ? { within: options, rules: undefined } : options;
  // Half a megabyte of script, sent and compiled once per document: a page checked in both themes,
  // or on a phone after a desktop, keeps the axe it was given the first time.
  const hasAxe = () => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function";
  if (!(await page.evaluate(hasAxe))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ selector, only }) => {
      type Context = Document | { include: string[] };
      type RunOptions = { runOnly?: { type: "rule"; values: string[] }; resultTypes: string[] };
      const axe = (window as unknown as { axe: { run: (ctx: Context, options: RunOptions) => Promise<{ violations: AxeViolation[] }> } }).axe;
      // Only the violations are read: axe then keeps one example of each rule that passed instead
      // of every node, which took it two to five times as long on a long page.
      const options: RunOptions = { resultTypes: ["violations"], ...(only ? { runOnly: { type: "rule", values: only } } : {}) };
      const result = await axe.run(selector ? { include: [selector] } : document, options);
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target })),
      }));
    },
    { selector: within, only: rules },
  );
}
