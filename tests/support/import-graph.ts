import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** What a module pulls into a bundle, read from its import statements: for tests that guard a bundle's reach. */

/** Imports and re-exports that stay in the JavaScript: `import type` and `export type` do not. */
const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^;"']*?\sfrom\s+)?["']([^"']+)["']/gm;
/** import("…"): a chunk loaded later, but a chunk of the same bundle. */
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

function resolve(app: string, from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/") ? path.join(app, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((file) => existsSync(file) && !file.endsWith("/")) ?? null;
}

/** Every module and package the file reaches (app: the folder "~/" names), with the chain that reaches it. */
export function reach(entry: string, app: string): Map<string, string[]> {
  const seen = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(file, "utf8");
    for (const [, specifier] of [...source.matchAll(VALUE_IMPORT), ...source.matchAll(DYNAMIC_IMPORT)]) {
      const target = resolve(app, file, specifier!) ?? specifier!;
      if (seen.has(target)) continue;
      seen.set(target, [...seen.get(file)!, target]);
      if (target.startsWith(app)) queue.push(target);
    }
  }
  return seen;
}
