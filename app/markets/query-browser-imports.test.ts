import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The query strings are read with zod in loaders only (filter-query.server.ts,
 * calendar/query.server.ts). The halves that run in the browser (links, the filter form) must not
 * reach zod or a ".server" module through their imports: zod is ~20 KB gzip on every list page.
 */

const APP = path.resolve(import.meta.dirname, "..");
const BROWSER_MODULES = [
  "markets/filter-form.ts",
  "markets/calendar/links.ts",
  "markets/active-filters.ts",
  "markets/components/MarketFilterForm.tsx",
  "markets/components/FilterLayout.tsx",
];

/** Imports and re-exports that stay in the JavaScript: `import type` and `export type` do not. */
const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^;"']*?\sfrom\s+)?["']([^"']+)["']/gm;

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/") ? path.join(APP, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((file) => existsSync(file) && !file.endsWith("/")) ?? null;
}

/** Every module and package the file reaches, with the chain that reaches it. */
function reach(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (!/\.tsx?$/.test(file)) continue;
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(VALUE_IMPORT)) {
      const target = resolve(file, specifier!) ?? specifier!;
      if (seen.has(target)) continue;
      seen.set(target, [...seen.get(file)!, target]);
      if (target.startsWith(APP)) queue.push(target);
    }
  }
  return seen;
}

describe("what the browser halves of the queries import", () => {
  it.each(BROWSER_MODULES)("%s reaches neither zod nor a .server module", (module) => {
    const reached = reach(path.join(APP, module));
    const offending = [...reached].filter(([target]) => /^zod(\/|$)|^@conform-to\/zod|\.server(\.tsx?)?$/.test(target));
    expect(offending.map(([, chain]) => chain.map((file) => (file.startsWith(APP) ? path.relative(APP, file) : file)).join(" → "))).toEqual([]);
  });

  it("sees through to what the loaders import (the check can fail)", () => {
    const reached = [...reach(path.join(APP, "markets/filter-query.server.ts")).keys()];
    expect(reached).toContain("zod");
  });
});
