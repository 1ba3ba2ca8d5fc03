import path from "node:path";
import { describe, expect, it } from "vitest";
import { reach } from "../../tests/support/import-graph";

/**
 * The query strings are read with zod in loaders only (filter-query.server.ts,
 * calendar/query.server.ts). The halves that run in the browser (links, the filter form) must not
 * reach zod or a ".server" module through their imports: zod is ~20 KB gzip on every list page.
 */

const APP = path.resolve(import.meta.dirname, "..");
const BROWSER_MODULES = [
  "filters/filter-form.ts",
  "calendar/links.ts",
  "filters/active-filters.ts",
  "filters/components/MarketFilterForm.tsx",
  "filters/components/FilterLayout.tsx",
];

describe("what the browser halves of the queries import", () => {
  it.each(BROWSER_MODULES)("%s reaches neither zod nor a .server module", (module) => {
    const reached = reach(path.join(APP, module), APP);
    const offending = [...reached].filter(([target]) => /^zod(\/|$)|^@conform-to\/zod|\.server(\.tsx?)?$/.test(target));
    expect(offending.map(([, chain]) => chain.map((file) => (file.startsWith(APP) ? path.relative(APP, file) : file)).join(" → "))).toEqual([]);
  });

  it("sees through to what the loaders import (the check can fail)", () => {
    const reached = [...reach(path.join(APP, "filters/filter-query.server.ts"), APP).keys()];
    expect(reached).toContain("zod");
  });
});
