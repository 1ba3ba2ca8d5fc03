import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * HTTP at the edge only. The route modules (app/routes), the HTTP helpers beside them (app/http),
 * the document (root.tsx, entry.server.tsx) and the process (server/) read requests, sessions and
 * forms, pick the site's context with site() and answer with responses. Everything else is handed
 * what it needs as arguments: the database or the site's context, the person, the parsed input;
 * and it answers with data or a typed refusal, never a Response. The environment is read by one
 * module, app/lib/config.server.ts.
 */

const APP = path.resolve(import.meta.dirname);

const EDGE = [/^routes\//, /^http\//, /^root\.tsx$/, /^entry\.server\.tsx$/];

/** Where each context accessor is defined, which is not a use of it. */
const DEFINES = new Map([
  ["lib/site-context.server.ts", ["site", "currentSite"]],
  ["lib/config.server.ts", ["process.env"]],
]);

/** What a site has, asked of the process rather than handed in. */
const ACCESSORS = new Set(["site", "currentSite", "database", "config", "storage", "logger", "environment", "auth"]);

/** What answers HTTP: a response thrown or returned from below the edge. */
const RESPONSE_HELPERS = new Set(["data", "redirect", "redirectDocument", "replace"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") || entry.name.startsWith("+") ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

/** What in `source` touches HTTP or reads the process: one line per finding. */
export function edgeFindings(relative: string, source: string): string[] {
  const file = ts.createSourceFile(relative, source, ts.ScriptTarget.Latest, true, relative.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const allowed = DEFINES.get(relative) ?? [];
  const findings: string[] = [];
  const at = (node: ts.Node) => `${relative}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === "Request" && !ts.isPropertyAccessExpression(node.parent)) findings.push(`${at(node)} takes a Request`);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ACCESSORS.has(node.expression.text) && !allowed.includes(node.expression.text)) {
      findings.push(`${at(node)} asks ${node.expression.text}() instead of taking it`);
    }
    if (ts.isPropertyAccessExpression(node) && node.getText() === "process.env" && !allowed.includes("process.env")) findings.push(`${at(node)} reads process.env`);
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      if (/^(~\/http\/|(\.\.\/)+http\/)/.test(from)) findings.push(`${at(node)} imports ${from}, the edge`);
      const names = node.importClause?.namedBindings;
      if (from === "react-router" && names && ts.isNamedImports(names)) {
        for (const element of names.elements) {
          if (!element.isTypeOnly && !node.importClause?.isTypeOnly && RESPONSE_HELPERS.has((element.propertyName ?? element.name).text)) {
            findings.push(`${at(node)} answers HTTP (${element.name.text} from react-router)`);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

describe("HTTP at the edge", () => {
  it("is touched by the routes, app/http, the document and the server only", () => {
    const below = sourceFiles(APP)
      .map((file) => path.relative(APP, file).split(path.sep).join("/"))
      .filter((relative) => !EDGE.some((edge) => edge.test(relative)));
    expect(below.length).toBeGreaterThan(200);
    const findings = below.flatMap((relative) => edgeFindings(relative, readFileSync(path.join(APP, relative), "utf8")));
    expect(findings).toEqual([]);
  });

  it("finds each kind of touch (the check can fail)", () => {
    const source = [
      'import { data } from "react-router";',
      'import { readForm } from "~/http/request-body.server";',
      "export async function f(request: Request) {",
      "  const env = process.env.PORT;",
      "  return database().db;",
      "}",
    ].join("\n");
    expect(edgeFindings("markets/example.server.ts", source)).toEqual([
      "markets/example.server.ts:1 answers HTTP (data from react-router)",
      "markets/example.server.ts:2 imports ~/http/request-body.server, the edge",
      "markets/example.server.ts:3 takes a Request",
      "markets/example.server.ts:4 reads process.env",
      "markets/example.server.ts:5 asks database() instead of taking it",
    ]);
    expect(edgeFindings("lib/config.server.ts", "export const read = () => process.env;")).toEqual([]);
  });
});
