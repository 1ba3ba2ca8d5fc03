import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The folders depend one way: the routes and app/http, then the domains, then app/lib (and db/).
 * A folder is a folder of app/ (app/markets, app/lib …; a file at app/'s root is "app") or of db/.
 * Only imports that run count: a type import is erased by the build. A cycle between two folders
 * means neither can change, move or be tested without the other; this test names the first it finds.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const SCANNED = ["app", "db"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") || entry.name.startsWith("+") ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

/** "app/organiser" for app/organiser/form/x.ts, "db/seed" for db/seed/x.ts, "app" for app/root.tsx. */
export function folderOf(relative: string): string {
  const parts = relative.split("/");
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** The modules a source imports at run time, as written (type-only imports and exports left out). */
export function runtimeImports(source: string): string[] {
  const file = ts.createSourceFile("module.ts", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !node.importClause?.isTypeOnly) {
      const names = node.importClause?.namedBindings;
      const onlyTypes = !node.importClause?.name && names && ts.isNamedImports(names) && names.elements.length > 0 && names.elements.every((element) => element.isTypeOnly);
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) found.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Folder → folder → one import that makes the edge ("app/auth/auth.server.ts → ~/account/deletion.server"). */
type FolderGraph = Map<string, Map<string, string>>;

function folderGraph(): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
    const relative = path.relative(ROOT, file).split(path.sep).join("/");
    for (const specifier of runtimeImports(readFileSync(file, "utf8"))) {
      const target = specifier.startsWith("~/")
        ? `app/${specifier.slice(2)}`
        : specifier.startsWith(".")
          ? path.posix.normalize(path.posix.join(path.posix.dirname(relative), specifier))
          : null;
      if (!target || !SCANNED.includes(target.split("/")[0]!)) continue;
      const [from, to] = [folderOf(relative), folderOf(target)];
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, `${relative} → ${specifier}`);
    }
  }
  return graph;
}

/** The first cycle a depth-first walk meets, as its edges; empty when the folders depend one way. */
export function firstCycle(graph: FolderGraph): string[] {
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  const walk = (folder: string): string[] => {
    state.set(folder, "open");
    trail.push(folder);
    for (const next of [...(graph.get(folder)?.keys() ?? [])].sort()) {
      if (state.get(next) === "open") {
        const loop = [...trail.slice(trail.indexOf(next)), next];
        return loop.slice(1).map((to, index) => `${loop[index]} → ${to} (${graph.get(loop[index]!)!.get(to)})`);
      }
      if (!state.has(next)) {
        const found = walk(next);
        if (found.length > 0) return found;
      }
    }
    trail.pop();
    state.set(folder, "done");
    return [];
  };
  for (const folder of [...graph.keys()].sort()) {
    if (state.has(folder)) continue;
    const found = walk(folder);
    if (found.length > 0) return found;
  }
  return [];
}

describe("the folders of app/ and db/", () => {
  it("depend one way, with no cycle between them", () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(15);
    expect(firstCycle(graph)).toEqual([]);
  });

  it("finds a cycle, and counts only imports that run (the check can fail)", () => {
    const graph: FolderGraph = new Map([
      ["app/auth", new Map([["app/account", "app/auth/auth.server.ts → ~/account/deletion.server"]])],
      ["app/account", new Map([["app/auth", "app/account/x.ts → ~/auth/permissions"]])],
    ]);
    expect(firstCycle(graph)).toEqual([
      "app/account → app/auth (app/account/x.ts → ~/auth/permissions)",
      "app/auth → app/account (app/auth/auth.server.ts → ~/account/deletion.server)",
    ]);
    const source = 'import type { A } from "~/a";\nimport { type B } from "~/b";\nimport { c } from "~/c";\nexport { d } from "./d";\nconst e = () => import("../e");';
    expect(runtimeImports(source)).toEqual(["~/c", "./d", "../e"]);
    expect(folderOf("app/organiser/form/x.ts")).toBe("app/organiser");
    expect(folderOf("app/root.tsx")).toBe("app");
  });
});
