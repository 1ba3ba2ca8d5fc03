import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Route modules are the edge of the app: app/routes holds the files app/routes.ts names and
 * nothing else, and no other module imports from it. Whatever two routes share, or another module
 * needs, lives in the domain folders (app/auth, app/markets …), so a route can be renamed or
 * moved with its URL without touching anything else. app/routes.ts itself names route files as
 * strings; it imports none of them.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const APP = path.join(ROOT, "app");
const ROUTES = path.join(APP, "routes");
const SOURCE_DIRS = ["app", "server", "scripts", "tests", "db"];

const inRoutes = (file: string) => file.startsWith(`${ROUTES}${path.sep}`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") || entry.name.startsWith("+") ? [] : sourceFiles(file);
    return /\.(tsx?|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

/** Every module specifier a source imports or re-exports, dynamic imports included. */
function specifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((imported) => imported.fileName);
}

/** The specifiers of `file` that reach into app/routes. */
function routeImports(file: string, source: string): string[] {
  return specifiers(source).filter((specifier) => {
    const target = specifier.startsWith("~/") ? path.join(APP, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(file), specifier) : null;
    return target !== null && inRoutes(target);
  });
}

describe("imports from app/routes", () => {
  it("come from route modules only", () => {
    const outside = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).filter((file) => !inRoutes(file));
    expect(outside.length).toBeGreaterThan(100);
    const offending = outside.flatMap((file) => routeImports(file, readFileSync(file, "utf8")).map((specifier) => `${path.relative(ROOT, file)} → ${specifier}`));
    expect(offending).toEqual([]);
  });

  it("are found in every form (the check can fail)", () => {
    const file = path.join(APP, "account/example.ts");
    // Spelt with ${dir}, so that grepping the app for route imports finds only real ones.
    const dir = "routes";
    const source = [
      `import { loader } from "~/${dir}/example";`,
      `import type { Route } from "../${dir}/eksempel/$slug";`,
      `export { action } from "../${dir}/example-action";`,
      `const page = () => import("~/${dir}/eksempel/index");`,
      'import config from "../routes";',
    ].join("\n");
    expect(routeImports(file, source)).toEqual([`~/${dir}/example`, `../${dir}/eksempel/$slug`, `../${dir}/example-action`, `~/${dir}/eksempel/index`]);
  });
});

/**
 * A page without React (`handle = STATIC_PAGE`) is loaded as a document when a page with React
 * links to it (decision 0032): its module exports `clientLoader = loadAsDocument` beside the handle.
 */
describe("pages without React", () => {
  const routeFiles = sourceFiles(ROUTES).filter((file) => file.endsWith(".tsx"));
  const isStatic = (source: string) => /export const handle = STATIC_PAGE;/.test(source);
  const loadsAsDocument = (source: string) => /export const clientLoader = loadAsDocument;/.test(source);

  it("are loaded as a document from a page with React", () => {
    const statics = routeFiles.filter((file) => isStatic(readFileSync(file, "utf8")));
    expect(statics.length).toBeGreaterThan(15);
    expect(statics.filter((file) => !loadsAsDocument(readFileSync(file, "utf8"))).map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it("are told apart from pages with React (the check can fail)", () => {
    expect(loadsAsDocument("export const handle = STATIC_PAGE;\nexport default function Page() {}")).toBe(false);
    expect(isStatic("export const handle = { hydrate: true };")).toBe(false);
  });
});
