import path from "node:path";
import { describe, expect, it } from "vitest";
import { reach } from "../../tests/support/import-graph";

/**
 * The script of pages that do not hydrate exists to spare them React (decision 0022): none of its
 * modules, nor the chunks it loads later, may reach React, React Router or a .server module.
 */
const APP = path.resolve(import.meta.dirname, "..");

const chains = (entry: string, offending: RegExp) =>
  [...reach(path.join(APP, entry), APP)]
    .filter(([target]) => offending.test(target))
    .map(([, chain]) => chain.map((file) => (file.startsWith(APP) ? path.relative(APP, file) : file)).join(" → "));

describe("what the script of pages without React imports", () => {
  it("reaches neither React, React Router nor a .server module", () => {
    expect(chains("progressive/progressive.ts", /^react(-dom|-router)?(\/|$)|\.server(\.tsx?)?$/)).toEqual([]);
  });

  it("sees the modules it loads later, so the check can fail", () => {
    expect(chains("progressive/progressive.ts", /measurements\/reporter\.ts$/)).toHaveLength(1);
    expect(chains("components/ui/Toaster.tsx", /^react$/)).toHaveLength(1);
  });
});
