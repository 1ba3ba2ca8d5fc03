import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * translation.json and the code stay in step (decision 0017): every key the code looks up is in
 * the file, and every text in the file is looked up somewhere. The sources are read as
 * TypeScript, not run, so a text used only on a page nobody opens in a test still counts.
 *
 * What counts as a use, outside test files:
 * - any string literal that is a key: t("a.b"), maybeT("a.b"), and keys kept in data ({ title:
 *   "auth.callback.title" }) that reach t() through a variable;
 * - a template whose fixed start is a namespace of the file, `landing.types.${type}.tip1` or
 *   `errors.status.${status}`: each ${…} stands for one key segment, and the template marks the
 *   keys it matches and those under a group it matches;
 * - the prefixes in BUILT_ELSEWHERE, for keys put together where a scan cannot follow.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["app", "server", "scripts"];
const TRANSLATION_FILE = path.join(ROOT, "app/locales/da/translation.json");

/**
 * Keys made at run time from parts no template shows: a whole key, or a group ending in ".".
 * Each entry says where and why.
 */
const BUILT_ELSEWHERE: Record<string, string> = {
  // plain-error-page.server.ts: textKey() names the group ("errors.notFound"), and textsFor()
  // adds the field with `${key}.title`, a template whose start the scan cannot know.
  "errors.notFound.title": "plain-error-page.server.ts",
  "errors.notFound.heading": "plain-error-page.server.ts",
  "errors.notFound.body": "plain-error-page.server.ts",
  "errors.serverError.title": "plain-error-page.server.ts",
  "errors.serverError.heading": "plain-error-page.server.ts",
  "errors.serverError.body": "plain-error-page.server.ts",
};

type Tree = { [key: string]: string | Tree };

function leafKeys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`)));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") || entry.name.startsWith("+") ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [file] : [];
  });
}

interface Use {
  /** "app/lib/dates.ts:158". */
  where: string;
  key: string;
}

interface TemplateUse extends Use {
  pattern: RegExp;
}

function scan(namespaces: Set<string>) {
  const literals = new Set<string>();
  const calls: Use[] = [];
  const templates: TemplateUse[] = [];
  for (const file of SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const where = (node: ts.Node) => `${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node)) literals.add(node.text);
      if (ts.isCallExpression(node) && /^(t|maybeT)$/.test(node.expression.getText()) && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
        calls.push({ where: where(node), key: node.arguments[0].text });
      }
      if (ts.isTemplateExpression(node) && namespaces.has(node.head.text.split(".")[0]!) && node.head.text.includes(".")) {
        const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
        const escaped = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
        templates.push({ where: where(node), key: node.getText(), pattern: new RegExp(`^${escaped.join("[^.]+")}(\\..+)?$`) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, calls, templates };
}

const translation = JSON.parse(readFileSync(TRANSLATION_FILE, "utf8")) as Tree;
const keys = leafKeys(translation);
const keySet = new Set(keys);
const { literals, calls, templates } = scan(new Set(Object.keys(translation)));

function isUsed(key: string): boolean {
  return (
    literals.has(key) ||
    templates.some((template) => template.pattern.test(key)) ||
    Object.keys(BUILT_ELSEWHERE).some((entry) => (entry.endsWith(".") ? key.startsWith(entry) : key === entry))
  );
}

describe("translation.json and the code", () => {
  it("finds the code's keys (the scan sees the sources)", () => {
    expect(calls.length).toBeGreaterThan(500);
    expect(calls).toContainEqual(expect.objectContaining({ key: "errors.backHome" }));
    expect(templates.map((template) => template.key)).toContain("`landing.types.${page.type.key}.${tip}`");
  });

  it("has a text for every key the code looks up", () => {
    const missing = calls.filter((call) => !keySet.has(call.key)).map((call) => `${call.where}: "${call.key}"`);
    expect(missing, "t()/maybeT() keys that translation.json lacks").toEqual([]);
  });

  it("has a text for every template key the code builds", () => {
    const unmatched = templates.filter((template) => !keys.some((key) => template.pattern.test(key))).map((template) => `${template.where}: ${template.key}`);
    expect(unmatched, "template keys that match nothing in translation.json").toEqual([]);
  });

  it("uses every text in the file", () => {
    const unused = keys.filter((key) => !isUsed(key));
    expect(unused, "texts in translation.json that no code uses: use them or delete them").toEqual([]);
  });
});
