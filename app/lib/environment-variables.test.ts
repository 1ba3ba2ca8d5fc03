import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Read by the test suite's own code, not the server's, and listed for whoever runs the tests. */
const FOR_THE_TESTS = ["TEST_DATABASE_URL"];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx|js)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(ROOT, folder, file));
}

/** Every NAME the server's code reads as env.NAME or process.env.NAME, by the file that reads it. */
function variablesReadByFile(): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const file of [...sourceFiles("app"), ...sourceFiles("server")]) {
    const names = [...readFileSync(file, "utf8").matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b/g)].map(([, name]) => name!);
    if (names.length > 0) files.set(path.relative(ROOT, file), names);
  }
  return files;
}

function variablesTheServerReads(): string[] {
  return [...new Set([...variablesReadByFile().values()].flat())].sort();
}

/** The names in README's table of settings: every `NAME` in the first cell of a row. */
function variablesInReadme(): string[] {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const names = readme
    .split("\n")
    .filter((line) => line.startsWith("| `") && /^\| `[A-Z][A-Z0-9_]+`/.test(line))
    .flatMap((line) => [...line.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map(([, name]) => name!));
  return [...new Set(names)].sort();
}

/** The names .env.example sets. */
function variablesInEnvExample(): string[] {
  const example = readFileSync(path.join(ROOT, ".env.example"), "utf8");
  return [...new Set([...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map(([, name]) => name!))].sort();
}

test("README's table and .env.example list every variable the server reads, and no other", () => {
  const read = [...variablesTheServerReads(), ...FOR_THE_TESTS].sort();
  expect(read).toContain("RATE_LIMIT_CLAIMS");
  expect(variablesInReadme()).toEqual(read);
  expect(variablesInEnvExample()).toEqual(read);
});

test("the configuration is the one module that reads the environment", () => {
  // server/main.js decides production or development, and how many processes serve, before anything is loaded.
  expect([...variablesReadByFile().keys()].sort()).toEqual(["app/lib/config.server.ts", "server/main.js"]);
  expect(variablesReadByFile().get("server/main.js")).toEqual(["NODE_ENV", "NODE_ENV", "WEB_CONCURRENCY"]);
});
