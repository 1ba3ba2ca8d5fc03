import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No folder of app/ grows into the one place everything goes: none holds more than a quarter of
 * app/'s lines, and no folder holds more than 30 source files side by side (tests aside). The
 * routes mirror the URLs, so their count follows the site's and is left out of the second rule.
 * A folder that outgrows either is split by whom it serves (docs/architecture.md).
 */

const APP = path.resolve(import.meta.dirname);
const MAX_SHARE = 0.25;
const MAX_FILES_AT_ONE_LEVEL = 30;

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts");

function folders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith(".") && !entry.name.startsWith("+"))
    .flatMap((entry) => [path.join(dir, entry.name), ...folders(path.join(dir, entry.name))]);
}

function sourcesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && isSource(entry.name))
    .map((entry) => path.join(dir, entry.name));
}

const linesOf = (file: string) => readFileSync(file, "utf8").split("\n").length;
const linesUnder = (dir: string): number => [dir, ...folders(dir)].flatMap(sourcesIn).reduce((sum, file) => sum + linesOf(file), 0);

describe("the size of app/'s folders", () => {
  const total = linesUnder(APP);

  it("gives no folder of app/ more than a quarter of its lines", () => {
    const tooLarge = readdirSync(APP, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith("+"))
      .map((entry) => ({ folder: entry.name, share: linesUnder(path.join(APP, entry.name)) / total }))
      .filter(({ share }) => share > MAX_SHARE)
      .map(({ folder, share }) => `app/${folder}: ${(share * 100).toFixed(1)} %`);
    expect(tooLarge).toEqual([]);
  });

  it("keeps at most 30 source files side by side in a folder (routes aside)", () => {
    const crowded = folders(APP)
      .filter((dir) => !path.relative(APP, dir).startsWith("routes"))
      .map((dir) => ({ dir, count: sourcesIn(dir).length }))
      .filter(({ count }) => count > MAX_FILES_AT_ONE_LEVEL)
      .map(({ dir, count }) => `${path.relative(APP, dir)}: ${count} files`);
    expect(crowded).toEqual([]);
  });

  it("counts the folders it judges (the check can fail)", () => {
    expect(total).toBeGreaterThan(10_000);
    expect(linesUnder(path.join(APP, "markets")) / total).toBeGreaterThan(0.05);
  });
});
