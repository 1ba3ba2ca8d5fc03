import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContextOptions, type BrowserServer, type LaunchOptions, type Page } from "playwright-core";
import { inject } from "vitest";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium, headless, with everything that would reach for the network switched off. */
const LAUNCH: LaunchOptions = {
  executablePath: CHROMIUM,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
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
 * Runs axe in the page, or only on the part `within` selects (a panel that opened, when the
 * page around it is checked elsewhere). Evaluated through the browser's debugging channel rather
 * than a script tag, so the page's Content-Security-Policy stays on while we check it.
 */
export async function axeViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document | { include: string[] }) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(selector ? { include: [selector] } : document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, within);
}
